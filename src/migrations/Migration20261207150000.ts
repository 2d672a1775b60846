import { Migration } from '@mikro-orm/migrations';

/**
 * What the parser set aside from a stored analysis's list, and the list's name line, kept with the analysis: reading
 * it back (GET /analyze/shared/:token, /p/analyses/:token) parsed the list again on every request. Rows written
 * before this are filled by `backfillAnalysisReadings` (analysis-backfill.service.ts) at start-up, a batch at a time:
 * `set_aside` null marks a row it has not reached yet.
 */
export class Migration20261207150000 extends Migration {
  override name = 'Migration20261207150000';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "ingredient_analysis" add column "set_aside" json null, add column "name_line" text null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ingredient_analysis" drop column "set_aside", drop column "name_line";`);
  }
}
