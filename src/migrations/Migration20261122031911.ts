import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031911 extends Migration {
  override name = 'Migration20261122031911';

  override up(): void | Promise<void> {
    this.addSql(`create type "user_type" as enum ('member', 'expert', 'brand', 'moderator', 'admin');`);
    this.addSql(`create type "product_status" as enum ('draft', 'published');`);
    this.addSql(
      `create table "ingredient" ("id" uuid not null, "alias" text not null, "name" text not null, "other_names" text[]
        not null, "description" text not null default '', "functions" text[] not null, "effects" text[] not null,
        "flags" text[] not null, "groups" text[] not null, "comedogenic" smallint null, "irritancy" smallint null,
        "rating_source" text null, "cas_number" text null, "curated" boolean not null default true, "created_at"
        timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "ingredient" add constraint "ingredient_alias_unique" unique ("alias");`);
    this.addSql(`alter table "ingredient" add constraint "ingredient_name_unique" unique ("name");`);
    this.addSql(`create index "ingredient_flags_index" on "ingredient" using gin ("flags");`);
    this.addSql(`create index "ingredient_groups_index" on "ingredient" using gin ("groups");`);

    this.addSql(
      `create table "product_category" ("id" uuid not null, "alias" text not null, "name" text not null, "description"
        text not null default '', "parent_id" uuid null, "step_type" text null, "position" smallint not null default
        0, primary key ("id"));`,
    );
    this.addSql(`alter table "product_category" add constraint "product_category_alias_unique" unique ("alias");`);

    this.addSql(
      `create table "unit_of_measurement" ("id" uuid not null, "alias" text not null, "name" text not null, "symbol"
        text not null, "kind" text not null, "base" text not null, "to_base" double precision not null, primary key
        ("id"));`,
    );
    this.addSql(
      `alter table "unit_of_measurement" add constraint "unit_of_measurement_alias_unique" unique ("alias");`,
    );

    this.addSql(
      `create table "app_user" ("id" uuid not null, "subject" text not null, "username" text not null, "display_name"
        text null, "email" text null, "user_type" "user_type" not null default 'member', "bio" text not null default
        '', "country" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key
        ("id"));`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_subject_unique" unique ("subject");`);
    this.addSql(`alter table "app_user" add constraint "app_user_username_unique" unique ("username");`);

    this.addSql(
      `create table "brand" ("id" uuid not null, "alias" text not null, "name" text not null, "description" text not
        null default '', "country" text null, "website" text null, "founded" smallint null, "owner_id" uuid null,
        "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "brand" add constraint "brand_alias_unique" unique ("alias");`);

    this.addSql(
      `create table "product" ("id" uuid not null, "alias" text not null, "name" text not null, "brand_id" uuid not
        null, "category_id" uuid null, "description" text not null default '', "barcode" text null, "size_amount"
        double precision null, "size_unit_id" uuid null, "ingredient_list" text not null default '', "ingredient_ids"
        text[] not null, "flags" text[] not null, "status" "product_status" not null default 'published',
        "created_by_id" uuid null, "published_at" timestamptz null, "created_at" timestamptz not null, "updated_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "product" add constraint "product_alias_unique" unique ("alias");`);
    this.addSql(`create index "product_brand_id_index" on "product" ("brand_id");`);
    this.addSql(`create index "product_category_id_index" on "product" ("category_id");`);
    this.addSql(`alter table "product" add constraint "product_barcode_unique" unique ("barcode");`);
    this.addSql(`create index "product_created_at_index" on "product" ("created_at");`);
    this.addSql(`create index "product_ingredient_ids_index" on "product" using gin ("ingredient_ids");`);
    this.addSql(`create index "product_flags_index" on "product" using gin ("flags");`);

    this.addSql(
      `create table "product_offer" ("id" uuid not null, "product_id" uuid not null, "retailer" text not null, "url"
        text not null, "price" numeric(12,2) null, "currency" text null, primary key ("id"));`,
    );
    this.addSql(`create index "product_offer_product_id_index" on "product_offer" ("product_id");`);

    this.addSql(
      `create table "product_ingredient" ("id" uuid not null, "product_id" uuid not null, "position" smallint not null,
        "input" text not null, "ingredient_id" uuid null, "match" text not null, "concentration" text null,
        "may_contain" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`create index "product_ingredient_ingredient_id_index" on "product_ingredient" ("ingredient_id");`);
    this.addSql(
      `create index "product_ingredient_product_id_position_index" on "product_ingredient" ("product_id", "position");`,
    );

    this.addSql(
      `alter table "product_category" add constraint "product_category_parent_id_foreign" foreign key ("parent_id")
        references "product_category" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "brand" add constraint "brand_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id")
        on delete set null;`,
    );

    this.addSql(
      `alter table "product" add constraint "product_brand_id_foreign" foreign key ("brand_id") references "brand"
        ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "product" add constraint "product_category_id_foreign" foreign key ("category_id") references
        "product_category" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "product" add constraint "product_size_unit_id_foreign" foreign key ("size_unit_id") references
        "unit_of_measurement" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "product" add constraint "product_created_by_id_foreign" foreign key ("created_by_id") references
        "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "product_offer" add constraint "product_offer_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_ingredient" add constraint "product_ingredient_product_id_foreign" foreign key
        ("product_id") references "product" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_ingredient" add constraint "product_ingredient_ingredient_id_foreign" foreign key
        ("ingredient_id") references "ingredient" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "product_ingredient" drop constraint "product_ingredient_ingredient_id_foreign";`);
    this.addSql(`alter table "product_category" drop constraint "product_category_parent_id_foreign";`);
    this.addSql(`alter table "product" drop constraint "product_category_id_foreign";`);
    this.addSql(`alter table "product" drop constraint "product_size_unit_id_foreign";`);
    this.addSql(`alter table "brand" drop constraint "brand_owner_id_foreign";`);
    this.addSql(`alter table "product" drop constraint "product_created_by_id_foreign";`);
    this.addSql(`alter table "product" drop constraint "product_brand_id_foreign";`);
    this.addSql(`alter table "product_offer" drop constraint "product_offer_product_id_foreign";`);
    this.addSql(`alter table "product_ingredient" drop constraint "product_ingredient_product_id_foreign";`);

    this.addSql(`drop table if exists "ingredient" cascade;`);
    this.addSql(`drop table if exists "product_category" cascade;`);
    this.addSql(`drop table if exists "unit_of_measurement" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "brand" cascade;`);
    this.addSql(`drop table if exists "product" cascade;`);
    this.addSql(`drop table if exists "product_offer" cascade;`);
    this.addSql(`drop table if exists "product_ingredient" cascade;`);

    this.addSql(`drop type "user_type";`);
    this.addSql(`drop type "product_status";`);
  }
}
