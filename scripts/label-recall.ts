// Recall, precision and speed of the ingredient-list analysis on the label corpora: the clean lists of
// data/labels/corpus.yaml, the retail pages and packs of data/labels/retail.yaml and the layouts of
// data/labels/layout.yaml: recall and wrong matches per failure class.
//   node_modules/.bin/node --import ./register.mjs scripts/label-recall.ts [--no-speed] [--curated] [--details CLASS]
import { loadPlantSynonyms } from '../src/modules/knowledge/plant-synonyms.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import YAML from 'yaml';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher, type KnownIngredient, type MatchType } from '../src/modules/analysis/engine/match.js';
import { nameKey } from '../src/modules/analysis/engine/normalize.js';
import { parseIngredientList, setEntryCacheSize } from '../src/modules/analysis/engine/parse.js';
import { slugify } from '../src/modules/shared/ids.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { inventoryIngredients } from '../src/seeders/inventory.js';
import { dataDir } from '../src/modules/knowledge/yaml-data.js';

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

/**
 * The knowledge base as the matcher sees it: id = alias or slug of the INCI name; first of a repeat wins. With
 * `inventory`, as the service ships it: the EU inventory's names the curated entries lack follow them.
 */
export function loadKnowledgeBase(options: { inventory?: boolean } = {}): KnowledgeBase {
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
  if (options.inventory) {
    const held = ingredients.map((i) => ({
      ...i,
      alias: i.id,
      curated: true,
      functions: [],
      casNumber: null,
      ecNumber: null,
    }));
    for (const row of inventoryIngredients(held).rows) {
      if (idOf.has(row.name.toLowerCase())) continue;
      nameOf.set(row.alias, row.name);
      idOf.set(row.name.toLowerCase(), row.alias);
      ingredients.push({ id: row.alias, name: row.name, otherNames: [], inventoryOnly: true });
    }
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
    labels: labels.length,
    entries: 0,
    expectedInBase: 0,
    recalled: 0,
    recall: 0,
    wrong: [],
    wrongOnExactInci: [],
    unmatched: [],
    gaps: [],
    misaligned: [],
    byMatchType: { exact: 0, alias: 0, fuzzy: 0, none: 0 },
  };
  for (const label of labels) {
    const analysis = analyzeIngredientList(label.text, matcher);
    if (analysis.entries.length !== label.expected.length) {
      report.misaligned.push({
        label: label.name,
        expected: label.expected,
        got: analysis.entries.map((e) => e.input),
      });
      continue;
    }
    analysis.entries.forEach((entry, i) => {
      const expected = label.expected[i];
      const expectedId = expected === null ? null : (kb.idOf.get(expected.toLowerCase()) ?? null);
      const miss: Miss = {
        label: label.name,
        input: entry.input,
        expected,
        match: entry.match,
        got: entry.ingredientId ? (kb.nameOf.get(entry.ingredientId) ?? entry.ingredientId) : null,
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

/** Distinct 40-entry lists made of the corpus' printed entries, in varying order, each pasted as one comma-separated list. */
export function speedLists(labels: CorpusLabel[], count: number, size = 40): string[] {
  const pool = labels.flatMap((l) =>
    parseIngredientList(l.text).entries.map((e) => (e.concentration ? `${e.input} ${e.concentration}` : e.input)),
  );
  const lists = new Set<string>();
  // Each time the starts wrap around the pool they move on by one: with a pool whose length 37 divides (1,813 =
  // 7 × 7 × 37) the starts alone would repeat after 49 lists, and 3,000 lists would be 49 texts over and over.
  for (let k = 0; lists.size < count && k < count * 10; k++) {
    const offset = k * 37;
    const start = (offset + Math.floor(offset / pool.length)) % pool.length;
    const stride = 1 + (k % 7);
    const items: string[] = [];
    for (let j = 0; j < size; j++) items.push(pool[(start + j * stride) % pool.length]);
    lists.add(`Ingredients: ${items.join(', ')}.`);
  }
  return [...lists];
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
    console.log(
      `  [${m.label}] ${JSON.stringify(m.input)} → ${m.got ?? '—'} (${m.match}); expected ${m.expected ?? 'nothing'}`,
    );
  }
}

function main(): void {
  // As the service ships it; --curated: the curated entries alone.
  const kb = loadKnowledgeBase({ inventory: !process.argv.includes('--curated') });
  const labels = loadCorpus();
  const buildStart = process.hrtime.bigint();
  const matcher = new IngredientMatcher(kb.ingredients, { plantSynonyms: loadPlantSynonyms() });
  const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
  const report = evaluateCorpus(labels, matcher, kb);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

  console.log(`Knowledge base: ${kb.ingredients.length} ingredients (matcher built in ${buildMs.toFixed(0)} ms)`);
  console.log(`Corpus: ${report.labels} labels, ${report.entries} entries`);
  console.log(
    `  match types: exact ${report.byMatchType.exact}, alias ${report.byMatchType.alias}, fuzzy ${report.byMatchType.fuzzy}, none ${report.byMatchType.none}`,
  );
  console.log(`  entries whose ingredient is in the base: ${report.expectedInBase}`);
  console.log(`  recall: ${report.recalled}/${report.expectedInBase} = ${pct(report.recall)}`);
  console.log(
    `  wrong matches: ${report.wrong.length} (on inputs printed as the exact INCI name: ${report.wrongOnExactInci.length})`,
  );
  console.log(`  entries naming an ingredient the base lacks: ${report.gaps.length}`);
  console.log(`  misaligned labels: ${report.misaligned.length}`);

  for (const m of report.misaligned) {
    console.log(`\nMISALIGNED [${m.label}] expected ${m.expected.length} entries, got ${m.got.length}:`);
    const n = Math.max(m.expected.length, m.got.length);
    for (let i = 0; i < n; i++)
      console.log(
        `  ${String(i + 1).padStart(2)}. ${JSON.stringify(m.got[i] ?? null)}  —  ${m.expected[i] ?? (i < m.expected.length ? 'null' : '(none)')}`,
      );
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
    console.log(
      `  ${name}${inputs.some((i) => nameKey(i) !== nameKey(name)) ? `  (printed: ${inputs.join('; ')})` : ''}`,
    );
  }

  printRetail(kb, matcher, 'retail.yaml');
  printRetail(kb, matcher, 'layout.yaml');
  printRetail(kb, matcher, 'whole-label.yaml');
  if (process.argv.includes('--no-speed')) return;
  const lists = speedLists(labels, 3000);
  const entriesPerList = lists.slice(0, 50).reduce((n, t) => n + parseIngredientList(t).entries.length, 0) / 50;
  const warm = measureSpeed(lists, matcher, 2);
  const cold = measureSpeed(lists, new IngredientMatcher(kb.ingredients, { cacheSize: 0 }), 1);
  setEntryCacheSize(0);
  const parsedCold = measureSpeed(lists, matcher, 1);
  setEntryCacheSize(20_000);
  const pasted = measureSpeed(
    labels.map((l) => l.text),
    matcher,
    30,
  );
  const retail = measureSpeed(
    loadRetailCorpus().map((l) => l.text),
    matcher,
    10,
  );
  console.log(`\nSpeed (one core, parse + match, after warm-up)`);
  console.log(
    `  ${lists.length} distinct 40-ingredient lists (${entriesPerList.toFixed(1)} entries each), matcher cache warm: ${Math.round(warm.listsPerSecond)} lists/s (${warm.lists} lists in ${warm.seconds.toFixed(2)} s)`,
  );
  console.log(
    `  same lists, matcher cache off:              ${Math.round(cold.listsPerSecond)} lists/s (${cold.lists} lists in ${cold.seconds.toFixed(2)} s)`,
  );
  console.log(
    `  same lists, parser's entry cache off:       ${Math.round(parsedCold.listsPerSecond)} lists/s (${parsedCold.lists} lists in ${parsedCold.seconds.toFixed(2)} s)`,
  );
  console.log(`  the corpus labels as pasted (mixed sizes and messes): ${Math.round(pasted.listsPerSecond)} labels/s`);
  console.log(`  the retail corpus labels as pasted: ${Math.round(retail.listsPerSecond)} labels/s`);
  console.log(`  target: 5000 lists/s`);
}

// --- The retail corpus (data/labels/retail.yaml) -----------------------------------------------------------

/**
 * One expected entry: as printed, the INCI name (null: names no ingredient), active strength (true: an active printed
 * without one), a printed strength that is no active's, and kit part.
 */
export type RetailItem = [
  printed: string,
  inci: string | null,
  extra?: { active?: string | true; strength?: string; part?: string },
];

/** An active named outside the list that the answer must report: as printed, its strength, whether it was analysed. */
export type OutsideItem = [name: string, strength: string, analysed: boolean];

export interface RetailLabel {
  name: string;
  /** The analysis must answer that the list could not be read (layout.yaml). */
  unread?: boolean;
  classes: string[];
  lang: string;
  set_aside: string[];
  text: string;
  entries: RetailItem[];
  /** whole-label.yaml: the actives named outside the list the answer reports (none when absent). */
  outside?: OutsideItem[];
}

export function loadRetailCorpus(file = 'retail.yaml'): RetailLabel[] {
  return YAML.parse(readFileSync(join(dataDir, 'labels', file), 'utf8')) as RetailLabel[];
}

/** The labels of data/labels/layout.yaml: layouts that carry meaning. */
export const loadLayoutCorpus = (): RetailLabel[] => loadRetailCorpus('layout.yaml');

/** The labels of data/labels/whole-label.yaml: strengths, headings and qualifiers read on the whole label (issue 40). */
export const loadWholeLabelCorpus = (): RetailLabel[] => loadRetailCorpus('whole-label.yaml');

/** Figures over a set of labels (one failure class, or all). */
export interface RetailFigures {
  labels: number;
  entries: number;
  /** Expected entries whose ingredient is in the base, and of those matched to it. */
  inBase: number;
  recalled: number;
  /** Entries matched to another ingredient than expected, and entries the label does not have matched to an ingredient. */
  wrong: number;
  /** Entries returned that the label does not have (prose, "free of" items, headings glued on). */
  proseKept: number;
  /** Expected entries the analysis does not return. */
  lost: number;
  listsLosing: number;
  /** Lists that gain an ingredient they do not have. */
  listsGaining: number;
  /** Entries whose active flag or strength is wrong. */
  activeErrors: number;
  /** Entries given to the wrong kit part. */
  partErrors: number;
  /** Expected kinds of set-aside text not reported. */
  setAsideMissed: number;
  /** Labels whose "could not be read" answer is wrong (an unread list answered as read, or the reverse). */
  unreadErrors: number;
  /** Entries returned matched to some ingredient: the denominator of precision. */
  matched: number;
  /** Entries whose printed strength (not an active's) is wrong. */
  strengthErrors: number;
  /** Actives named outside the list reported wrong: missed, invented, or analysed when not (or the reverse). */
  outsideErrors: number;
}

export interface RetailProblem {
  label: string;
  kind: string;
  detail: string;
}

const emptyFigures = (): RetailFigures => ({
  labels: 0,
  entries: 0,
  inBase: 0,
  recalled: 0,
  wrong: 0,
  proseKept: 0,
  lost: 0,
  listsLosing: 0,
  listsGaining: 0,
  activeErrors: 0,
  partErrors: 0,
  setAsideMissed: 0,
  unreadErrors: 0,
  matched: 0,
  strengthErrors: 0,
  outsideErrors: 0,
});

interface ReturnedEntry {
  input: string;
  ingredientId: string | null;
  active: boolean;
  concentration: string | null;
  part?: string | null;
}

/** Pairs returned and expected entries in printed order (longest common subsequence). */
function align(
  got: ReturnedEntry[],
  want: RetailItem[],
  idOf: (inci: string | null) => string | null,
): Array<[number, number]> {
  const same = (g: ReturnedEntry, w: RetailItem): boolean => {
    const id = idOf(w[1]);
    return (id !== null && g.ingredientId === id) || nameKey(g.input) === nameKey(w[0]);
  };
  const n = got.length;
  const m = want.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i][j] = same(got[i], want[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (same(got[i], want[j]) && table[i][j] === table[i + 1][j + 1] + 1) pairs.push([i++, j++]);
    else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

export function evaluateRetail(
  labels: RetailLabel[],
  matcher: IngredientMatcher,
  kb: KnowledgeBase,
  /** Check the actives named outside the list on every label (whole-label.yaml), not only where a label names some. */
  options: { outside?: boolean } = {},
): { byClass: Map<string, RetailFigures>; problems: RetailProblem[] } {
  const byClass = new Map<string, RetailFigures>();
  const problems: RetailProblem[] = [];
  const idOf = (inci: string | null): string | null =>
    inci === null ? null : (kb.idOf.get(inci.toLowerCase()) ?? null);
  const nameOfId = (id: string | null): string => (id ? (kb.nameOf.get(id) ?? id) : '—');
  for (const label of labels) {
    const analysis = analyzeIngredientList(label.text, matcher) as ReturnType<typeof analyzeIngredientList> & {
      setAside?: Array<{ kind: string; text: string }>;
      unread?: boolean;
      activesOutsideList?: Array<{ name: string; strength: string; analysed: boolean }>;
    };
    const got = analysis.entries as ReturnedEntry[];
    const pairs = align(got, label.entries, idOf);
    const f = emptyFigures();
    f.labels = 1;
    f.entries = label.entries.length;
    const gotPaired = new Set(pairs.map((p) => p[0]));
    const wantPaired = new Set(pairs.map((p) => p[1]));
    const expectedIds = new Set(label.entries.map((e) => idOf(e[1])).filter((id) => id !== null));
    for (const e of label.entries) if (idOf(e[1])) f.inBase++;
    for (const [gi, wi] of pairs) {
      const g = got[gi];
      const w = label.entries[wi];
      const id = idOf(w[1]);
      if (id && g.ingredientId === id) f.recalled++;
      if (g.ingredientId && g.ingredientId !== id) {
        f.wrong++;
        problems.push({
          label: label.name,
          kind: 'wrong',
          detail: `${JSON.stringify(g.input)} → ${nameOfId(g.ingredientId)}; expected ${w[1] ?? 'nothing'}`,
        });
      } else if (id && !g.ingredientId)
        problems.push({ label: label.name, kind: 'unmatched', detail: `${JSON.stringify(g.input)}; expected ${w[1]}` });
      const active = w[2]?.active;
      if (Boolean(active) !== g.active || (typeof active === 'string' && g.concentration !== active)) {
        f.activeErrors++;
        problems.push({
          label: label.name,
          kind: 'active',
          detail: `${JSON.stringify(g.input)} active=${g.active} ${g.concentration ?? ''}; expected ${active ? `active ${active}` : 'not active'}`,
        });
      }
      const strength = w[2]?.strength;
      if (strength && g.concentration !== strength) {
        f.strengthErrors++;
        problems.push({
          label: label.name,
          kind: 'strength',
          detail: `${JSON.stringify(g.input)} ${g.concentration ?? 'no strength'}; expected ${strength}`,
        });
      }
      const part = w[2]?.part ?? null;
      if ((part ?? '').toLowerCase() !== (g.part ?? '').toLowerCase()) {
        f.partErrors++;
        problems.push({
          label: label.name,
          kind: 'part',
          detail: `${JSON.stringify(g.input)} in ${g.part ?? 'no part'}; expected ${part ?? 'no part'}`,
        });
      }
    }
    for (const g of got) if (g.ingredientId) f.matched++;
    const checkOutside = options.outside || label.outside !== undefined;
    const outside = (checkOutside ? (analysis.activesOutsideList ?? []) : []).map(
      (o) => `${o.name}|${o.strength}|${o.analysed}`,
    );
    const wantOutside = (label.outside ?? []).map(([name, strength, analysed]) => `${name}|${strength}|${analysed}`);
    for (const o of wantOutside.filter((o) => !outside.includes(o)))
      problems.push({ label: label.name, kind: 'outside', detail: `missed ${o}` });
    for (const o of outside.filter((o) => !wantOutside.includes(o)))
      problems.push({ label: label.name, kind: 'outside', detail: `reported ${o}` });
    f.outsideErrors =
      wantOutside.filter((o) => !outside.includes(o)).length + outside.filter((o) => !wantOutside.includes(o)).length;
    got.forEach((g, i) => {
      if (gotPaired.has(i)) return;
      f.proseKept++;
      problems.push({
        label: label.name,
        kind: 'kept',
        detail: `${JSON.stringify(g.input)} → ${nameOfId(g.ingredientId)}`,
      });
      if (g.ingredientId) f.wrong++;
    });
    if (got.some((g, i) => !gotPaired.has(i) && g.ingredientId && !expectedIds.has(g.ingredientId))) f.listsGaining = 1;
    label.entries.forEach((w, j) => {
      if (wantPaired.has(j)) return;
      f.lost++;
      problems.push({ label: label.name, kind: 'lost', detail: JSON.stringify(w[0]) });
    });
    if (f.lost) f.listsLosing = 1;
    if (Boolean(analysis.unread) !== Boolean(label.unread)) {
      f.unreadErrors = 1;
      problems.push({
        label: label.name,
        kind: 'unread',
        detail: `answered ${analysis.unread ? 'unread' : 'read'}; expected ${label.unread ? 'unread' : 'read'}`,
      });
    }
    const kinds = new Set<string>((analysis.setAside ?? []).map((s) => s.kind));
    for (const kind of label.set_aside) {
      if (kinds.has(kind)) continue;
      f.setAsideMissed++;
      problems.push({ label: label.name, kind: 'set-aside', detail: `no ${kind} reported` });
    }
    for (const cls of ['all', ...label.classes]) {
      const total = byClass.get(cls) ?? emptyFigures();
      for (const key of Object.keys(f) as Array<keyof RetailFigures>) total[key] += f[key];
      byClass.set(cls, total);
    }
  }
  return { byClass, problems };
}

function printRetail(kb: KnowledgeBase, matcher: IngredientMatcher, file: string): void {
  const labels = loadRetailCorpus(file);
  const { byClass, problems } = evaluateRetail(labels, matcher, kb, { outside: file === 'whole-label.yaml' });
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');
  console.log(`\nCorpus data/labels/${file}: ${labels.length} labels, per class`);
  const header = [
    'class',
    'labels',
    'entries',
    'recall',
    'precision',
    'wrong',
    'kept',
    'lost',
    'lists losing',
    'lists gaining',
    'active err',
    'part err',
    'set-aside missed',
    'unread err',
    'strength err',
    'outside err',
  ];
  const rows = [...byClass]
    .sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)))
    .map(([cls, f]) => [
      cls,
      String(f.labels),
      String(f.entries),
      `${pct(f.recalled, f.inBase)} (${f.recalled}/${f.inBase})`,
      `${pct(f.matched - f.wrong, f.matched)} (${f.matched - f.wrong}/${f.matched})`,
      `${f.wrong} (${pct(f.wrong, f.entries)})`,
      String(f.proseKept),
      String(f.lost),
      `${f.listsLosing} (${pct(f.listsLosing, f.labels)})`,
      String(f.listsGaining),
      String(f.activeErrors),
      String(f.partErrors),
      String(f.setAsideMissed),
      String(f.unreadErrors),
      String(f.strengthErrors),
      String(f.outsideErrors),
    ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(`  ${row.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
  const at = process.argv.indexOf('--details');
  if (at > 0) {
    const only = process.argv[at + 1];
    const names = new Set(labels.filter((l) => !only || only === 'all' || l.classes.includes(only)).map((l) => l.name));
    for (const p of problems) if (names.has(p.label)) console.log(`  [${p.label}] ${p.kind}: ${p.detail}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
