import { Migration } from '@mikro-orm/migrations';

/**
 * The planner's catalog read (issue 41; planner/plan-products.ts): for each open slot it walks the live, priced
 * offers cheapest first and stops at 40 products that fit, so it needs the live offers in price order. Partial: an
 * ended offer or one without a price is never a candidate.
 */
export class Migration20261207221000 extends Migration {
  override name = 'Migration20261207221000';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "product_offer_live_price_index" on "product_offer" ("price", "product_id") where "ended_at" is null and "price" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "product_offer_live_price_index";`);
  }
}
