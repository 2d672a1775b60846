import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045410 extends Migration {
  override name = 'Migration20261122045410';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product" add "brand_attested_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "product" drop column "brand_attested_at";`);
  }
}
