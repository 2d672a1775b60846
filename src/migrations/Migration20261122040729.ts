import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040729 extends Migration {
  override name = 'Migration20261122040729';

  override up(): void | Promise<void> {
    this.addSql(
      `create type "feedback_kind" as enum ('breakout', 'irritation', 'improvement', 'correction', 'other');`,
    );
    this.addSql(`create type "proposal_status" as enum ('pending', 'accepted', 'rejected');`);
    this.addSql(
      `create table "ingredient_feedback" ("id" uuid not null, "ingredient_id" uuid not null, "user_id" uuid not null,
        "kind" "feedback_kind" not null, "message" text not null, "created_at" timestamptz not null, primary key
        ("id"));`,
    );
    this.addSql(
      `create index "ingredient_feedback_user_id_created_at_index" on "ingredient_feedback" ("user_id", "created_at");`,
    );

    this.addSql(
      `create table "ingredient_match_proposal" ("id" uuid not null, "analysis_id" uuid not null, "input" text not null,
        "ingredient_id" uuid not null, "proposer_id" uuid not null, "status" "proposal_status" not null default
        'pending', "reviewer_id" uuid null, "created_at" timestamptz not null, "reviewed_at" timestamptz null, primary
        key ("id"));`,
    );
    this.addSql(
      `create index "ingredient_match_proposal_status_created_at_index" on "ingredient_match_proposal" ("status",
        "created_at");`,
    );

    this.addSql(
      `alter table "ingredient_feedback" add constraint "ingredient_feedback_ingredient_id_foreign" foreign key
        ("ingredient_id") references "ingredient" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_feedback" add constraint "ingredient_feedback_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "ingredient_match_proposal" add constraint "ingredient_match_proposal_analysis_id_foreign" foreign
        key ("analysis_id") references "ingredient_analysis" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_match_proposal" add constraint "ingredient_match_proposal_ingredient_id_foreign" foreign
        key ("ingredient_id") references "ingredient" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_match_proposal" add constraint "ingredient_match_proposal_proposer_id_foreign" foreign
        key ("proposer_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ingredient_match_proposal" add constraint "ingredient_match_proposal_reviewer_id_foreign" foreign
        key ("reviewer_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ingredient_feedback" cascade;`);
    this.addSql(`drop table if exists "ingredient_match_proposal" cascade;`);

    this.addSql(`drop type "feedback_kind";`);
    this.addSql(`drop type "proposal_status";`);
  }
}
