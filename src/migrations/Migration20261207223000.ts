import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '../db.js';
import { rejoinFunctionFlags } from '../modules/ingredient/cosing/function-flags-rejoin.js';

/**
 * The EU inventory's stored flags made by the one function rule (issue 40): a perfuming function anywhere makes
 * fragrance (analysis/engine/function-flags.ts). Rows seeded when only "perfuming" alone did keep no fragrance flag
 * until this runs; a fresh seed already has it. Idempotent. No down: the missing flag is not worth putting back.
 */
export class Migration20261207223000 extends Migration {
  override name = 'Migration20261207223000';

  override async up(): Promise<void> {
    const changed = await rejoinFunctionFlags(this.getEntityManager() as EntityManager);
    // The app's logger does not exist yet while migrations run: a plain line on the console.
    if (changed) console.info(`Inventory flags made by CosIng functions again: ${changed} ingredients gained one`);
  }
}
