import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 38: the start-up backfill of analyses' readings (analysis-backfill.service.ts) looks for rows with `set_aside`
 * null at every start. Every analysis written since Migration20261207150000 has one, so once the backfill is done no
 * row is null; this partial index holds only the rows still to fill, and a restart's look reads an empty index
 * instead of scanning the whole table.
 */
export class Migration20261207171500 extends Migration {
  override name = 'Migration20261207171500';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "ingredient_analysis_unread_backfill_index" on "ingredient_analysis" ("id") where "set_aside" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ingredient_analysis_unread_backfill_index";`);
  }
}
