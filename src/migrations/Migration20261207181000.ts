import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '../db.js';
import { rejoinRegulatoryFlags } from '../seeders/regulation-rejoin.js';

/**
 * The EU-law flags of stored ingredients joined again (src/seeders/regulation-rejoin.ts): annex entries now
 * join a plant's ingredient on the plant, part and preparation they name, never on a CAS or EC number alone,
 * and no word inside a systematic chemical name ("…bis (ethanol) sulphate") joins Alcohol to a hair-dye
 * entry. Rows seeded or imported before keep flags such as "eu_prohibited" on a bay-leaf extract (Annex
 * II/359 is the seed oil) until this runs. Idempotent: only rows whose flags change are written, and a second
 * run writes none. No down: the wrong flags are not worth putting back.
 */
export class Migration20261207181000 extends Migration {
  override name = 'Migration20261207181000';

  override async up(): Promise<void> {
    const report = await rejoinRegulatoryFlags(this.getEntityManager() as EntityManager);
    // The app's logger does not exist yet while migrations run: a plain line on the console.
    if (report.changed)
      console.info(
        `EU annex flags joined again: ${report.changed} of ${report.checked} ingredients changed (${report.examples
          .slice(0, 5)
          .map((e) => e.name)
          .join(', ')}${report.changed > 5 ? ', …' : ''})`,
      );
  }
}
