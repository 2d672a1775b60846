// How often the product type read from a list alone (inferProductType, as for a pasted list) disagrees
// with what the demo catalog's category says (name, then routine step), and how often it says `unknown`:
//   node --import ./register.mjs scripts/product-type-check.ts [--list]
// --list prints each wrong and unknown list with the reason given.
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { inferProductType } from '../src/modules/analysis/engine/product-type.js';
import { productTypeOfCategory } from '../src/modules/analysis/list-reading.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';

const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
const byId = new Map(rows.map((r) => [r.id, r]));
const matcher = new IngredientMatcher(rows);
const products = readYaml<Array<{ alias: string; ingredient_list: string; category: string }>>('catalog/products.yaml');
const categories = new Map(
  readYaml<Array<{ alias: string; name: string; step_type?: string | null }>>('catalog/categories.yaml').map((c) => [
    c.alias,
    { name: c.name, stepType: c.step_type ?? null },
  ]),
);
const list = process.argv.includes('--list');
let lists = 0;
let wrong = 0;
let unknown = 0;
for (const p of products) {
  const expected = productTypeOfCategory(categories.get(p.category));
  if (!expected) continue;
  lists++;
  const { entries } = analyzeIngredientList(p.ingredient_list, matcher);
  const read = inferProductType(entries.map((e) => (e.ingredientId ? { name: byId.get(e.ingredientId)!.name } : null)));
  if (read.productType === 'unknown') unknown++;
  else if (read.productType !== expected) wrong++;
  if (list && read.productType !== expected)
    console.log(`${read.productType === 'unknown' ? 'unknown' : 'WRONG  '} ${p.category}/${p.alias}: ${read.basis}`);
}
const pct = (n: number) => `${((100 * n) / lists).toFixed(1)}%`;
console.log(
  `${lists} catalog lists with a category that says how they are used: ${wrong} wrong (${pct(wrong)}), ${unknown} unknown (${pct(unknown)})`,
);
