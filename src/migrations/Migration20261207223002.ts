import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '../db.js';
import { rejoinRegulatoryFlags } from '../seeders/regulation-rejoin.js';

/**
 * The EU-law flags of stored ingredients joined again now that a plant printed under a synonym of its accepted name
 * joins the annex entries of that plant (data/botanical-synonyms.yaml: "Lavandula Officinalis Flower
 * Extract" is Annex III/360's lavender). A fresh seed already joins them so. Idempotent, as Migration20261207181000.
 */
export class Migration20261207223002 extends Migration {
  override name = 'Migration20261207223002';

  override async up(): Promise<void> {
    const report = await rejoinRegulatoryFlags(this.getEntityManager() as EntityManager);
    // The app's logger does not exist yet while migrations run: a plain line on the console.
    if (report.changed)
      console.info(
        `EU annex flags joined again for plant synonyms: ${report.changed} of ${report.checked} ingredients changed`,
      );
  }
}
