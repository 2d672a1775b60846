import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000120 extends Migration {
  override name = 'Migration20261125000120';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product_offer" add "ended_at" timestamptz null, add "updated_at" timestamptz null;`);
    this.addSql(`create index "product_offer_ended_at_index" on "product_offer" ("ended_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "product_offer_ended_at_index";`);
    this.addSql(`alter table "product_offer" drop column "ended_at", drop column "updated_at";`);
  }
}
