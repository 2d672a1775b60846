// What a search box's words ask for beyond names (issue 42): free-from constraints ("fragrance
// free", "without sulfates", "w/o alcohol", "reef safe", "safe for pregnancy"), a ranking wish
// ("non-comedogenic"), "free" claims an ingredient list cannot show ("gluten free", "vegan"), and
// words that say how to buy rather than what ("buy", "cheap", "30 ml"). Reads the folded words,
// takes those out, and leaves the rest to the text search. Pure: the vocabulary is
// data/search-intents.yaml as src/modules/search/synonyms.ts reads it.
import { fold } from './query.js';

export interface IntentVocabulary {
  /** Phrases naming what a constraint avoids ("essential oils") → the contract's free_of word and how it is checked. */
  avoided: ReadonlyArray<{ phrase: readonly string[]; freeOf: string; check: string }>;
  /** Phrases that alone ask for a constraint ("unscented"). */
  alone: ReadonlyArray<{ phrase: readonly string[]; freeOf: string; check: string }>;
  /** What "X safe", "safe for X" ask for. */
  safe: ReadonlyArray<{ phrase: readonly string[]; freeOf: string; check: string }>;
  /** Words of "free" claims no ingredient list shows. */
  unchecked: ReadonlySet<string>;
  /** Claims no ingredient list shows, typed alone ("vegan"). */
  claims: ReadonlyArray<readonly string[]>;
  /** Phrases asking for the non-comedogenic ranking. */
  comedogenic: ReadonlyArray<readonly string[]>;
  filler: ReadonlySet<string>;
  units: ReadonlySet<string>;
  /**
   * The ingredient of the knowledge base a phrase names (INCI name, other name, a typing slip of
   * one), for "X free" and "without X" when X is no flag class ("niacinamide free"): the caller's
   * lookup over the knowledge base; absent, such phrases stay text.
   */
  ingredient?: (words: readonly string[]) => NamedIngredient | null;
  /** Words an ingredient lookup never reads ("oil free" is a texture products print in their names). */
  keptAsText: readonly string[];
}

export interface NamedIngredient {
  id: string;
  name: string;
}

export interface Constraint {
  /** The words as typed (folded). */
  typed: string;
  /** The contract's free_of word (POST /products/search `free_of`). */
  freeOf: string;
  /** What the service checks, in words. */
  check: string;
  /** For one named ingredient (no flag class): the ingredient the products' entries must not hold. */
  ingredient?: NamedIngredient;
}

export interface Intent {
  /** The words left to search as text. */
  text: string;
  constraints: Constraint[];
  /** "free" claims read and not checked, as typed ("gluten free"). */
  unchecked: string[];
  /** The phrase that asked for the non-comedogenic ranking, if any. */
  comedogenic: string | null;
  /** Words dropped: fillers and sizes, as typed. */
  ignored: string[];
}

const NUMBER = /^\d+(?:\.\d+)?$/;
/** Letters and digits a size runs together ("30ml", "1.7oz"): the number, then the unit. */
const RUN_TOGETHER = /^(\d+(?:\.\d+)?)(\p{L}+)$/u;
const JOINERS = new Set(['and', 'or', 'und', 'et', 'y']);
const FREE = new Set(['free', 'frei', 'sans']);
const WITHOUT = [
  ['free', 'of'],
  ['free', 'from'],
  ['without'],
  ['w', 'o'],
  ['no'],
  ['zero'],
  ['sans'],
  ['ohne'],
  ['sin'],
  ['senza'],
  ['sem'],
  ['zonder'],
];
const SAFE = new Set(['safe', 'friendly']);
/** The most words an ingredient's name is looked up over ("melaleuca alternifolia tea tree leaf oil"). */
const NAME_WORDS = 6;
const DURING = new Set(['for', 'during', 'in', 'while', 'when']);

/** The longest phrase of `list` at words[i] (its length and entry), or null. */
function longestAt<T extends { phrase: readonly string[] }>(
  list: ReadonlyArray<T>,
  words: string[],
  i: number,
): T | null {
  let best: T | null = null;
  for (const e of list) {
    if (e.phrase.every((w, k) => words[i + k] === w) && (!best || e.phrase.length > best.phrase.length)) best = e;
  }
  return best;
}

const phrasesAt = (list: ReadonlyArray<readonly string[]>, words: string[], i: number) =>
  longestAt(
    list.map((phrase) => ({ phrase })),
    words,
    i,
  )?.phrase.length ?? 0;

/**
 * What `input` asks for. A query with search syntax ("quoted", -word) is left as typed: its author
 * says exactly what to match. Words are read only when they say it in one of the shapes above;
 * "oil free" (no flag for oils) stays text, as products print it in their names.
 */
export function readIntent(input: string, v: IntentVocabulary): Intent {
  const none: Intent = { text: input, constraints: [], unchecked: [], comedogenic: null, ignored: [] };
  if (/"|(^|\s)-\S/.test(input)) return none;
  const words = fold(input).split(' ').filter(Boolean);
  const kept: string[] = [];
  const out: Intent = { text: '', constraints: [], unchecked: [], comedogenic: null, ignored: [] };
  const add = (typed: string[], e: { freeOf: string; check: string; ingredient?: NamedIngredient }) => {
    const same = (c: Constraint) => (e.ingredient ? c.ingredient?.id === e.ingredient.id : c.freeOf === e.freeOf);
    if (!out.constraints.some(same)) out.constraints.push({ typed: typed.join(' '), ...e });
  };
  // Ingredients are looked up only in a free-from shape: a span ending before "free" (or a joiner of
  // a list ending in it), or after a "without" word.
  const freeShape =
    v.ingredient && words.some((w, k) => FREE.has(w) || WITHOUT.some((p) => p.every((x, n) => words[k + n] === x)));
  /** The longest ingredient name at words[j] (a span of `NAME_WORDS` at most), where `fits` allows its end. */
  const ingredientAt = (j: number, fits: (end: number) => boolean) => {
    if (!freeShape || !v.ingredient) return null;
    for (let n = Math.min(NAME_WORDS, words.length - j); n >= 1; n--) {
      if (!fits(j + n)) continue;
      const span = words.slice(j, j + n);
      // A word of the shape itself is never part of the name ("free", "and").
      if (span.some((w) => FREE.has(w) || JOINERS.has(w))) continue;
      const found = v.ingredient(span);
      if (found)
        return {
          phrase: span,
          freeOf: 'ingredient',
          check: `no ${found.name} in the ingredient list`,
          ingredient: found,
        };
    }
    return null;
  };
  /** The avoided things (and unchecked claim words) listed from words[i]: "sulfate and paraben". */
  const listAt = (i: number, led: boolean) => {
    const items: Array<{
      at: number;
      length: number;
      entry: { freeOf: string; check: string; ingredient?: NamedIngredient } | null;
    }> = [];
    let j = i;
    while (j < words.length) {
      if (items.length && JOINERS.has(words[j])) {
        j++;
        continue;
      }
      const flag = longestAt(v.avoided, words, j);
      // After "without" the name may run to any word; before "free" it ends at "free" or a joiner.
      const named = ingredientAt(j, (end) => led || FREE.has(words[end]) || JOINERS.has(words[end]));
      // A flag class wins a tie ("fragrance" is also Parfum's other name); a longer name wins ("benzyl alcohol").
      const entry = named && (!flag || named.phrase.length > flag.phrase.length) ? named : flag;
      if (entry) {
        items.push({ at: j, length: entry.phrase.length, entry });
        j += entry.phrase.length;
      } else if (v.unchecked.has(words[j])) {
        items.push({ at: j, length: 1, entry: null });
        j++;
      } else break;
    }
    // A trailing joiner is not part of the list ("paraben and" of "paraben and sulfate free").
    return { items, end: items.length ? items[items.length - 1].at + items[items.length - 1].length : i };
  };
  const take = (items: ReturnType<typeof listAt>['items'], suffix: string[]) => {
    for (const item of items) {
      const typed = [...words.slice(item.at, item.at + item.length), ...suffix];
      if (item.entry) add(typed, item.entry);
      else out.unchecked.push(typed.join(' '));
    }
  };
  for (let i = 0; i < words.length; ) {
    const comedogenic = phrasesAt(v.comedogenic, words, i);
    if (comedogenic) {
      out.comedogenic = words.slice(i, i + comedogenic).join(' ');
      i += comedogenic;
      continue;
    }
    const alone = longestAt(v.alone, words, i);
    if (alone) {
      add([...alone.phrase], alone);
      i += alone.phrase.length;
      continue;
    }
    // "free of X", "without X", "w/o X", "no X"
    const lead = WITHOUT.find((p) => p.every((w, k) => words[i + k] === w));
    if (lead) {
      const list = listAt(i + lead.length, true);
      if (list.items.length) {
        take(list.items, []);
        i = list.end;
        continue;
      }
    }
    // "X free", "X and Y free", "X-free"
    const list = listAt(i, false);
    if (list.items.length && FREE.has(words[list.end])) {
      take(list.items, [words[list.end]]);
      i = list.end + 1;
      continue;
    }
    // "X safe", "X friendly"
    const safe = longestAt(v.safe, words, i);
    if (safe && SAFE.has(words[i + safe.phrase.length])) {
      add([...safe.phrase, words[i + safe.phrase.length]], safe);
      i += safe.phrase.length + 1;
      continue;
    }
    // "safe for X", "safe during X"
    if (words[i] === 'safe') {
      const k = DURING.has(words[i + 1]) ? i + 2 : i + 1;
      const after = longestAt(v.safe, words, k);
      if (after) {
        add(['safe', ...words.slice(i + 1, k + after.phrase.length)], after);
        i = k + after.phrase.length;
        continue;
      }
    }
    const claim = phrasesAt(v.claims, words, i);
    if (claim) {
      out.unchecked.push(words.slice(i, i + claim).join(' '));
      i += claim;
      continue;
    }
    // Sizes: "30 ml", "30ml", "1.7 fl oz".
    const run = RUN_TOGETHER.exec(words[i]);
    if (run && v.units.has(run[2])) {
      out.ignored.push(words[i]);
      i++;
      continue;
    }
    if (NUMBER.test(words[i]) && v.units.has(words[i + 1] ?? '')) {
      let j = i + 1;
      while (v.units.has(words[j] ?? '')) j++;
      out.ignored.push(words.slice(i, j).join(' '));
      i = j;
      continue;
    }
    if (v.filler.has(words[i])) {
      out.ignored.push(words[i]);
      i++;
      continue;
    }
    kept.push(words[i]);
    i++;
  }
  const read = out.constraints.length || out.unchecked.length || out.comedogenic || out.ignored.length;
  if (!read) return none;
  // Only fillers typed ("best"): they are what is searched.
  if (!kept.length && !out.constraints.length && !out.unchecked.length && !out.comedogenic) return none;
  // The text as left; the last word still a prefix when the input ended on it.
  out.text = kept.join(' ');
  return out;
}

/** Whether `input` has a free-from shape an ingredient's name may fill: only then is the knowledge base needed. */
export function mayNameIngredient(input: string): boolean {
  const words = fold(input).split(' ');
  return words.some((w, k) => FREE.has(w) || WITHOUT.some((p) => p.every((x, n) => words[k + n] === x)));
}
