// Analysis on one core, in-process: lists per CPU-second of parse + match, and of parse + match + the list's
// reading (doses, EU law, flags: what an answer's verdicts are made of), over the knowledge base as each tree
// ships it (this one: the curated entries and the EU inventory). No HTTP, no database. This is the engine work of
// POST /analyze/ingredient_list, whose answer holds the entries with their reading, the flag summary and the alerts;
// the rules and skin-type verdicts are requests of their own (GET /analyze/:token/rules, /skin_calc), not timed here.
//   node --import ./register.mjs bench/analysis-core.ts [--baseline <other checkout>] [--rounds 5] [--passes 2]
// Lists: scripts/label-recall.ts' 3,000 distinct 40-entry lists of the label corpus' entries, and the demo
// catalog's 364 lists as printed; the same texts for both trees, made once from this tree's corpus. Trees alternate
// pass by pass; CPU time is process.cpuUsage() (user + system) around each pass; medians of the rounds. The
// matcher's and the parser's caches stay warm between passes, as in a server.
import { resolve } from 'node:path';
import { loadCorpus, speedLists } from '../scripts/label-recall.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const rounds = Number(option('--rounds') ?? 5);
const passes = Number(option('--passes') ?? 2);
const baseline = option('--baseline');

interface Tree {
  label: string;
  ingredients: number;
  /** Parse + match of one list. */
  analyze(text: string): { entries: Array<{ ingredientId: string | null }> };
  /** Parse + match + the list's reading. */
  analyzeAndRead(text: string): unknown;
}

interface Row {
  alias: string;
  name: string;
  otherNames: string[];
  flags: string[];
  groups: string[];
  effects: string[];
  functions: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
  casNumber?: string | null;
}

async function loadTree(dir: string, label: string): Promise<Tree> {
  const from = (path: string) => import(resolve(dir, path));
  const recall = await from('scripts/label-recall.ts');
  const { IngredientMatcher } = await from('src/modules/analysis/engine/match.ts');
  const { analyzeIngredientList } = await from('src/modules/analysis/engine/analyze.ts');
  const { readList } = await from('src/modules/analysis/engine/read-list.ts');
  const { loadRegulation } = await from('src/modules/analysis/regulation-data.ts');
  const { loadVocabulary } = await from('src/modules/ingredient/vocabulary.ts');
  const { loadIngredientRecords, ingredientRow } = await from('src/seeders/knowledge-base.ts');
  // The matcher's view as the tree's label-recall script builds it (ids are aliases), with the inventory if it ships
  // one (a tree without it takes no argument).
  const kb = recall.loadKnowledgeBase({ inventory: true });
  const rows = new Map<string, Row>();
  for (const record of loadIngredientRecords()) {
    const row = ingredientRow(record) as Row;
    if (!rows.has(row.alias)) rows.set(row.alias, row);
  }
  const inventoryModule = await from('src/seeders/inventory.ts').catch(() => null);
  if (inventoryModule) {
    const held = [...rows.values()].map((r) => ({ ...r, id: r.alias, curated: true, ecNumber: null }));
    for (const row of inventoryModule.inventoryIngredients(held).rows as Row[])
      if (!rows.has(row.alias)) rows.set(row.alias, { ...row, otherNames: [], groups: [], effects: [] });
  }
  const matcher = new IngredientMatcher(kb.ingredients);
  const regulation = loadRegulation();
  const flagOrder = Object.keys(loadVocabulary().flags);
  const analyze = (text: string) => analyzeIngredientList(text, matcher);
  return {
    label,
    ingredients: kb.ingredients.length,
    analyze,
    analyzeAndRead(text: string) {
      const { entries } = analyze(text);
      return readList(
        entries.map((e: Record<string, unknown>) => ({
          position: e.position,
          input: e.input,
          concentration: e.concentration ?? null,
          mayContain: e.mayContain,
          active: e.active ?? false,
          part: e.part ?? null,
          nano: e.nano ?? false,
          ingredient: e.ingredientId ? (rows.get(e.ingredientId as string) ?? null) : null,
        })),
        regulation,
        null,
        flagOrder,
      );
    },
  };
}

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const corpusLists = speedLists(loadCorpus(), 3000);
const catalogLists = readYaml<Array<{ ingredient_list: string }>>('catalog/products.yaml').map(
  (p) => p.ingredient_list,
);
const trees = [await loadTree('.', 'this tree')];
if (baseline) trees.unshift(await loadTree(baseline, `baseline (${baseline})`));

const kinds = [
  { name: 'corpus 40-entry lists, parse + match', lists: corpusLists, read: false },
  { name: 'corpus 40-entry lists, parse + match + reading', lists: corpusLists, read: true },
  { name: 'demo catalog lists, parse + match + reading', lists: catalogLists, read: true },
] as const;
const entriesOf = (tree: Tree, lists: readonly string[]) =>
  lists.reduce((n, t) => n + tree.analyze(t).entries.length, 0) / lists.length;
for (const tree of trees) {
  console.log(
    `${tree.label}: ${tree.ingredients} ingredients; corpus lists ${entriesOf(tree, corpusLists).toFixed(1)} entries, ` +
      `catalog lists ${entriesOf(tree, catalogLists).toFixed(1)} entries on average`,
  );
}
for (const kind of kinds) {
  const run = (tree: Tree) => {
    const start = cpuSeconds();
    for (let p = 0; p < passes; p++)
      for (const text of kind.lists) kind.read ? tree.analyzeAndRead(text) : tree.analyze(text);
    return (passes * kind.lists.length) / (cpuSeconds() - start);
  };
  for (const tree of trees) run(tree); // warm-up: JIT, caches
  const rates = trees.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) for (const [i, tree] of trees.entries()) rates[i].push(run(tree));
  console.log(`\n${kind.name} (${kind.lists.length} lists × ${passes} passes, ${rounds} rounds):`);
  for (const [i, tree] of trees.entries())
    console.log(
      `  ${tree.label}: ${Math.round(median(rates[i]))} lists per CPU-second (rounds: ${rates[i].map(Math.round).join(', ')})`,
    );
  if (trees.length === 2)
    console.log(`  this tree / baseline: ${(median(rates[1]) / median(rates[0])).toFixed(2)}; target 5,000 lists/s`);
}
