// How often the product type read from a list alone (inferProductType, as for a pasted list) disagrees
// with what the demo catalog's category says (name, then routine step), and how often it says `unknown`;
// then the same with the product's name read as the list's heading, as when a label is pasted with it.
//   node --import ./register.mjs scripts/product-type-check.ts [--list]
// --list prints each wrong and unknown list (list alone) with the reason given, and a count per category.
// The catalog was written with these rules in view: it reads better than real retail labels will.
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
const products =
  readYaml<Array<{ alias: string; name: string; ingredient_list: string; category: string }>>('catalog/products.yaml');
const categories = new Map(
  readYaml<Array<{ alias: string; name: string; step_type?: string | null }>>('catalog/categories.yaml').map((c) => [
    c.alias,
    { name: c.name, stepType: c.step_type ?? null },
  ]),
);
const list = process.argv.includes('--list');
let lists = 0;
const wrong = { alone: 0, named: 0 };
const unknown = { alone: 0, named: 0 };
const missesByCategory = new Map<string, { wrong: number; unknown: number }>();
for (const p of products) {
  const expected = productTypeOfCategory(categories.get(p.category));
  if (!expected) continue;
  lists++;
  const { entries } = analyzeIngredientList(p.ingredient_list, matcher);
  // A "may contain" block says nothing of how the product is used.
  const names = entries
    .filter((e) => !e.mayContain)
    .map((e) => (e.ingredientId ? { name: byId.get(e.ingredientId)!.name } : null));
  const read = inferProductType(names);
  const named = inferProductType(names, p.name);
  for (const [key, r] of [
    ['alone', read],
    ['named', named],
  ] as const) {
    if (r.productType === 'unknown') unknown[key]++;
    else if (r.productType !== expected) wrong[key]++;
  }
  if (read.productType !== expected) {
    const m = missesByCategory.get(p.category) ?? { wrong: 0, unknown: 0 };
    m[read.productType === 'unknown' ? 'unknown' : 'wrong']++;
    missesByCategory.set(p.category, m);
    if (list)
      console.log(`${read.productType === 'unknown' ? 'unknown' : 'WRONG  '} ${p.category}/${p.alias}: ${read.basis}`);
  }
}
const pct = (n: number) => `${((100 * n) / lists).toFixed(1)}%`;
if (list)
  for (const [category, m] of [...missesByCategory].sort())
    console.log(`  ${category}: ${m.wrong} wrong, ${m.unknown} unknown`);
console.log(
  `${lists} catalog lists with a category that says how they are used: ${wrong.alone} wrong (${pct(wrong.alone)}), ${unknown.alone} unknown (${pct(unknown.alone)})`,
);
console.log(
  `with the product's name as the heading: ${wrong.named} wrong (${pct(wrong.named)}), ${unknown.named} unknown (${pct(unknown.named)})`,
);
