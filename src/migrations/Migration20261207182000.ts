import { Migration } from '@mikro-orm/migrations';

/**
 * One reading of a product's flags (issue 40): each entry of a product's list keeps the flags the analysis works out
 * for it at its dose and product type (`flags`), and what the parser saw of it that the reading needs (`active`,
 * `part`, `nano`), so that the product's reading is the analysis's reading of its list. Products stored before this
 * are re-read by `backfillProductFlags` (analysis/product-flags-backfill.service.ts) at start-up, a batch at a time in id
 * order; `product_flag_reading` holds where it got to and which reading it is, so that a start after it finished
 * reads one row, not the catalog.
 */
export class Migration20261207182000 extends Migration {
  override name = 'Migration20261207182000';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "product_ingredient" add column "flags" text[] not null default '{}',
        add column "active" boolean not null default false, add column "part" text null,
        add column "nano" boolean not null default false;`,
    );
    this.addSql(
      `create table "product_flag_reading" ("reading" int not null, "last_product_id" uuid null,
        "products_read" bigint not null default 0, "done_at" timestamptz null,
        constraint "product_flag_reading_pkey" primary key ("reading"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_flag_reading";`);
    this.addSql(
      `alter table "product_ingredient" drop column "flags", drop column "active", drop column "part", drop column "nano";`,
    );
  }
}
