import { Migration } from '@mikro-orm/migrations';

export class Migration20261125002723 extends Migration {
  override name = 'Migration20261125002723';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product" add "brand_attested_by_id" uuid null;`);
    this.addSql(
      `alter table "product" add constraint "product_brand_attested_by_id_foreign" foreign key ("brand_attested_by_id")
        references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "product" drop constraint "product_brand_attested_by_id_foreign";`);

    this.addSql(`alter table "product" drop column "brand_attested_by_id";`);
  }
}
