import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045030 extends Migration {
  override name = 'Migration20261122045030';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "product_buy_click" ("id" uuid not null, "offer_id" uuid not null, "user_id" uuid null, "created_at"
        timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "product_buy_click_offer_id_index" on "product_buy_click" ("offer_id");`);
    this.addSql(`create index "product_buy_click_created_at_index" on "product_buy_click" ("created_at");`);

    this.addSql(
      `alter table "product_buy_click" add constraint "product_buy_click_offer_id_foreign" foreign key ("offer_id")
        references "product_offer" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_buy_click" add constraint "product_buy_click_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_buy_click" cascade;`);
  }
}
