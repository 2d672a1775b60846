import { Migration } from '@mikro-orm/migrations';

export class Migration20261122033951 extends Migration {
  override name = 'Migration20261122033951';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ingredient_analysis" ("id" uuid not null, "token" text not null, "ingredient_list" text not null,
        "entries" jsonb not null, "ingredient_ids" text[] not null, "unmatched" text[] not null, "duplicates" text[]
        not null, "footnotes" text[] not null, "owner_id" uuid null, "created_at" timestamptz not null, primary key
        ("id"));`,
    );
    this.addSql(
      `alter table "ingredient_analysis" add constraint "ingredient_analysis_token_unique" unique ("token");`,
    );
    this.addSql(`create index "ingredient_analysis_owner_id_index" on "ingredient_analysis" ("owner_id");`);
    this.addSql(`create index "ingredient_analysis_created_at_index" on "ingredient_analysis" ("created_at");`);
    this.addSql(
      `create index "ingredient_analysis_ingredient_ids_index" on "ingredient_analysis" using gin ("ingredient_ids");`,
    );

    this.addSql(
      `alter table "ingredient_analysis" add constraint "ingredient_analysis_owner_id_foreign" foreign key ("owner_id")
        references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ingredient_analysis" cascade;`);
  }
}
