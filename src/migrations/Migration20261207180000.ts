import { Migration } from '@mikro-orm/migrations';

/**
 * The actives a stored analysis's label named with a strength outside its list (issue 40, engine/printed-strengths.ts),
 * read or not, kept with the analysis so that reading it back parses nothing. Null on rows written before: those
 * answer an empty list (they were read before such strengths were looked for).
 */
export class Migration20261207180000 extends Migration {
  override name = 'Migration20261207180000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ingredient_analysis" add column "actives_outside_list" json null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ingredient_analysis" drop column "actives_outside_list";`);
  }
}
