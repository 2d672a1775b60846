// The demo catalog's verdicts (flags raised, skin-type verdicts), and what changed between two
// runs. The lists are read as the service reads them (dose, product type, EU law);
// bench/verdicts/before.json was written by the first version of this script, which did not yet. Used to report how a change to the knowledge or the rules moves them:
//   npm run -s verdicts:catalog -- --out before.json      (on the old code)
//   npm run -s verdicts:catalog -- --out after.json       (on the new code)
//   npm run -s verdicts:catalog -- --compare before.json after.json
import { readFileSync, writeFileSync } from 'node:fs';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { readList } from '../src/modules/analysis/engine/read-list.js';
import { evaluateSkinTypes } from '../src/modules/analysis/engine/skin-types.js';
import { productTypeOfCategory } from '../src/modules/analysis/list-reading.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

interface ProductVerdicts {
  /** flag → the ingredients (INCI) raising it */
  flags: Record<string, string[]>;
  /** skin type → verdict, with the caution reasons */
  skinTypes: Record<string, { verdict: string; caution: string[] }>;
}

function compute(): Record<string, ProductVerdicts> {
  const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const matcher = new IngredientMatcher(rows);
  const products =
    readYaml<Array<{ alias: string; ingredient_list: string; category: string }>>('catalog/products.yaml');
  // As the service reads a catalog product: the category's step type tells rinse-off from leave-on.
  const categoryOf = new Map(
    readYaml<Array<{ alias: string; name: string; step_type?: string | null }>>('catalog/categories.yaml').map((c) => [
      c.alias,
      { name: c.name, stepType: c.step_type ?? null },
    ]),
  );
  const out: Record<string, ProductVerdicts> = {};
  for (const p of products) {
    const result = analyzeIngredientList(p.ingredient_list, matcher);
    const reading = readList(
      result.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? (byId.get(e.ingredientId) ?? null) : null })),
      loadRegulation(),
      productTypeOfCategory(categoryOf.get(p.category)),
    );
    const ingredients = reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []));
    const flags: Record<string, string[]> = {};
    for (const i of ingredients) for (const f of i.flags) (flags[f] ??= []).push(i.name);
    const skinTypes: ProductVerdicts['skinTypes'] = {};
    for (const s of evaluateSkinTypes(ingredients)) {
      skinTypes[s.skinType] = {
        verdict: s.verdict,
        caution: s.caution.map((c) => `${c.ingredient.name}: ${c.reason}`),
      };
    }
    out[p.alias] = { flags, skinTypes };
  }
  return out;
}

function compare(before: Record<string, ProductVerdicts>, after: Record<string, ProductVerdicts>): void {
  const products = Object.keys(after);
  let flagsMoved = 0;
  let verdictsMoved = 0;
  const transitions = new Map<string, number>();
  const flagChanges = new Map<string, { gained: number; lost: number }>();
  const examples: string[] = [];
  for (const alias of products) {
    const b = before[alias];
    const a = after[alias];
    if (!b) continue;
    const allFlags = new Set([...Object.keys(b.flags), ...Object.keys(a.flags)]);
    let moved = false;
    for (const f of allFlags) {
      const had = (b.flags[f] ?? []).join('|');
      const has = (a.flags[f] ?? []).join('|');
      if (had === has) continue;
      moved = true;
      const c = flagChanges.get(f) ?? { gained: 0, lost: 0 };
      if (!had) c.gained++;
      else if (!has) c.lost++;
      flagChanges.set(f, c);
    }
    if (moved) flagsMoved++;
    let vMoved = false;
    for (const [skin, v] of Object.entries(a.skinTypes)) {
      const old = b.skinTypes[skin]?.verdict;
      if (old && old !== v.verdict) {
        vMoved = true;
        const key = `${skin}: ${old} → ${v.verdict}`;
        transitions.set(key, (transitions.get(key) ?? 0) + 1);
        // Two examples of each transition.
        if (transitions.get(key)! <= 2)
          examples.push(`${alias} ${key}${v.caution.length ? ` (${v.caution.slice(0, 2).join('; ')})` : ''}`);
      }
    }
    if (vMoved) verdictsMoved++;
  }
  console.log(
    `${products.length} products; flags moved on ${flagsMoved}; skin-type verdicts moved on ${verdictsMoved}`,
  );
  console.log('\nFlags (products that gained / lost the flag; the rest kept it with other ingredients raising it):');
  for (const [f, c] of [...flagChanges.entries()].sort()) console.log(`  ${f}: +${c.gained} gained, -${c.lost} lost`);
  const examplesOf = (flag: string, gained: boolean) =>
    products
      .filter(
        (p) =>
          before[p] &&
          (gained ? !before[p].flags[flag] && after[p].flags[flag] : before[p].flags[flag] && !after[p].flags[flag]),
      )
      .slice(0, 2)
      .map((p) => `${p} (${(gained ? after[p].flags[flag] : before[p].flags[flag]).join(', ')})`);
  for (const [f, c] of [...flagChanges.entries()].sort()) {
    if (c.gained) console.log(`    +${f}: ${examplesOf(f, true).join('; ')}`);
    if (c.lost) console.log(`    -${f}: ${examplesOf(f, false).join('; ')}`);
  }
  console.log('\nSkin-type verdict transitions:');
  for (const [k, n] of [...transitions.entries()].sort((x, y) => y[1] - x[1])) console.log(`  ${n}\t${k}`);
  console.log('\nExamples:');
  for (const e of examples) console.log(`  ${e}`);
}

const args = process.argv.slice(2);
if (args[0] === '--compare') {
  compare(JSON.parse(readFileSync(args[1], 'utf8')), JSON.parse(readFileSync(args[2], 'utf8')));
} else if (args[0] === '--out') {
  writeFileSync(args[1], `${JSON.stringify(compute(), null, 1)}\n`);
} else {
  console.error('usage: --out FILE | --compare BEFORE AFTER');
  process.exit(2);
}
