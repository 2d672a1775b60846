import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045214 extends Migration {
  override name = 'Migration20261122045214';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "product_favorite" ("id" uuid not null, "user_id" uuid not null, "product_id" uuid not null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "product_favorite_product_id_created_at_index" on "product_favorite" ("product_id", "created_at");`,
    );
    this.addSql(
      `alter table "product_favorite" add constraint "product_favorite_user_id_product_id_unique" unique ("user_id",
        "product_id");`,
    );

    this.addSql(
      `alter table "product_favorite" add constraint "product_favorite_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_favorite" add constraint "product_favorite_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_favorite" cascade;`);
  }
}
