import { Migration } from '@mikro-orm/migrations';

/** An ingredient's EC number (the EU inventory gives one with the CAS number; EU law names substances by either). */
export class Migration20261127120000 extends Migration {
  override name = 'Migration20261127120000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ingredient" add "ec_number" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ingredient" drop column "ec_number";`);
  }
}
