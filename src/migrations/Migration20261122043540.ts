import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043540 extends Migration {
  override name = 'Migration20261122043540';

  override up(): void | Promise<void> {
    this.addSql(`create type "sentiment" as enum ('positive', 'negative');`);
    this.addSql(
      `create table "ingredient_feeling" ("id" uuid not null, "user_id" uuid not null, "ingredient_id" uuid not null,
        "sentiment" "sentiment" not null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
        primary key ("id"));`,
    );
    this.addSql(`create index "ingredient_feeling_ingredient_id_index" on "ingredient_feeling" ("ingredient_id");`);
    this.addSql(
      `create index "ingredient_feeling_user_id_updated_at_index" on "ingredient_feeling" ("user_id", "updated_at");`,
    );
    this.addSql(
      `alter table "ingredient_feeling" add constraint "ingredient_feeling_user_id_ingredient_id_unique" unique
        ("user_id", "ingredient_id");`,
    );

    this.addSql(`alter table "app_user" add "skin_profile" jsonb null;`);

    this.addSql(
      `alter table "ingredient_feeling" add constraint "ingredient_feeling_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_feeling" add constraint "ingredient_feeling_ingredient_id_foreign" foreign key
        ("ingredient_id") references "ingredient" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ingredient_feeling" cascade;`);

    this.addSql(`alter table "app_user" drop column "skin_profile";`);

    this.addSql(`drop type "sentiment";`);
  }
}
