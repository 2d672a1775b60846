// Recall, precision and speed of the ingredient-list analysis on the label corpus (data/labels/corpus.yaml).
//   node_modules/.bin/node --import ./register.mjs scripts/label-recall.ts [--no-speed]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import YAML from 'yaml';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher, type KnownIngredient, type MatchType } from '../src/modules/analysis/engine/match.js';
import { nameKey } from '../src/modules/analysis/engine/normalize.js';
import { parseIngredientList } from '../src/modules/analysis/engine/parse.js';
import { slugify } from '../src/modules/shared/ids.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { dataDir } from '../src/seeders/yaml-data.js';

export interface CorpusLabel {
  name: string;
  text: string;
  /** One per entry the analysis should return: the INCI name, or null for an entry naming no ingredient. */
  expected: Array<string | null>;
}

export function loadCorpus(): CorpusLabel[] {
  return YAML.parse(readFileSync(join(dataDir, 'labels', 'corpus.yaml'), 'utf8')) as CorpusLabel[];
}

export interface KnowledgeBase {
  ingredients: KnownIngredient[];
  /** INCI name by ingredient id. */
  nameOf: Map<string, string>;
  /** Ingredient id by lowercase INCI name. */
  idOf: Map<string, string>;
}

/** The knowledge base as the matcher sees it: id = alias or slug of the INCI name; first of a repeat wins. */
export function loadKnowledgeBase(): KnowledgeBase {
  const ingredients: KnownIngredient[] = [];
  const nameOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  for (const record of loadIngredientRecords()) {
    const id = record.alias ?? slugify(record.inci);
    const name = String(record.inci).trim();
    if (nameOf.has(id) || idOf.has(name.toLowerCase())) continue;
    nameOf.set(id, name);
    idOf.set(name.toLowerCase(), id);
    ingredients.push({ id, name, otherNames: (record.other_names ?? []).map(String) });
  }
  return { ingredients, nameOf, idOf };
}

export interface Miss {
  label: string;
  input: string;
  expected: string | null;
  got: string | null;
  match: MatchType;
}

export interface CorpusReport {
  labels: number;
  entries: number;
  /** Entries whose expected ingredient is in the knowledge base. */
  expectedInBase: number;
  /** Of those, matched to the expected ingredient. */
  recalled: number;
  recall: number;
  /** Entries matched to another ingredient than expected (including entries expected to match nothing). */
  wrong: Miss[];
  /** Wrong matches on entries printed as the exact INCI name expected. */
  wrongOnExactInci: Miss[];
  /** Entries whose expected ingredient is in the base, matched to nothing. */
  unmatched: Miss[];
  /** Entries naming a real ingredient the knowledge base lacks (expected name not an INCI name of the base). */
  gaps: Miss[];
  /** Labels whose entries do not line up with the expected list (the parser split them differently). */
  misaligned: Array<{ label: string; expected: Array<string | null>; got: string[] }>;
  byMatchType: Record<MatchType, number>;
}

export function evaluateCorpus(labels: CorpusLabel[], matcher: IngredientMatcher, kb: KnowledgeBase): CorpusReport {
  const report: CorpusReport = {
    labels: labels.length, entries: 0, expectedInBase: 0, recalled: 0, recall: 0,
    wrong: [], wrongOnExactInci: [], unmatched: [], gaps: [], misaligned: [],
    byMatchType: { exact: 0, alias: 0, fuzzy: 0, none: 0 },
  };
  for (const label of labels) {
    const analysis = analyzeIngredientList(label.text, matcher);
    if (analysis.entries.length !== label.expected.length) {
      report.misaligned.push({ label: label.name, expected: label.expected, got: analysis.entries.map((e) => e.input) });
      continue;
    }
    analysis.entries.forEach((entry, i) => {
      const expected = label.expected[i];
      const expectedId = expected === null ? null : kb.idOf.get(expected.toLowerCase()) ?? null;
      const miss: Miss = {
        label: label.name, input: entry.input, expected, match: entry.match,
        got: entry.ingredientId ? kb.nameOf.get(entry.ingredientId) ?? entry.ingredientId : null,
      };
      report.entries++;
      report.byMatchType[entry.match]++;
      if (expected !== null && !expectedId) report.gaps.push(miss);
      if (expectedId) {
        report.expectedInBase++;
        if (entry.ingredientId === expectedId) report.recalled++;
        else if (!entry.ingredientId) report.unmatched.push(miss);
      }
      if (entry.ingredientId && entry.ingredientId !== expectedId) {
        report.wrong.push(miss);
        if (expected !== null && nameKey(entry.input) === nameKey(expected)) report.wrongOnExactInci.push(miss);
      }
    });
  }
  report.recall = report.expectedInBase ? report.recalled / report.expectedInBase : 0;
  return report;
}

/** 40-entry lists made of the corpus' printed entries, in varying order, each pasted as one comma-separated list. */
export function speedLists(labels: CorpusLabel[], count: number, size = 40): string[] {
  const pool = labels.flatMap((l) => parseIngredientList(l.text).entries.map((e) => (e.concentration ? `${e.input} ${e.concentration}` : e.input)));
  const lists: string[] = [];
  for (let k = 0; k < count; k++) {
    const start = (k * 37) % pool.length;
    const stride = 1 + (k % 7);
    const items: string[] = [];
    for (let j = 0; j < size; j++) items.push(pool[(start + j * stride) % pool.length]);
    lists.push(`Ingredients: ${items.join(', ')}.`);
  }
  return lists;
}

export interface SpeedResult {
  lists: number;
  seconds: number;
  listsPerSecond: number;
}

/** Parse + match of `lists` on one core, after a warm-up pass. */
export function measureSpeed(lists: string[], matcher: IngredientMatcher, rounds = 1): SpeedResult {
  for (const text of lists.slice(0, Math.min(lists.length, 500))) analyzeIngredientList(text, matcher);
  const start = process.hrtime.bigint();
  let n = 0;
  for (let r = 0; r < rounds; r++) {
    for (const text of lists) {
      analyzeIngredientList(text, matcher);
      n++;
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { lists: n, seconds, listsPerSecond: n / seconds };
}

function printMisses(title: string, misses: Miss[]): void {
  console.log(`\n${title} (${misses.length})`);
  for (const m of misses) {
    console.log(`  [${m.label}] ${JSON.stringify(m.input)} → ${m.got ?? '—'} (${m.match}); expected ${m.expected ?? 'nothing'}`);
  }
}

function main(): void {
  const kb = loadKnowledgeBase();
  const labels = loadCorpus();
  const buildStart = process.hrtime.bigint();
  const matcher = new IngredientMatcher(kb.ingredients);
  const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
  const report = evaluateCorpus(labels, matcher, kb);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

  console.log(`Knowledge base: ${kb.ingredients.length} ingredients (matcher built in ${buildMs.toFixed(0)} ms)`);
  console.log(`Corpus: ${report.labels} labels, ${report.entries} entries`);
  console.log(`  match types: exact ${report.byMatchType.exact}, alias ${report.byMatchType.alias}, fuzzy ${report.byMatchType.fuzzy}, none ${report.byMatchType.none}`);
  console.log(`  entries whose ingredient is in the base: ${report.expectedInBase}`);
  console.log(`  recall: ${report.recalled}/${report.expectedInBase} = ${pct(report.recall)}`);
  console.log(`  wrong matches: ${report.wrong.length} (on inputs printed as the exact INCI name: ${report.wrongOnExactInci.length})`);
  console.log(`  entries naming an ingredient the base lacks: ${report.gaps.length}`);
  console.log(`  misaligned labels: ${report.misaligned.length}`);

  for (const m of report.misaligned) {
    console.log(`\nMISALIGNED [${m.label}] expected ${m.expected.length} entries, got ${m.got.length}:`);
    const n = Math.max(m.expected.length, m.got.length);
    for (let i = 0; i < n; i++) console.log(`  ${String(i + 1).padStart(2)}. ${JSON.stringify(m.got[i] ?? null)}  —  ${m.expected[i] ?? (i < m.expected.length ? 'null' : '(none)')}`);
  }
  printMisses('Wrong matches', report.wrong);
  printMisses('Unmatched (ingredient in the base)', report.unmatched);
  const gapNames = new Map<string, string[]>();
  for (const g of report.gaps) {
    const inputs = gapNames.get(g.expected!) ?? [];
    if (!inputs.includes(g.input)) inputs.push(g.input);
    gapNames.set(g.expected!, inputs);
  }
  console.log(`\nIngredients the knowledge base lacks (${gapNames.size}; as printed)`);
  for (const [name, inputs] of [...gapNames].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${name}${inputs.some((i) => nameKey(i) !== nameKey(name)) ? `  (printed: ${inputs.join('; ')})` : ''}`);
  }

  if (process.argv.includes('--no-speed')) return;
  const lists = speedLists(labels, 3000);
  const entriesPerList = lists.slice(0, 50).reduce((n, t) => n + parseIngredientList(t).entries.length, 0) / 50;
  const warm = measureSpeed(lists, matcher, 2);
  const cold = measureSpeed(lists, new IngredientMatcher(kb.ingredients, { cacheSize: 0 }), 1);
  const pasted = measureSpeed(labels.map((l) => l.text), matcher, 30);
  console.log(`\nSpeed (one core, parse + match, after warm-up)`);
  console.log(`  ${lists.length} distinct 40-ingredient lists (${entriesPerList.toFixed(1)} entries each), matcher cache warm: ${Math.round(warm.listsPerSecond)} lists/s (${warm.lists} lists in ${warm.seconds.toFixed(2)} s)`);
  console.log(`  same lists, matcher cache off:              ${Math.round(cold.listsPerSecond)} lists/s (${cold.lists} lists in ${cold.seconds.toFixed(2)} s)`);
  console.log(`  the corpus labels as pasted (mixed sizes and messes): ${Math.round(pasted.listsPerSecond)} labels/s`);
  console.log(`  target: 5000 lists/s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
