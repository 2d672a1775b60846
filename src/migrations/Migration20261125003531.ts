import { Migration } from '@mikro-orm/migrations';

export class Migration20261125003531 extends Migration {
  override name = 'Migration20261125003531';

  override up(): void | Promise<void> {
    this.addSql(`create type "feedback_status" as enum ('open', 'accepted', 'dismissed');`);
    this.addSql(
      `alter table "ingredient_feedback" add "status" "feedback_status" not null default 'open', add "reviewed_by_id"
        uuid null, add "reviewed_at" timestamptz null, add "resolution" text null, add "applied_changes" jsonb null;`,
    );
    this.addSql(
      `alter table "ingredient_feedback" add constraint "ingredient_feedback_reviewed_by_id_foreign" foreign key
        ("reviewed_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "ingredient_feedback_status_created_at_index" on "ingredient_feedback" ("status", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ingredient_feedback" drop constraint "ingredient_feedback_reviewed_by_id_foreign";`);

    this.addSql(`drop index "ingredient_feedback_status_created_at_index";`);
    this.addSql(
      `alter table "ingredient_feedback" drop column "status", drop column "reviewed_by_id", drop column "reviewed_at",
        drop column "resolution", drop column "applied_changes";`,
    );

    this.addSql(`drop type "feedback_status";`);
  }
}
