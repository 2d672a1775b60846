import { Migration } from '@mikro-orm/migrations';

/**
 * A draft records the fields its author sent, so approving a correction no longer wipes
 * what the draft left out. Drafts written before stay null ("not recorded"): their non-empty
 * fields count as sent (see sentFields in product-draft.service.ts).
 */
export class Migration20261127094752 extends Migration {
  override name = 'Migration20261127094752';

  override up(): void | Promise<void> {
    this.addSql(`alter table "product_draft" add "sent_fields" text[] null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "product_draft" drop column "sent_fields";`);
  }
}
