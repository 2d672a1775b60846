import { Migration } from '@mikro-orm/migrations';

/**
 * The planner's catalog read (issue 41; planner/plan-products.ts) walks live offers cheapest first and stops when a
 * slot has its candidates. A routine step's slot (sunscreen, cleanser, moisturiser) walks only the offers of its
 * step: `product_offer.plan_step_type` is the product's category's step type, kept by triggers (an offer written,
 * a product's category changed, a category's step type changed), so the walk reads its own step's offers in price
 * order (product_offer_live_step_price_index) and never a whole category. An active's slot walks all live offers
 * in price order (product_offer_live_price_index, Migration20261207221000), bounded.
 */
export class Migration20261207221001 extends Migration {
  override name = 'Migration20261207221001';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product_offer" add column "plan_step_type" text null;`);
    this.addSql(
      `update "product_offer" o set "plan_step_type" = c.step_type
         from "product" p join "product_category" c on c.id = p.category_id where p.id = o.product_id;`,
    );
    this.addSql(`create or replace function product_offer_plan_step_type() returns trigger language plpgsql as $$
begin
  select c.step_type into new.plan_step_type from product p join product_category c on c.id = p.category_id
   where p.id = new.product_id;
  return new;
end; $$;`);
    this.addSql(
      `create trigger "product_offer_plan_step_type" before insert or update of product_id on "product_offer"
         for each row execute function product_offer_plan_step_type();`,
    );
    this.addSql(`create or replace function product_plan_step_type_to_offers() returns trigger language plpgsql as $$
begin
  update product_offer set plan_step_type = (select c.step_type from product_category c where c.id = new.category_id)
   where product_id = new.id;
  return null;
end; $$;`);
    this.addSql(
      `create trigger "product_plan_step_type_to_offers" after update of category_id on "product"
         for each row when (old.category_id is distinct from new.category_id)
         execute function product_plan_step_type_to_offers();`,
    );
    this.addSql(`create or replace function category_plan_step_type_to_offers() returns trigger language plpgsql as $$
begin
  update product_offer o set plan_step_type = new.step_type from product p
   where p.category_id = new.id and o.product_id = p.id;
  return null;
end; $$;`);
    this.addSql(
      `create trigger "category_plan_step_type_to_offers" after update of step_type on "product_category"
         for each row when (old.step_type is distinct from new.step_type)
         execute function category_plan_step_type_to_offers();`,
    );
    this.addSql(
      `create index "product_offer_live_step_price_index" on "product_offer" ("plan_step_type", "price", "product_id") where "ended_at" is null and "price" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "product_offer_live_step_price_index";`);
    this.addSql(`drop trigger if exists "category_plan_step_type_to_offers" on "product_category";`);
    this.addSql(`drop trigger if exists "product_plan_step_type_to_offers" on "product";`);
    this.addSql(`drop trigger if exists "product_offer_plan_step_type" on "product_offer";`);
    this.addSql(`drop function if exists category_plan_step_type_to_offers();`);
    this.addSql(`drop function if exists product_plan_step_type_to_offers();`);
    this.addSql(`drop function if exists product_offer_plan_step_type();`);
    this.addSql(`alter table "product_offer" drop column "plan_step_type";`);
  }
}
