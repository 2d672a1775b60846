import { Migration } from '@mikro-orm/migrations';

export class Migration20261125004342 extends Migration {
  override name = 'Migration20261125004342';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "routine_request_answer" ("id" uuid not null, "request_id" uuid not null, "expert_id" uuid not null,
        "routine_id" uuid not null, "note" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "routine_request_answer_request_id_created_at_index" on "routine_request_answer" ("request_id",
        "created_at");`,
    );
    this.addSql(
      `alter table "routine_request_answer" add constraint "routine_request_answer_request_id_expert_id_unique" unique
        ("request_id", "expert_id");`,
    );

    this.addSql(
      `alter table "routine_request" add "topics" text[] not null default '{}', add "answered_at" timestamptz null;`,
    );
    this.addSql(`create index "routine_request_answered_at_index" on "routine_request" ("answered_at");`);
    this.addSql(`create index "routine_request_topics_index" on "routine_request" using gin ("topics");`);

    this.addSql(
      `alter table "routine_request_answer" add constraint "routine_request_answer_request_id_foreign" foreign key
        ("request_id") references "routine_request" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "routine_request_answer" add constraint "routine_request_answer_expert_id_foreign" foreign key
        ("expert_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "routine_request_answer" add constraint "routine_request_answer_routine_id_foreign" foreign key
        ("routine_id") references "routine" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "routine_request_answer" cascade;`);

    this.addSql(`drop index "routine_request_answered_at_index";`);
    this.addSql(`drop index "routine_request_topics_index";`);
    this.addSql(`alter table "routine_request" drop column "topics", drop column "answered_at";`);
  }
}
