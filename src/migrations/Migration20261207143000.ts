import { Migration } from '@mikro-orm/migrations';

// Issue 37: the per-caller window on new Idempotency-Keys counts a caller's records by created_at;
// the personal data export pages a person's analyses by id.
export class Migration20261207143000 extends Migration {
  override name = 'Migration20261207143000';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "idempotency_record_caller_created_at_index" on "idempotency_record" ("caller", "created_at");`,
    );
    this.addSql(`create index "ingredient_analysis_owner_id_id_index" on "ingredient_analysis" ("owner_id", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "idempotency_record_caller_created_at_index";`);
    this.addSql(`drop index if exists "ingredient_analysis_owner_id_id_index";`);
  }
}
