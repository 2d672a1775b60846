import { Migration } from '@mikro-orm/migrations';

/**
 * The planner's tables (issue 41; research §4.6): a person's shelf, their stored plans, and the schedule an accepted
 * plan writes for its routines (a routine's plan is its schedule rows' plan, so `routine` needs no new column).
 */
export class Migration20261207210000 extends Migration {
  override name = 'Migration20261207210000';

  override up(): void | Promise<void> {
    this.addSql(`create type "shelf_item_status" as enum ('unopened', 'in_use', 'finished', 'set_aside');`);
    this.addSql(`create type "prescribed_time" as enum ('morning', 'evening');`);
    this.addSql(`create type "routine_plan_status" as enum ('proposed', 'accepted', 'superseded');`);
    this.addSql(
      `create table "shelf_item" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
        "owner_id" uuid not null references "app_user" ("id") on update cascade on delete cascade,
        "product_id" uuid null references "product" ("id") on update cascade on delete cascade,
        "analysis_id" uuid null references "ingredient_analysis" ("id") on update cascade on delete cascade,
        "status" "shelf_item_status" not null default 'in_use', "opened_on" date null, "finished_on" date null,
        "amount_left" smallint null check ("amount_left" between 0 and 100), "tolerated" boolean not null default false,
        "prescribed_days" text[] null, "prescribed_time" "prescribed_time" null, "note" text not null default '',
        constraint "shelf_item_pkey" primary key ("id"),
        constraint "shelf_item_one_thing" check (("product_id" is null) <> ("analysis_id" is null)),
        constraint "shelf_item_owner_id_product_id_unique" unique ("owner_id", "product_id"),
        constraint "shelf_item_owner_id_analysis_id_unique" unique ("owner_id", "analysis_id"));`,
    );
    this.addSql(`create index "shelf_item_owner_id_index" on "shelf_item" ("owner_id");`);
    this.addSql(
      `create table "routine_plan" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null,
        "owner_id" uuid not null references "app_user" ("id") on update cascade on delete cascade,
        "status" "routine_plan_status" not null default 'proposed', "inputs" json not null, "result" json not null,
        "rules_version" text not null, "start_on" date not null, "accepted_at" timestamptz null,
        "superseded_by_id" uuid null references "routine_plan" ("id") on update cascade on delete set null,
        "page_token" text null, constraint "routine_plan_pkey" primary key ("id"),
        constraint "routine_plan_page_token_unique" unique ("page_token"));`,
    );
    this.addSql(`create index "routine_plan_owner_id_created_at_index" on "routine_plan" ("owner_id", "created_at");`);
    this.addSql(
      `create table "routine_schedule" ("id" uuid not null, "created_at" timestamptz not null,
        "routine_id" uuid not null references "routine" ("id") on update cascade on delete cascade,
        "plan_id" uuid not null references "routine_plan" ("id") on update cascade on delete cascade,
        "weekdays" text[] not null, "from_on" date not null, "to_on" date null,
        constraint "routine_schedule_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "routine_schedule_routine_id_from_on_index" on "routine_schedule" ("routine_id", "from_on");`,
    );
    this.addSql(`create index "routine_schedule_plan_id_index" on "routine_schedule" ("plan_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "routine_schedule";`);
    this.addSql(`drop table if exists "routine_plan";`);
    this.addSql(`drop table if exists "shelf_item";`);
    this.addSql(`drop type if exists "routine_plan_status";`);
    this.addSql(`drop type if exists "prescribed_time";`);
    this.addSql(`drop type if exists "shelf_item_status";`);
  }
}
