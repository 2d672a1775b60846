import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005649 extends Migration {
  override name = 'Migration20261124005649';

  override up(): void | Promise<void> {
    this.addSql(`create type "intake_decision" as enum ('take', 'skip', 'undecided');`);
    this.addSql(
      `create table "identity_provider_event" ("id" text not null, "type" text not null, "subject" text not null,
        "received_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "identity_provider_event_received_at_index" on "identity_provider_event" ("received_at");`,
    );

    this.addSql(
      `create table "survey_answer" ("id" uuid not null, "user_id" uuid not null, "question" text not null, "answers"
        jsonb not null, "answered_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "survey_answer" add constraint "survey_answer_user_id_question_unique" unique ("user_id",
        "question");`,
    );

    this.addSql(
      `create table "email_token" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "token_hash"
        text not null, "email" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "email_token" add constraint "email_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "email_token_user_id_purpose_index" on "email_token" ("user_id", "purpose");`);

    this.addSql(
      `create table "user_follow" ("id" uuid not null, "follower_id" uuid not null, "followed_id" uuid not null,
        "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "user_follow_follower_id_created_at_index" on "user_follow" ("follower_id", "created_at");`,
    );
    this.addSql(
      `create index "user_follow_followed_id_created_at_index" on "user_follow" ("followed_id", "created_at");`,
    );
    this.addSql(
      `alter table "user_follow" add constraint "user_follow_follower_id_followed_id_unique" unique ("follower_id",
        "followed_id");`,
    );

    this.addSql(
      `create table "user_invite" ("id" uuid not null, "inviter_id" uuid not null, "email" text not null, "created_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "user_invite_inviter_id_created_at_index" on "user_invite" ("inviter_id", "created_at");`,
    );

    this.addSql(
      `create table "user_throttle" ("id" uuid not null, "user_id" uuid not null, "action" text not null, "last_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "user_throttle" add constraint "user_throttle_user_id_action_unique" unique ("user_id", "action");`,
    );

    this.addSql(
      `alter table "app_user" add "email_verified_at" timestamptz null, add "intake_decision" "intake_decision" not null
        default 'undecided', add "intake_decided_at" timestamptz null, add "supergroups" jsonb not null default '[]',
        add "deleted_at" timestamptz null;`,
    );
    this.addSql(`create index "app_user_created_at_id_index" on "app_user" ("created_at", "id");`);

    this.addSql(
      `alter table "survey_answer" add constraint "survey_answer_user_id_foreign" foreign key ("user_id") references
        "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "email_token" add constraint "email_token_user_id_foreign" foreign key ("user_id") references
        "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_follow" add constraint "user_follow_follower_id_foreign" foreign key ("follower_id") references
        "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_follow" add constraint "user_follow_followed_id_foreign" foreign key ("followed_id") references
        "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_invite" add constraint "user_invite_inviter_id_foreign" foreign key ("inviter_id") references
        "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_throttle" add constraint "user_throttle_user_id_foreign" foreign key ("user_id") references
        "app_user" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "identity_provider_event" cascade;`);
    this.addSql(`drop table if exists "survey_answer" cascade;`);
    this.addSql(`drop table if exists "email_token" cascade;`);
    this.addSql(`drop table if exists "user_follow" cascade;`);
    this.addSql(`drop table if exists "user_invite" cascade;`);
    this.addSql(`drop table if exists "user_throttle" cascade;`);

    this.addSql(`drop index "app_user_created_at_id_index";`);
    this.addSql(
      `alter table "app_user" drop column "email_verified_at", drop column "intake_decision", drop column
        "intake_decided_at", drop column "supergroups", drop column "deleted_at";`,
    );

    this.addSql(`drop type "intake_decision";`);
  }
}
