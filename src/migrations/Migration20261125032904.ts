import { Migration } from '@mikro-orm/migrations';

export class Migration20261125032904 extends Migration {
  override name = 'Migration20261125032904';

  override up(): void | Promise<void> {
    this.addSql(
      `create type "list_version_source" as enum ('backfill', 'product_created', 'draft_approved', 'open_beauty_facts',
        'demo');`,
    );
    this.addSql(
      `create table "reformulation_settings" ("id" uuid not null, "created_at" timestamptz not null, "user_id" uuid not
        null, "digest_enabled" boolean not null default true, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "reformulation_settings" add constraint "reformulation_settings_user_id_unique" unique ("user_id");`,
    );

    this.addSql(
      `create table "reformulation_digest" ("id" uuid not null, "created_at" timestamptz not null, "user_id" uuid not
        null, "alert_count" int not null, "unsubscribe_token_hash" text not null, primary key ("id"));`,
    );
    this.addSql(`create index "reformulation_digest_user_id_index" on "reformulation_digest" ("user_id");`);
    this.addSql(
      `alter table "reformulation_digest" add constraint "reformulation_digest_unsubscribe_token_hash_unique" unique
        ("unsubscribe_token_hash");`,
    );

    this.addSql(
      `create table "reformulation_alert" ("id" uuid not null, "created_at" timestamptz not null, "user_id" uuid not
        null, "product_id" uuid not null, "from_version" int not null, "to_version" int not null, "reasons" jsonb not
        null, "read_at" timestamptz null, "dismissed_at" timestamptz null, "mailed_at" timestamptz null, primary key
        ("id"));`,
    );
    this.addSql(`create index "reformulation_alert_product_id_index" on "reformulation_alert" ("product_id");`);
    this.addSql(
      `create index "reformulation_alert_user_id_created_at_index" on "reformulation_alert" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "reformulation_alert" add constraint "reformulation_alert_user_id_product_id_to_version_unique"
        unique ("user_id", "product_id", "to_version");`,
    );

    this.addSql(
      `create table "product_list_version" ("id" uuid not null, "created_at" timestamptz not null, "product_id" uuid not
        null, "version" int not null, "ingredient_list" text not null, "ingredient_ids" text[] not null, "source"
        "list_version_source" not null, "author_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "product_list_version_author_id_index" on "product_list_version" ("author_id");`);
    this.addSql(
      `alter table "product_list_version" add constraint "product_list_version_product_id_version_unique" unique
        ("product_id", "version");`,
    );

    this.addSql(
      `alter table "reformulation_settings" add constraint "reformulation_settings_user_id_foreign" foreign key
        ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "reformulation_digest" add constraint "reformulation_digest_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "reformulation_alert" add constraint "reformulation_alert_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reformulation_alert" add constraint "reformulation_alert_product_id_foreign" foreign key
        ("product_id") references "product" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_list_version" add constraint "product_list_version_product_id_foreign" foreign key
        ("product_id") references "product" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_list_version" add constraint "product_list_version_author_id_foreign" foreign key
        ("author_id") references "app_user" ("id") on delete set null;`,
    );

    // Version 1 of every existing product: its current list, as it is now.
    this.addSql(`insert into "product_list_version" ("id", "created_at", "product_id", "version", "ingredient_list", "ingredient_ids", "source", "author_id")
      select gen_random_uuid(), p."updated_at", p."id", 1, p."ingredient_list", p."ingredient_ids", 'backfill', p."created_by_id" from "product" p;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "reformulation_settings" cascade;`);
    this.addSql(`drop table if exists "reformulation_digest" cascade;`);
    this.addSql(`drop table if exists "reformulation_alert" cascade;`);
    this.addSql(`drop table if exists "product_list_version" cascade;`);

    this.addSql(`drop type "list_version_source";`);
  }
}
