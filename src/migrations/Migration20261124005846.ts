import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005846 extends Migration {
  override name = 'Migration20261124005846';

  override up(): void | Promise<void> {
    this.addSql(`create type "image_owner_kind" as enum ('product', 'draft', 'user');`);
    this.addSql(`create type "product_draft_status" as enum ('pending', 'approved');`);
    this.addSql(
      `create table "stored_image" ("id" uuid not null, "owner_kind" "image_owner_kind" not null, "owner_id" uuid not
        null, "key" text not null, "width" int not null, "height" int not null, "created_at" timestamptz not null,
        primary key ("id"));`,
    );
    this.addSql(`alter table "stored_image" add constraint "stored_image_key_unique" unique ("key");`);
    this.addSql(
      `alter table "stored_image" add constraint "stored_image_owner_kind_owner_id_unique" unique ("owner_kind",
        "owner_id");`,
    );

    this.addSql(
      `create table "shared_comparison" ("id" uuid not null, "token" text not null, "items" jsonb not null, "owner_id"
        uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "shared_comparison" add constraint "shared_comparison_token_unique" unique ("token");`);
    this.addSql(`create index "shared_comparison_owner_id_index" on "shared_comparison" ("owner_id");`);
    this.addSql(`create index "shared_comparison_created_at_index" on "shared_comparison" ("created_at");`);

    this.addSql(
      `create table "product_draft" ("id" uuid not null, "status" "product_draft_status" not null default 'pending',
        "name" text not null, "brand_id" uuid null, "new_brand_name" text null, "category_id" uuid null, "description"
        text not null default '', "barcode" text null, "ingredient_list" text not null, "entries" jsonb not null,
        "ingredient_ids" text[] not null, "flags" text[] not null, "product_id" uuid null, "author_id" uuid not null,
        "reviewer_id" uuid null, "reviewed_at" timestamptz null, "created_at" timestamptz not null, "updated_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "product_draft_product_id_index" on "product_draft" ("product_id");`);
    this.addSql(`create index "product_draft_author_id_index" on "product_draft" ("author_id");`);
    this.addSql(`create index "product_draft_reviewer_id_index" on "product_draft" ("reviewer_id");`);
    this.addSql(`create index "product_draft_status_created_at_index" on "product_draft" ("status", "created_at");`);

    this.addSql(`create index "product_name_id_index" on "product" ("name", "id");`);
    // Trigram index for name search (ILIKE '%words%'). PostgreSQL ships pg_trgm; PGlite only has
    // it when the contrib extension is loaded into the instance, which this service does not do:
    // there the extension is unavailable, the block skips, and search scans names (fine at the
    // embedded database's sizes). Declared here, not on the entity, so that migrations generated
    // on PGlite do not try to create or drop it.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
      create index if not exists "product_name_trgm_index" on "product" using gin ("name" gin_trgm_ops);
    exception when others then
      raise notice 'pg_trgm is not available: product names are searched without a trigram index';
    end $$;`);

    this.addSql(
      `alter table "shared_comparison" add constraint "shared_comparison_owner_id_foreign" foreign key ("owner_id")
        references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "product_draft" add constraint "product_draft_brand_id_foreign" foreign key ("brand_id") references
        "brand" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "product_draft" add constraint "product_draft_category_id_foreign" foreign key ("category_id")
        references "product_category" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "product_draft" add constraint "product_draft_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "product_draft" add constraint "product_draft_author_id_foreign" foreign key ("author_id") references
        "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_draft" add constraint "product_draft_reviewer_id_foreign" foreign key ("reviewer_id")
        references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stored_image" cascade;`);
    this.addSql(`drop table if exists "shared_comparison" cascade;`);
    this.addSql(`drop table if exists "product_draft" cascade;`);

    this.addSql(`drop index "product_name_id_index";`);
    this.addSql(`drop index if exists "product_name_trgm_index";`);

    this.addSql(`drop type "image_owner_kind";`);
    this.addSql(`drop type "product_draft_status";`);
  }
}
