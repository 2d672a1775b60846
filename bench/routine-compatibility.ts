// Compatibility of a 10-step routine, in-process: the pure engine over real data (the demo
// catalog's lists matched against the ingredient knowledge base, no database). Target: under
// 5 ms per check. Usage: node --import ./register.mjs bench/routine-compatibility.ts
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import {
  checkRoutine,
  fitProduct,
  type EngineIngredient,
  type EngineRoutine,
} from '../src/modules/routine/engine/compatibility.js';
import { summarizeRoutine } from '../src/modules/routine/engine/summary.js';
import { loadRoutineRules } from '../src/modules/routine/routine-rules.js';
import { slugify } from '../src/modules/shared/ids.js';
import { readYaml, readYamlLists } from '../src/modules/knowledge/yaml-data.js';

interface Row {
  inci: string;
  alias?: string;
  other_names?: string[];
  functions?: string[];
  effects?: string[];
  flags?: string[];
  groups?: string[];
}
const rows = readYamlLists<Row>('ingredients');
const known: EngineIngredient[] = rows.map((r) => {
  const alias = r.alias ?? slugify(r.inci);
  return {
    id: alias,
    alias,
    name: r.inci,
    groups: r.groups ?? [],
    flags: r.flags ?? [],
    effects: r.effects ?? [],
    functions: r.functions ?? [],
  };
});
const byId = new Map(known.map((i) => [i.id, i]));
const matcher = new IngredientMatcher(
  rows.map((r) => ({ id: r.alias ?? slugify(r.inci), name: r.inci, otherNames: r.other_names ?? [] })),
);
const ingredientsOf = (list: string) =>
  analyzeIngredientList(list, matcher).entries.flatMap((e) =>
    e.ingredientId && byId.has(e.ingredientId) ? [byId.get(e.ingredientId)!] : [],
  );

// Ten products of the catalog for ten steps: actives that trip rules, sunscreen, fragrance.
const catalog = readYaml<Array<{ alias: string; ingredient_list: string }>>('catalog/products.yaml');
const pick = (pattern: RegExp, skip = 0) =>
  catalog.filter((p) => pattern.test(p.ingredient_list))[skip] ?? catalog[skip];
const chosen = [
  pick(/Sodium Cocoyl/),
  pick(/Glycolic Acid/),
  pick(/Salicylic Acid/),
  pick(/Ascorbic Acid,/),
  pick(/Niacinamide/),
  pick(/Retinol/),
  pick(/Copper Tripeptide/),
  pick(/Parfum/),
  pick(/Parfum/, 1),
  pick(/Zinc Oxide/),
];
const stepTypes = [
  'cleanse',
  'exfoliate',
  'exfoliate',
  'treat',
  'treat',
  'treat',
  'treat',
  'moisturise',
  'moisturise',
  'protect',
];
const routine: EngineRoutine = {
  timeOfDay: 'morning',
  steps: chosen.map((p, i) => ({
    id: `s${i + 1}`,
    position: i + 1,
    stepType: stepTypes[i],
    product: { id: p.alias, ingredients: ingredientsOf(p.ingredient_list) },
  })),
  negativeIngredientIds: ['glycerin', 'linalool'],
};
const rules = loadRoutineRules();
const candidate = { id: 'candidate-product', ingredients: ingredientsOf(pick(/Retinal|Retinol/, 1).ingredient_list) };

function time(label: string, runs: number, fn: () => unknown): void {
  for (let i = 0; i < 200; i++) fn();
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(3);
  console.log(`${label.padEnd(38)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms  (${runs} runs)`);
}

const ingredientCount = routine.steps.reduce((n, s) => n + (s.product?.ingredients.length ?? 0), 0);
const findings = checkRoutine(routine, rules);
console.log(
  `10-step routine, ${ingredientCount} matched ingredients, ${rules.rules.length} rules: ${findings.length} findings (${findings.map((f) => f.rule).join(', ')})`,
);
time('checkRoutine (GET .../compatibility)', 5000, () => checkRoutine(routine, rules));
time('fitProduct (GET .../analyze/:token/…)', 2000, () => fitProduct(routine, candidate, rules));
time('summarizeRoutine (detailed_summary)', 5000, () => summarizeRoutine(routine.steps));
