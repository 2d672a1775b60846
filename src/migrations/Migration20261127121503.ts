import { Migration } from '@mikro-orm/migrations';

/**
 * A product's entries keep the analysis's "could not be read" mark (words run together holding a name we do not
 * know), so that a product whose list was partly unreadable passes no free-of rule. Entries written before stay
 * unmarked until their list is written again (an import, an approved draft, the seeders).
 */
export class Migration20261127121503 extends Migration {
  override name = 'Migration20261127121503';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product_ingredient" add "unread" boolean not null default false;`);
    this.addSql(
      `create index "product_ingredient_unread_index" on "product_ingredient" ("product_id") where "unread";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "product_ingredient_unread_index";`);
    this.addSql(`alter table "product_ingredient" drop column "unread";`);
  }
}
