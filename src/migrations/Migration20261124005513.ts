import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005513 extends Migration {
  override name = 'Migration20261124005513';

  override up(): void | Promise<void> {
    this.addSql(`create type "routine_time_of_day" as enum ('morning', 'evening', 'weekly', 'anytime');`);
    this.addSql(`create type "routine_status" as enum ('private', 'published');`);
    this.addSql(
      `create table "routine_request" ("id" uuid not null, "requester_id" uuid not null, "message" text not null,
        "time_of_day" "routine_time_of_day" null, "skin_profile" jsonb not null, "created_at" timestamptz not null,
        primary key ("id"));`,
    );
    this.addSql(
      `create index "routine_request_requester_id_created_at_index" on "routine_request" ("requester_id", "created_at");`,
    );

    this.addSql(
      `create table "routine" ("id" uuid not null, "owner_id" uuid not null, "name" text not null, "description" text
        not null default '', "time_of_day" "routine_time_of_day" not null, "status" "routine_status" not null default
        'private', "current" boolean not null default false, "published_at" timestamptz null, "created_at" timestamptz
        not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "routine_owner_id_index" on "routine" ("owner_id");`);
    this.addSql(`create index "routine_created_at_index" on "routine" ("created_at");`);
    this.addSql(`create index "routine_status_published_at_index" on "routine" ("status", "published_at");`);

    this.addSql(
      `create table "routine_favorite" ("id" uuid not null, "user_id" uuid not null, "routine_id" uuid not null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "routine_favorite_created_at_routine_id_index" on "routine_favorite" ("created_at", "routine_id");`,
    );
    this.addSql(
      `create index "routine_favorite_routine_id_created_at_index" on "routine_favorite" ("routine_id", "created_at");`,
    );
    this.addSql(
      `alter table "routine_favorite" add constraint "routine_favorite_user_id_routine_id_unique" unique ("user_id",
        "routine_id");`,
    );

    this.addSql(
      `create table "routine_step" ("id" uuid not null, "routine_id" uuid not null, "position" smallint not null,
        "step_type" text not null, "product_id" uuid null, "pitch_id" uuid null, "tutorial_id" uuid null, "note" text
        not null default '', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "routine_step_product_id_index" on "routine_step" ("product_id");`);
    this.addSql(`create index "routine_step_pitch_id_index" on "routine_step" ("pitch_id");`);
    this.addSql(`create index "routine_step_tutorial_id_index" on "routine_step" ("tutorial_id");`);
    this.addSql(`create index "routine_step_routine_id_position_index" on "routine_step" ("routine_id", "position");`);

    this.addSql(
      `alter table "routine_request" add constraint "routine_request_requester_id_foreign" foreign key ("requester_id")
        references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "routine" add constraint "routine_owner_id_foreign" foreign key ("owner_id") references "app_user"
        ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "routine_favorite" add constraint "routine_favorite_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "routine_favorite" add constraint "routine_favorite_routine_id_foreign" foreign key ("routine_id")
        references "routine" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "routine_step" add constraint "routine_step_routine_id_foreign" foreign key ("routine_id") references
        "routine" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "routine_step" add constraint "routine_step_product_id_foreign" foreign key ("product_id") references
        "product" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "routine_step" add constraint "routine_step_pitch_id_foreign" foreign key ("pitch_id") references
        "product_pitch" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "routine_step" add constraint "routine_step_tutorial_id_foreign" foreign key ("tutorial_id")
        references "product_tutorial" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "routine_favorite" drop constraint "routine_favorite_routine_id_foreign";`);
    this.addSql(`alter table "routine_step" drop constraint "routine_step_routine_id_foreign";`);

    this.addSql(`drop table if exists "routine_request" cascade;`);
    this.addSql(`drop table if exists "routine" cascade;`);
    this.addSql(`drop table if exists "routine_favorite" cascade;`);
    this.addSql(`drop table if exists "routine_step" cascade;`);

    this.addSql(`drop type "routine_time_of_day";`);
    this.addSql(`drop type "routine_status";`);
  }
}
