// Builds the EU annex facts from the Commission's CosIng exports:
//   npm run data:eu-annexes                 (re-reads data/eu/, the copies we ship)
//   npm run data:eu-annexes -- DIR          (copies a newer export from DIR into data/eu/ first)
// DIR holds COSING_Annex_II_v2.txt … COSING_Annex_VI_v2.txt (and, optionally, cosing-inventory.csv).
// Writes data/eu/annex-entries.json (every row of every annex, keyed by annex, reference number and
// row) and data/eu/review-may-concern.yaml (the names an entry may concern without being its own
// substance: checked by hand, promoted through data/eu/promotions.yaml). Source: European
// Commission, CosIng database (CC BY 4.0).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAnnexData } from '../src/modules/analysis/eu-annex-data.js';
import { reviewPairs, reviewYaml } from './eu-annex-review.js';
import { regulationFrom } from '../src/modules/analysis/regulation-data.js';
import { dataDir } from '../src/modules/knowledge/yaml-data.js';
import { ANNEXES } from '../src/modules/analysis/engine/eu-annex-export.js';

const euDir = join(dataDir, 'eu');
const source = process.argv[2];
if (source) {
  const from = resolve(source);
  for (const annex of ANNEXES) {
    const file = `COSING_Annex_${annex}_v2.txt`;
    if (!existsSync(join(from, file))) {
      console.error(`${join(from, file)}: not found`);
      process.exit(2);
    }
    copyFileSync(join(from, file), join(euDir, file));
  }
  if (existsSync(join(from, 'cosing-inventory.csv')))
    copyFileSync(join(from, 'cosing-inventory.csv'), join(euDir, 'cosing-inventory.csv'));
  console.log(`copied the exports from ${from} into data/eu/`);
}

const texts = Object.fromEntries(
  ANNEXES.map((a) => [a, readFileSync(join(euDir, `COSING_Annex_${a}_v2.txt`), 'utf8')]),
);
const data = buildAnnexData(texts);
writeFileSync(join(euDir, 'annex-entries.json'), `${JSON.stringify(data, null, 1)}\n`);
const pairs = reviewPairs(regulationFrom(data));
writeFileSync(join(euDir, 'review-may-concern.yaml'), reviewYaml(pairs));
for (const e of data.exports)
  console.log(`Annex ${e.annex}: ${e.entries} rows (${e.deleted} moved or deleted), last update ${e.lastUpdate}`);
console.log(
  `wrote data/eu/annex-entries.json and data/eu/review-may-concern.yaml (${pairs.length} names an entry may concern)`,
);
