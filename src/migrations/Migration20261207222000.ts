import { Migration } from '@mikro-orm/migrations';

/**
 * An accepted plan's schedule rows carry their owner (issue 41): the personal data export and account erasure find
 * rows by a column that holds the person's id (user-data-policy.ts), and a schedule row otherwise reaches its person
 * only through its plan. Rows written before this take their plan's owner.
 */
export class Migration20261207222000 extends Migration {
  override name = 'Migration20261207222000';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "routine_schedule" add column "owner_id" uuid null references "app_user" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `update "routine_schedule" s set "owner_id" = p."owner_id" from "routine_plan" p where p."id" = s."plan_id";`,
    );
    this.addSql(`alter table "routine_schedule" alter column "owner_id" set not null;`);
    this.addSql(`create index "routine_schedule_owner_id_index" on "routine_schedule" ("owner_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "routine_schedule_owner_id_index";`);
    this.addSql(`alter table "routine_schedule" drop column "owner_id";`);
  }
}
