import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005733 extends Migration {
  override name = 'Migration20261124005733';

  override up(): void | Promise<void> {
    this.addSql(
      `create type "tutorial_frequency" as enum ('twice_daily', 'daily', 'every_other_day', 'twice_weekly', 'weekly',
        'as_needed');`,
    );
    this.addSql(`create type "tutorial_time_of_day" as enum ('am', 'pm', 'any');`);
    this.addSql(
      `create table "ingredient_opinion" ("id" uuid not null, "ingredient_id" uuid not null, "author_id" uuid not null,
        "text" text not null, "hashtags" text[] not null, "version" int not null default 1, "current_entry_id" uuid
        not null, "endorsement_count" int not null default 0, "created_at" timestamptz not null, "updated_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "ingredient_opinion_hashtags_index" on "ingredient_opinion" using gin ("hashtags");`);
    this.addSql(
      `create index "ingredient_opinion_author_id_created_at_index" on "ingredient_opinion" ("author_id", "created_at");`,
    );
    this.addSql(
      `create index "ingredient_opinion_ingredient_id_endorsement_count_72e7c_index" on "ingredient_opinion"
        ("ingredient_id", "endorsement_count", "created_at");`,
    );

    this.addSql(
      `create table "ingredient_opinion_entry" ("id" uuid not null, "opinion_id" uuid not null, "version" int not null,
        "text" text not null, "hashtags" text[] not null, "editor_id" uuid null, "created_at" timestamptz not null,
        primary key ("id"));`,
    );
    this.addSql(
      `alter table "ingredient_opinion_entry" add constraint "ingredient_opinion_entry_opinion_id_version_unique" unique
        ("opinion_id", "version");`,
    );

    this.addSql(
      `create table "ingredient_opinion_endorsement" ("id" uuid not null, "opinion_id" uuid not null, "user_id" uuid not
        null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "ingredient_opinion_endorsement_user_id_index" on "ingredient_opinion_endorsement" ("user_id");`,
    );
    this.addSql(
      `alter table "ingredient_opinion_endorsement" add constraint
        "ingredient_opinion_endorsement_opinion_id_user_id_unique" unique ("opinion_id", "user_id");`,
    );

    this.addSql(
      `create table "product_tutorial_warning" ("id" uuid not null, "tutorial_id" uuid not null, "text" text not null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "product_tutorial_warning_tutorial_id_created_at_index" on "product_tutorial_warning"
        ("tutorial_id", "created_at");`,
    );

    this.addSql(
      `create table "product_tutorial_instruction" ("id" uuid not null, "tutorial_id" uuid not null, "position" int not
        null, "text" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "product_tutorial_instruction_tutorial_id_position_index" on "product_tutorial_instruction"
        ("tutorial_id", "position");`,
    );

    this.addSql(
      `create table "product_pitch_opinion" ("id" uuid not null, "pitch_id" uuid not null, "opinion_id" uuid not null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "product_pitch_opinion_opinion_id_index" on "product_pitch_opinion" ("opinion_id");`);
    this.addSql(
      `alter table "product_pitch_opinion" add constraint "product_pitch_opinion_pitch_id_opinion_id_unique" unique
        ("pitch_id", "opinion_id");`,
    );

    this.addSql(
      `alter table "product_tutorial" add "description" text not null default '', add "frequency" "tutorial_frequency"
        null, add "time_of_day" "tutorial_time_of_day" null, add "media_url" text null, add "quantity_amount" double
        precision null, add "quantity_unit_id" uuid null, add "instruction_count" int not null default 0;`,
    );
    this.addSql(
      `alter table "product_tutorial" add constraint "product_tutorial_quantity_unit_id_foreign" foreign key
        ("quantity_unit_id") references "unit_of_measurement" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "product_tutorial_status_created_at_index" on "product_tutorial" ("status", "created_at");`,
    );

    this.addSql(
      `alter table "product_pitch" add "affiliate_url" text null, add "affiliate_user_id" uuid null, add
        "affiliate_assigned_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "product_pitch" add constraint "product_pitch_affiliate_user_id_foreign" foreign key
        ("affiliate_user_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "product_pitch_author_id_created_at_index" on "product_pitch" ("author_id", "created_at");`,
    );

    this.addSql(
      `alter table "ingredient_opinion" add constraint "ingredient_opinion_ingredient_id_foreign" foreign key
        ("ingredient_id") references "ingredient" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_opinion" add constraint "ingredient_opinion_author_id_foreign" foreign key ("author_id")
        references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "ingredient_opinion_entry" add constraint "ingredient_opinion_entry_opinion_id_foreign" foreign key
        ("opinion_id") references "ingredient_opinion" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_opinion_entry" add constraint "ingredient_opinion_entry_editor_id_foreign" foreign key
        ("editor_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "ingredient_opinion_endorsement" add constraint "ingredient_opinion_endorsement_opinion_id_foreign"
        foreign key ("opinion_id") references "ingredient_opinion" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_opinion_endorsement" add constraint "ingredient_opinion_endorsement_user_id_foreign"
        foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_tutorial_warning" add constraint "product_tutorial_warning_tutorial_id_foreign" foreign key
        ("tutorial_id") references "product_tutorial" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_tutorial_instruction" add constraint "product_tutorial_instruction_tutorial_id_foreign"
        foreign key ("tutorial_id") references "product_tutorial" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_pitch_opinion" add constraint "product_pitch_opinion_pitch_id_foreign" foreign key
        ("pitch_id") references "product_pitch" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_pitch_opinion" add constraint "product_pitch_opinion_opinion_id_foreign" foreign key
        ("opinion_id") references "ingredient_opinion" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "ingredient_opinion_entry" drop constraint "ingredient_opinion_entry_opinion_id_foreign";`,
    );
    this.addSql(
      `alter table "ingredient_opinion_endorsement" drop constraint "ingredient_opinion_endorsement_opinion_id_foreign";`,
    );
    this.addSql(`alter table "product_pitch_opinion" drop constraint "product_pitch_opinion_opinion_id_foreign";`);

    this.addSql(`drop table if exists "ingredient_opinion" cascade;`);
    this.addSql(`drop table if exists "ingredient_opinion_entry" cascade;`);
    this.addSql(`drop table if exists "ingredient_opinion_endorsement" cascade;`);
    this.addSql(`drop table if exists "product_tutorial_warning" cascade;`);
    this.addSql(`drop table if exists "product_tutorial_instruction" cascade;`);
    this.addSql(`drop table if exists "product_pitch_opinion" cascade;`);

    this.addSql(`alter table "product_pitch" drop constraint "product_pitch_affiliate_user_id_foreign";`);

    this.addSql(`alter table "product_tutorial" drop constraint "product_tutorial_quantity_unit_id_foreign";`);

    this.addSql(`drop index "product_pitch_author_id_created_at_index";`);
    this.addSql(
      `alter table "product_pitch" drop column "affiliate_url", drop column "affiliate_user_id", drop column
        "affiliate_assigned_at";`,
    );

    this.addSql(`drop index "product_tutorial_status_created_at_index";`);
    this.addSql(
      `alter table "product_tutorial" drop column "description", drop column "frequency", drop column "time_of_day",
        drop column "media_url", drop column "quantity_amount", drop column "quantity_unit_id", drop column
        "instruction_count";`,
    );

    this.addSql(`drop type "tutorial_frequency";`);
    this.addSql(`drop type "tutorial_time_of_day";`);
  }
}
