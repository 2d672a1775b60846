import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005451 extends Migration {
  override name = 'Migration20261124005451';

  override up(): void | Promise<void> {
    this.addSql(`drop index "ingredient_analysis_ingredient_ids_index";`);
    // An analysis row is 3-10 kB, mostly its entries. Kept inline and uncompressed up to a page,
    // and out of line uncompressed beyond: compressing every row (pglz) was about a third of the
    // cost of each insert, on the hot path of POST /analyze/ingredient_list. Not tracked by the
    // entity metadata, so set here by hand.
    this.addSql(`alter table "ingredient_analysis" set (toast_tuple_target = 8160);`);
    this.addSql(
      `alter table "ingredient_analysis" alter column "entries" set storage external, alter column "ingredient_ids" set
        storage external, alter column "ingredient_list" set storage external;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ingredient_analysis" reset (toast_tuple_target);`);
    this.addSql(
      `alter table "ingredient_analysis" alter column "entries" set storage extended, alter column "ingredient_ids" set
        storage extended, alter column "ingredient_list" set storage extended;`,
    );
    this.addSql(
      `create index "ingredient_analysis_ingredient_ids_index" on "ingredient_analysis" using gin ("ingredient_ids");`,
    );
  }
}
