import { Migration } from '@mikro-orm/migrations';

export class Migration20261124010033 extends Migration {
  override name = 'Migration20261124010033';

  override up(): void | Promise<void> {
    this.addSql(`create type "featured_kind" as enum ('product', 'routine', 'article');`);
    this.addSql(
      `create table "featured_item" ("id" uuid not null, "kind" "featured_kind" not null, "ref" text not null,
        "position" int not null, "headline" text not null default '', "created_by_id" uuid null, "created_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "featured_item" add constraint "featured_item_kind_ref_unique" unique ("kind", "ref");`);

    this.addSql(
      `alter table "featured_item" add constraint "featured_item_created_by_id_foreign" foreign key ("created_by_id")
        references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "featured_item" cascade;`);

    this.addSql(`drop type "featured_kind";`);
  }
}
