// No label may cost more than it is charged (issue 37): parse + match, the engine work of POST /analyze/ingredient_list
// (analyzeIngredientList), must grow linearly with the text on every shape a client can send. Each shape is made at
// 10,000 and 20,000 characters (the contract's limit) and timed by CPU (process.threadCpuUsage: user + system of this thread, never the
// wall clock), best of several runs, with a floor so that a few milliseconds give no ratio: doubling the text may at
// most treble the CPU, and no shape at 20,000 characters may cost more than eight ordinary 20,000-character lists. The
// cap is wide on purpose: the thread's CPU clock ticks in 4 ms steps here and an ordinary list costs about one tick, so
// a linear shape that does a little more per character ("Step 1. " sentences, about 16 ms) sits at 2-3 ordinary
// lists; the backtracking this guards against cost seconds (43 s at 9.6 kB), a thousand times over any such cap.
//
// How the shapes were chosen: a regular expression or a loop turns super-linear on a long run of what it skips or
// repeats, so every character the parser treats specially is sent as a run (each separator, line breaks, spaces,
// tabs, brackets of every kind nested or left open, markers, digits, percent signs), next to a name ("Aqua" + run +
// "Aqua", the attack of the issue), alone, and interleaved with a short name; then the words the parser looks for
// repeated (headings, "Step 1", numbering, "may contain", "free of", kit names with colons, drug facts, HTML tags and
// comments), long tokens without separators in Latin, CJK and Hangul, and random mixtures of all these fragments
// (fast-check, fixed seed) so that two special things next to each other are tried too.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { setEntryCacheSize } from '../src/modules/analysis/engine/parse.js';
import { loadKnowledgeBase } from '../scripts/label-recall.js';
import { fill } from './helpers/label-shapes.js';

const LIMIT = 20_000;
/** CPU below this many milliseconds counts as this many: noise, not growth. */
const FLOOR_MS = 8;
const RUNS = 3;
/** The parser's entry cache as the service sets it (parse.ts). */
const ENTRY_CACHE = 20_000;
const MAX_RUNS = 12;
/** No shape at 20,000 characters may cost more than this many ordinary lists of that length. */
const ORDINARY_MULTIPLE = 8;

const SEPARATORS: Record<string, string> = {
  newlines: '\n',
  spaces: ' ',
  tabs: '\t',
  crlf: '\r\n',
  commas: ',',
  'full stops': '.',
  colons: ':',
  semicolons: ';',
  slashes: '/',
  backslashes: '\\',
  dashes: '-',
  'em dashes': '—',
  bullets: '•',
  pipes: '|',
  ampersands: ' & ',
  'full-width commas': '、',
  'non-breaking spaces': '\u00a0',
  'zero-width spaces': '\u200b',
  asterisks: '*',
  ellipses: '…',
  digits: '0',
  'percent signs': '%',
  'space-dot': ' .',
  'space-newline': ' \n',
  'dot-space': '. ',
  'colon-newline': ':\n',
};
const BRACKETS = ['()', '[]', '{}', '（）', '【】', '<>'];
// Every heading the parser looks for, then a run of white space: a pattern that reads a heading and then the
// space after it ("Active ingredients" + spaces cost 15 s at 3,000 characters) is caught whatever the heading.
const HEADINGS = [
  'Active ingredients',
  'Active Ingredients (USP)',
  'Actives',
  'Inactive ingredients',
  'Ingredients',
  'INCI',
  'Step 1',
  '1.',
  'May contain',
  'Directions',
  'Drug Facts',
  'Purpose',
];
const HEADING_RUNS = { spaces: ' ', 'line breaks': '\n', tabs: '\t', 'spaces and line breaks': ' \n' };

const shapes: Array<[string, (size: number) => string]> = [];
for (const [name, run] of Object.entries(SEPARATORS)) {
  shapes.push([`Aqua, a run of ${name}, Aqua`, (n) => fill(n, run, 'Aqua', 'Aqua')]);
  shapes.push([`a run of ${name} alone`, (n) => fill(n, run)]);
  shapes.push([`"Aqua" and ${name} alternating`, (n) => fill(n, `Aqua${run}`)]);
  shapes.push([
    `"Aqua" and ${name} alternating, then a list on the next line`,
    (n) => fill(n, `Aqua${run}`, '', '\nAqua, Glycerin, Niacinamide'),
  ]);
}
for (const heading of HEADINGS) {
  for (const [name, run] of Object.entries(HEADING_RUNS)) {
    shapes.push([`"${heading}", a run of ${name}, Aqua`, (n) => fill(n, run, heading, 'Aqua')]);
  }
}
for (const [open, close] of BRACKETS) {
  shapes.push([`${open} nested`, (n) => `${open.repeat(n / 2)}${close.repeat(n / 2)}`]);
  shapes.push([`${open} left open`, (n) => fill(n, open, 'Aqua ')]);
  shapes.push([`${close} never opened`, (n) => fill(n, close, 'Aqua ')]);
  shapes.push([`${open}Aqua repeated, left open`, (n) => fill(n, `${open}Aqua `)]);
  shapes.push([`${open} spaces, then Aqua`, (n) => fill(n, ' ', `Aqua ${open}`, `Aqua${close}`)]);
}
for (const [name, unit] of Object.entries({
  'a long Latin token': 'a',
  'names run together': 'Aqua',
  'a long CJK token': '水',
  'a long Hangul token': '정제수',
  'a long Japanese token': 'グリセリン',
  'CJK names, full-width commas': '정제수、글리세린，',
  'Latin, CJK and Hangul mixed': 'Aqua 水 정제수 ',
  '"step 1" numbering': 'Step 1 ',
  '"Step 1." sentences': 'Step 1. ',
  '"step 1:" lines': 'Step 1:\n',
  '"1." numbering': '1. ',
  '"1. Name:" lines': '1. Gentle Cleanser: Aqua, Glycerin, Niacinamide\n',
  'kit names with colons': 'Gentle Cleanser: ',
  '"Product name:" fields': 'Product name: Aqua ',
  'repeated "Ingredients:"': 'Ingredients: ',
  '"Ingredients" alone on lines': 'Ingredients\n',
  'repeated "Active ingredients:"': 'Active Ingredients: Zinc Oxide 20% ',
  '"Inactive ingredients:"': 'Inactive Ingredients: ',
  percentages: '1.5% ',
  'glued percentages': 'Aqua 2%Aqua ',
  'percent then letters': '0%a',
  'digits with commas': '1,2',
  'may contain': 'May contain ',
  '+/- markers': '[+/- ',
  'free of claims': 'free of parabens, ',
  'paraben-free claims': 'paraben-free ',
  'footnote markers': 'Aqua* ',
  'footnote lines': '*Certified organic\n',
  'HTML tags': '<p>',
  'open angle brackets': '<',
  'unclosed comments': '<!--',
  'unclosed scripts': '<script',
  'an open tag of spaces': '< ',
  'HTML entities': '&amp;',
  'CI numbers': 'CI 77891, ',
  'slash synonyms': 'Aqua/Water/Eau ',
  'directions after the list': '. Directions: ',
  'nano markers': 'Aqua (nano) ',
  'leader dots': 'Zinc Oxide 6.5% ..... ',
  sentences: 'This formula helps your skin. ',
  'words joined by and': 'Aqua and ',
  // Issue 40: strengths read outside the list, headings, qualifiers.
  'strength bullets': '-5% Benzoyl Peroxide: Has acne-fighting ingredients.\n',
  'strengths after names': 'Zinc Oxide 7%, Titanium Dioxide 4.069% ',
  'strengths in brackets with words': 'Aqua (10% Retinoid Ester in ',
  'strengths between pipes': 'Avobenzone 3% | ',
  'full-width strengths': 'ナイアシンアミド５％配合',
  'purposes before names': 'Sunscreen Octinoxate 7.5% ',
  '"Phase A:" headings': 'Phase A: Aqua, ',
  '"Formula 1:" parts': 'Formula 1: Aqua, Glycerin, Niacinamide\n',
  'numbered parts run on': '1. Gel: Aqua, Glycerin, Niacinamide ',
  'full-stop headings': 'Vitamin C. ',
  'qualifiers in brackets': 'Limonene (Fragrances of Botanical Origin), ',
  '有効成分 lines': '有効成分：',
})) {
  shapes.push([unit.length > 30 ? name : `${name} (${JSON.stringify(unit)})`, (n) => fill(n, unit)]);
}

// Random mixtures of the fragments above: two special things next to each other.
const FRAGMENTS = [
  ...Object.values(SEPARATORS),
  ...BRACKETS.flatMap((b) => [...b]),
  'Aqua',
  'Glycerin',
  'Step 2',
  '1.',
  'Ingredients:',
  '10%',
  'Toner:',
  '水',
  '정제수',
  '<b>',
  'free of',
  'may contain',
  '*',
];
const mixtures = fc.sample(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 2, maxLength: 6 }), {
  numRuns: 12,
  seed: 37,
});
for (const parts of mixtures) {
  const unit = parts.join('');
  shapes.push([`mixture ${JSON.stringify(unit)}`, (n) => fill(n, unit)]);
}

let matcher: IngredientMatcher;
let knownNames: string[];

/** CPU milliseconds of one parse + match, the caches emptied first: what the first sender of a text costs. */
function cpuOnce(text: string): number {
  matcher.clearCaches();
  setEntryCacheSize(ENTRY_CACHE);
  const start = process.threadCpuUsage();
  analyzeIngredientList(text, matcher);
  const used = process.threadCpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Best CPU milliseconds of parse + match over a few runs, floored. */
function cpuOf(text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) best = Math.min(best, cpuOnce(text));
  return Math.max(best, FLOOR_MS);
}

/**
 * Best CPU of each of two texts, their runs alternating (a burst of load on the machine falls on both). A collection
 * of garbage falls on one run or another: while the larger text looks more than `ratio` times as costly (or above `cap`), more runs
 * are taken (up to MAX_RUNS), since a best time only goes down; super-linear work stays costly on every run.
 */
function cpuOfBoth(a: string, b: string, ratio: number, cap: number): [number, number] {
  let bestA = Number.POSITIVE_INFINITY;
  let bestB = Number.POSITIVE_INFINITY;
  for (let i = 0; i < MAX_RUNS; i++) {
    bestA = Math.min(bestA, cpuOnce(a));
    bestB = Math.min(bestB, cpuOnce(b));
    const floored = Math.max(bestB, FLOOR_MS);
    if (i + 1 >= RUNS && floored <= ratio * Math.max(bestA, FLOOR_MS) && floored <= cap) break;
  }
  return [Math.max(bestA, FLOOR_MS), Math.max(bestB, FLOOR_MS)];
}

describe('parse + match grow linearly on every shape of label', () => {
  let ordinary: number;

  beforeAll(() => {
    const kb = loadKnowledgeBase();
    // The caches as the service has them, emptied before each run (cpuOnce): a reading remembered from an earlier run
    // would hide the work the first sender of a shape causes; within a run they work as they do for that sender.
    matcher = new IngredientMatcher(kb.ingredients);
    knownNames = kb.ingredients.map((i) => i.name);
    // Every name once, in the knowledge base's order, as far as 20,000 characters go.
    const list = fill(LIMIT, `${knownNames.join(', ')}, `, 'Ingredients: ');
    ordinary = cpuOf(list);
  });

  it('an ordinary 20,000-character list is read', () => {
    expect(analyzeIngredientList(fill(LIMIT, 'Aqua, Glycerin, '), matcher).entries.length).toBeGreaterThan(0);
    expect(ordinary).toBeGreaterThan(0);
  });

  it.each(shapes.map(([name, make]) => [name, make] as const))('%s', (_name, make) => {
    const half = make(LIMIT / 2);
    const full = make(LIMIT);
    expect(full.length).toBe(LIMIT);
    const cap = ORDINARY_MULTIPLE * Math.max(ordinary, FLOOR_MS);
    const [cpuHalf, cpuFull] = cpuOfBoth(half, full, 3, cap);
    expect(cpuFull / cpuHalf).toBeLessThanOrEqual(3);
    expect(cpuFull).toBeLessThanOrEqual(cap);
  });

  afterAll(() => setEntryCacheSize(ENTRY_CACHE));
});
