// Which label entries of the demo catalog the knowledge base does not recognise, most common
// first: where to grow data/ingredients next. npm run -s catalog:unmatched
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { slugify } from '../src/modules/shared/ids.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

const matcher = new IngredientMatcher(
  loadIngredientRecords().map((r) => ({
    id: r.alias ?? slugify(r.inci),
    name: r.inci,
    otherNames: (r.other_names ?? []).map(String),
  })),
);
const products = readYaml<Array<{ ingredient_list: string }>>('catalog/products.yaml');
const missing = new Map<string, number>();
let entries = 0;
let matched = 0;
for (const p of products) {
  const result = analyzeIngredientList(p.ingredient_list, matcher);
  entries += result.entries.length;
  matched += result.entries.filter((e) => e.match !== 'none').length;
  for (const input of result.unmatched) missing.set(input, (missing.get(input) ?? 0) + 1);
}
console.log(
  `${products.length} labels, ${entries} entries, ${matched} matched (${((matched / entries) * 100).toFixed(1)}%)`,
);
for (const [input, n] of [...missing.entries()].sort((a, b) => b[1] - a[1])) console.log(`${n}\t${input}`);
