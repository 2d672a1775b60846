import { Migration } from '@mikro-orm/migrations';

/**
 * Analyses stored before `actives_outside_list` was kept (Migration20261207180000) hold null there, and were read
 * back as "no active named outside the list", which nobody had looked for. `backfillAnalysisReadings` fills them at
 * start-up; this partial index holds only the rows still to fill, so a start with none reads an empty index.
 */
export class Migration20261207223001 extends Migration {
  override name = 'Migration20261207223001';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "ingredient_analysis_outside_backfill_index" on "ingredient_analysis" ("id") where "actives_outside_list" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ingredient_analysis_outside_backfill_index";`);
  }
}
