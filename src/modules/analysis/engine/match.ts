// Matches parsed entries to known ingredients. Precision first: a wrong match is worse than none.
import { NO_PLANT_SYNONYMS, plantNameVariants, type PlantSynonyms } from './botanical-synonyms.js';
import {
  boundedEditDistance,
  digitsOf,
  isTypoOf,
  nameKey,
  nameParts,
  spellingKey,
  vocabularyOf,
  withoutParentheses,
  type Vocabulary,
} from './normalize.js';
import type { ParsedEntry } from './parse.js';

export type MatchType = 'exact' | 'alias' | 'fuzzy' | 'none';

/** What the matcher needs to know of an ingredient. */
export interface KnownIngredient {
  id: string;
  name: string;
  otherNames: string[];
  /** Known from the EU inventory alone: a curated ingredient wins any name, slip or cut over it. */
  inventoryOnly?: boolean;
}

export interface MatchedEntry extends Omit<ParsedEntry, 'pieces'> {
  match: MatchType;
  ingredientId: string | null;
}

export interface EntryMatch {
  match: MatchType;
  ingredientId: string | null;
}

/** The ingredients a key names: one id, or several (then the key names none of them on its own). */
type Slot = string | string[];

function put(index: Map<string, Slot>, key: string, id: string): void {
  if (!key) return;
  const existing = index.get(key);
  if (existing === undefined) index.set(key, id);
  else if (typeof existing === 'string') {
    if (existing !== id) index.set(key, [existing, id]);
  } else if (!existing.includes(id)) existing.push(id);
}

function unput(index: Map<string, Slot>, key: string, id: string): void {
  const existing = index.get(key);
  if (existing === undefined) return;
  if (typeof existing === 'string') {
    if (existing === id) index.delete(key);
    return;
  }
  const rest = existing.filter((other) => other !== id);
  index.set(key, rest.length === 1 ? rest[0] : rest);
}

/** The one ingredient a key names, or null (none, or several). */
const soleId = (slot: Slot | undefined): string | null => (typeof slot === 'string' ? slot : null);

/** A name resolved without fuzziness: to an INCI name (exact) or to another name of it (alias). */
interface Resolution {
  id: string;
  exact: boolean;
}

interface FuzzyKey {
  key: string;
  id: string;
  digits: string;
  /** Where the key's letter counts start in its index's count table. */
  at: number;
}

/** How often each letter (26), digit (10) and anything else (1) occurs in a key: a cheap bound on the edit distance. */
const COUNT_SLOTS = 37;

function writeCounts(key: string, into: Uint8Array, at: number): void {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const slot = at + (c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : 36);
    if (into[slot] < 255) into[slot]++;
  }
}

/** Half the letters one key has and the other lacks: no edit script is shorter. */
function countsDistance(a: Uint8Array, b: Uint8Array, bAt: number, stopAbove: number): number {
  let sum = 0;
  for (let i = 0; i < COUNT_SLOTS; i++) {
    const x = a[i];
    const y = b[bAt + i];
    sum += x > y ? x - y : y - x;
    if (sum > stopAbove) break;
  }
  return sum;
}

/** Fuzzy matching only looks at long keys: short names differ by one letter too often. */
const FUZZY_MIN_LENGTH = 8;
/** A name cut short is read only from this many characters: a shorter start fits too many names. */
const TRUNCATED_MIN_LENGTH = 20;
const COMPLETE_NAME_END =
  / (?:oil|extract|water|juice|butter|wax|acid|alcohol|glycol|ester|esters|sulfate|chloride|oxide|copolymer|crosspolymer|polymer|glucoside|glyceride|glycerides|salt|powder|ferment|filtrate|lysate|protein|peptide|\d+)$/;
/** Slips allowed: one in names under 15 characters, else one in each of at most two words. */
const fuzzyBudget = (length: number): number => (length >= 15 ? 2 : 1);
const CACHE_LIMIT = 50_000;
const NONE: EntryMatch = Object.freeze({ match: 'none', ingredientId: null }) as EntryMatch;

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
/** A key without the spaces between two letters ("bees wax" → "beeswax"; "peg 8" keeps its space). */
const compactKey = (key: string): string =>
  key.replace(/([a-z\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]) (?=[a-z\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])/g, '$1');

/** "Alcohol 40-B", "Alcohol 40B": the SD alcohol printed without "SD". */
const SD_ALCOHOL = /^alcohol (\d{1,2}) ?([a-z])?$/;

const BILINGUAL = /^([^\x00-\x7f()]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af][^()]*?)\s*\((.*[A-Za-z].*)\)$/;

/** A colour index number: it names one colorant whatever name is printed with it. */
const CI_NUMBER = /^\s*CI\s?\d{5}\s*$/i;

/**
 * Words of the French, Latin, German and Spanish label names printed after a slash ("Yeast Extract/Faex/Extrait de
 * Levure", "Honey/Mel/Miel", "Cera Alba/Beeswax/Cire d'Abeille"): a part made of them is a translation, not a name.
 */
const TRANSLATION =
  /^(?:(?:extrait|huile|eau|cire|beurre|miel|jus|feuille|fleur|fleurs|graine|graines|racine|levure|orge|lait|petit|prot[eé]ine|karit[eé]|amande|douce|lavande|olive|d['’]\w+|de|du|des|la|le|l['’]\w+|et|aceite|agua|extracto|cera|abeja|abejas|levadura|cebada|de|semilla|hoja|flor|aloe|jojoba|\w*extrakt|\w*öl|wasser|honig|bienenwachs|hefe|gerste|faex|mel|lactis|protein|oleum|lac|aqua|rosa|abeille)(?:[\s-]+|$))+$/i;
const isTranslation = (name: string): boolean => TRANSLATION.test(name.trim());

const SEVERAL = Symbol('several');
/** What a fuzzy or truncated search of one tier found: one ingredient, several equally near, or nothing. */
type Found = string | typeof SEVERAL | null;

interface IndexKeys {
  exact: string;
  alias: string[];
}

/** Every key an ingredient is known by: its INCI name (exact), and all its names in their variants (alias). */
function keysOf(ingredient: KnownIngredient): IndexKeys {
  const alias = new Set<string>();
  for (const name of [...ingredient.otherNames, ingredient.name]) {
    const key = nameKey(String(name));
    if (!key) continue;
    alias.add(key);
    alias.add(spellingKey(key));
    // Botanical grammar: "Genus species (Common) Part Oil" is also printed without the common name.
    if (!/[([]/.test(String(name))) continue;
    const bare = nameKey(withoutParentheses(String(name)));
    if (bare) alias.add(bare);
  }
  alias.delete('');
  return { exact: nameKey(ingredient.name), alias: [...alias] };
}

const allKeys = (keys: IndexKeys): Set<string> => {
  const all = new Set(keys.alias);
  if (keys.exact) all.add(keys.exact);
  return all;
};

/**
 * The names of one tier of the knowledge base (the ingredients we curated, or those known from the EU
 * inventory alone), kept up to date one ingredient at a time.
 */
class NameIndex {
  /** INCI names. */
  private readonly exact = new Map<string, Slot>();
  /** Other names, paren-less INCI names (botanical grammar) and spelling variants. */
  private readonly alias = new Map<string, Slot>();
  /** Keys with the spaces between letters taken out ("bees wax" → "beeswax"): spacing is not a difference. */
  private readonly compact = new Map<string, Slot>();
  /** Fuzzy keys by their first two characters (a slip never touches those) and length. */
  private readonly fuzzyKeys = new Map<string, FuzzyKey[][]>();
  /**
   * The fuzzy keys' letter counts, one after the other: one table, not a typed array per key (the inventory has
   * 30,000 keys; a typed array costs about 200 bytes besides its 37). A removed key's counts stay, unused.
   */
  private counts = new Uint8Array(COUNT_SLOTS * 1024);
  private countsUsed = 0;
  /** Every key naming one ingredient, sorted, for names cut short on the label (built on first need). */
  private sortedKeys: Array<[string, string]> | null = null;

  add(id: string, keys: IndexKeys): void {
    put(this.exact, keys.exact, id);
    for (const key of keys.alias) put(this.alias, key, id);
    for (const key of allKeys(keys)) {
      put(this.compact, compactKey(key), id);
      if (key.length < FUZZY_MIN_LENGTH) continue;
      const head = key.slice(0, 2);
      let byLength = this.fuzzyKeys.get(head);
      if (!byLength) this.fuzzyKeys.set(head, (byLength = []));
      (byLength[key.length] ??= []).push({ key, id, digits: digitsOf(key), at: this.countsOf(key) });
    }
    this.sortedKeys = null;
  }

  /** Writes a key's letter counts into the table; where they start. */
  private countsOf(key: string): number {
    if (this.countsUsed + COUNT_SLOTS > this.counts.length) {
      const grown = new Uint8Array(this.counts.length * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    const at = this.countsUsed;
    writeCounts(key, this.counts, at);
    this.countsUsed += COUNT_SLOTS;
    return at;
  }

  remove(id: string, keys: IndexKeys): void {
    unput(this.exact, keys.exact, id);
    for (const key of keys.alias) unput(this.alias, key, id);
    for (const key of allKeys(keys)) {
      unput(this.compact, compactKey(key), id);
      const bucket = this.fuzzyKeys.get(key.slice(0, 2))?.[key.length];
      if (bucket) {
        const kept = bucket.filter((candidate) => candidate.id !== id);
        bucket.splice(0, bucket.length, ...kept);
      }
    }
    this.sortedKeys = null;
  }

  /** Whether `key` names `id` alone, as an INCI name or another name (a key two ingredients share names neither). */
  private namesOnly(key: string, id: string): boolean {
    return soleId(this.exact.get(key)) === id || soleId(this.alias.get(key)) === id;
  }

  /** A name as printed, looked up without fuzziness. */
  resolve(name: string): Resolution | null {
    const key = nameKey(name);
    if (!key) return null;
    const exact = soleId(this.exact.get(key));
    if (exact) return { id: exact, exact: true };
    const alias = soleId(this.alias.get(key));
    if (alias) return { id: alias, exact: false };
    const spelled = spellingKey(key);
    if (spelled !== key) {
      const id = soleId(this.alias.get(spelled)) ?? soleId(this.exact.get(spelled));
      if (id) return { id, exact: false };
    }
    if (key.includes(' ')) {
      const id = soleId(this.compact.get(compactKey(spelled)));
      if (id) return { id, exact: false };
    }
    const sd = SD_ALCOHOL.exec(key);
    if (sd) {
      const id = soleId(this.alias.get(`sd alcohol ${sd[1]}${sd[2] ? ` ${sd[2]}` : ''}`));
      if (id) return { id, exact: false };
    }
    return null;
  }

  /**
   * A long name cut short on the label ("Hydroxyisohexyl 3-Cyclohexene" for "…Carboxaldehyde"): whole words
   * printed, and exactly one ingredient's name going on from there.
   */
  truncated(key: string): Found {
    if (!this.sortedKeys) {
      const keys: Array<[string, string]> = [];
      for (const index of [this.exact, this.alias])
        for (const [k, slot] of index) if (typeof slot === 'string') keys.push([k, slot]);
      this.sortedKeys = keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    }
    const sorted = this.sortedKeys;
    const prefix = `${key} `;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid][0] < prefix) lo = mid + 1;
      else hi = mid;
    }
    let id: string | null = null;
    for (let i = lo; i < sorted.length && sorted[i][0].startsWith(prefix); i++) {
      // One word cut off, no more: the printed words must carry the name.
      if (sorted[i][0].slice(prefix.length).includes(' ')) continue;
      if (id && id !== sorted[i][1]) return SEVERAL;
      id = sorted[i][1];
    }
    return id;
  }

  /** The one ingredient a typing slip (two in a long name) away from `key`; only long keys are tried. */
  fuzzy(key: string, vocabulary: Vocabulary): Found {
    const byLength = this.fuzzyKeys.get(key.slice(0, 2));
    if (!byLength) return null;
    const budget = fuzzyBudget(key.length);
    const digits = digitsOf(key);
    const counts = new Uint8Array(COUNT_SLOTS);
    writeCounts(key, counts, 0);
    const table = this.counts;
    let bestDistance = budget + 1;
    let best: string | null = null;
    let tie = false;
    for (let length = Math.max(0, key.length - budget); length <= key.length + budget; length++) {
      for (const candidate of byLength[length] ?? []) {
        // Names that differ in a number (PEG-8 / PEG-9, Polysorbate 20 / 60) are different ingredients.
        if (candidate.digits !== digits) continue;
        // Each edit changes the letter counts by at most two.
        if (countsDistance(counts, table, candidate.at, 2 * budget) > 2 * budget) continue;
        const distance = boundedEditDistance(key, candidate.key, budget);
        if (distance > budget || distance > bestDistance) continue;
        if (!this.namesOnly(candidate.key, candidate.id)) continue;
        if (!isTypoOf(key, candidate.key, budget, vocabulary)) continue;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = candidate.id;
          tie = false;
        } else if (candidate.id !== best) {
          tie = true;
        }
      }
    }
    return tie ? SEVERAL : best;
  }
}

/**
 * Matches entries to the knowledge base. Ingredients known from the EU inventory alone form a tier of their own:
 * a name, a slip or a cut a curated ingredient answers is never theirs, whatever else it fits. The matcher is
 * kept up to date one ingredient at a time (upsert, remove): a write never rebuilds it.
 */
export class IngredientMatcher {
  private readonly curated = new NameIndex();
  private readonly inventory = new NameIndex();
  /** The keys each ingredient is indexed under, to take them out again when it changes. */
  private readonly indexed = new Map<string, { inventoryOnly: boolean; keys: IndexKeys }>();
  /**
   * How many keys use each word: a word some ingredient name uses is never a typing slip. Slips of curated names
   * are judged by curated words alone (the inventory's 28,000 names would make most misspellings someone's word);
   * slips of inventory names by every word.
   */
  private readonly curatedWords = new Map<string, number>();
  private readonly allWords = new Map<string, number>();
  private readonly vocabularies: { curated: Vocabulary | null; all: Vocabulary | null } = { curated: null, all: null };
  private readonly fuzzyCache = new Map<string, string | null>();
  private readonly entryCache = new Map<string, EntryMatch>();

  private readonly cacheSize: number;

  private readonly plantSynonyms: PlantSynonyms;

  /**
   * `cacheSize`: how many entry and typo results to remember (0: none); labels repeat the same names.
   * `plantSynonyms`: other scientific names of the same plant, tried when a name matches nothing as printed.
   */
  constructor(
    ingredients: Iterable<KnownIngredient>,
    options: { cacheSize?: number; plantSynonyms?: PlantSynonyms } = {},
  ) {
    this.cacheSize = options.cacheSize ?? CACHE_LIMIT;
    this.plantSynonyms = options.plantSynonyms ?? NO_PLANT_SYNONYMS;
    for (const ingredient of ingredients) this.index(ingredient);
  }

  /** Forgets the remembered results (measuring what the first list of a kind costs). */
  clearCaches(): void {
    this.entryCache.clear();
    this.fuzzyCache.clear();
  }

  /** How many ingredients the matcher knows. */
  get size(): number {
    return this.indexed.size;
  }

  /** Adds an ingredient, or replaces what the matcher knew of it (renamed, other names changed, now curated). */
  upsert(ingredient: KnownIngredient): void {
    this.index(ingredient);
    this.forgetResults();
  }

  /** Forgets an ingredient (deleted). */
  remove(id: string): void {
    if (this.unindex(id)) this.forgetResults();
  }

  private index(ingredient: KnownIngredient): void {
    this.unindex(ingredient.id);
    const keys = keysOf(ingredient);
    const inventoryOnly = ingredient.inventoryOnly === true;
    (inventoryOnly ? this.inventory : this.curated).add(ingredient.id, keys);
    this.indexed.set(ingredient.id, { inventoryOnly, keys });
    for (const key of allKeys(keys)) {
      for (const word of key.split(' ')) {
        this.countWord(this.allWords, word, 1, 'all');
        if (!inventoryOnly) this.countWord(this.curatedWords, word, 1, 'curated');
      }
    }
  }

  private countWord(words: Map<string, number>, word: string, by: 1 | -1, vocabulary: 'curated' | 'all'): void {
    const n = (words.get(word) ?? 0) + by;
    if (n > 0) words.set(word, n);
    else words.delete(word);
    // Only a word coming or going changes what the vocabulary knows.
    if (n === 0 || (n === 1 && by === 1)) this.vocabularies[vocabulary] = null;
  }

  private unindex(id: string): boolean {
    const known = this.indexed.get(id);
    if (!known) return false;
    (known.inventoryOnly ? this.inventory : this.curated).remove(id, known.keys);
    this.indexed.delete(id);
    for (const key of allKeys(known.keys)) {
      for (const word of key.split(' ')) {
        this.countWord(this.allWords, word, -1, 'all');
        if (!known.inventoryOnly) this.countWord(this.curatedWords, word, -1, 'curated');
      }
    }
    return true;
  }

  private forgetResults(): void {
    this.entryCache.clear();
    this.fuzzyCache.clear();
  }

  private vocabulary(which: 'curated' | 'all'): Vocabulary {
    return (this.vocabularies[which] ??= vocabularyOf(
      (which === 'curated' ? this.curatedWords : this.allWords).keys(),
    ));
  }

  /** A name as printed, looked up without fuzziness: a curated ingredient first. */
  private resolve(name: string): Resolution | null {
    return this.curated.resolve(name) ?? this.inventory.resolve(name);
  }

  /**
   * Names printed side by side as synonyms ("Water/Aqua/Eau", "(CI 77491)") resolve only when all
   * that resolve name the same ingredient. With `strict` (slashes), at least two must resolve, and a one-word
   * part that resolves to nothing means the slash is part of a name ("Lauryl/Myristyl Glucoside").
   */
  private agreeing(names: string[], strict: boolean): Resolution | null {
    const ids = new Set<string>();
    const exactIds = new Set<string>();
    let resolved = 0;
    let translations = 0;
    let colourIndex = false;
    for (const name of names) {
      const r = this.resolve(name);
      if (!r) {
        if (strict && isTranslation(name)) {
          translations++;
          continue;
        }
        if (strict && wordCount(name) === 1) return null;
        continue;
      }
      resolved++;
      ids.add(r.id);
      if (r.exact) exactIds.add(r.id);
      if (CI_NUMBER.test(name)) colourIndex = true;
    }
    // Slashes also build names ("Dimethicone/Vinyl Dimethicone Crosspolymer", "Hydrogenated Styrene/Acrylates
    // Copolymer"): synonyms only when two of them name an ingredient, or one does and every other part is its
    // translation ("Yeast Extract/Faex/Extrait de Levure") or one is a colour index number ("CI 45410/Red 27 Lake").
    if (strict && resolved < 2 && !(resolved === 1 && (translations === names.length - 1 || colourIndex))) return null;
    if (ids.size === 1) {
      const [id] = ids;
      return { id, exact: exactIds.size > 0 };
    }
    // "CI 77499/Iron Oxides": the one INCI name printed beats a looser other name.
    if (exactIds.size === 1) {
      const [id] = exactIds;
      return { id, exact: true };
    }
    return null;
  }

  /** The one ingredient the names resolve to exactly, if exactly one. */
  private soleExact(names: string[]): string | null {
    let id: string | null = null;
    for (const name of names) {
      const r = this.resolve(name);
      if (!r?.exact) continue;
      if (id && id !== r.id) return null;
      id = r.id;
    }
    return id;
  }

  /**
   * The best match of one entry (only its `input` is read): the whole name, then without parentheses, without
   * qualifiers, its slash synonyms, what its closing brackets hold; then one typing slip. Results are cached.
   */
  matchEntry(entry: Pick<ParsedEntry, 'input'> & Partial<ParsedEntry>): EntryMatch {
    if (this.cacheSize === 0) return this.matchUncached(entry.input);
    const cached = this.entryCache.get(entry.input);
    if (cached) return cached;
    const result = this.matchUncached(entry.input);
    if (this.entryCache.size >= this.cacheSize) this.entryCache.clear();
    this.entryCache.set(entry.input, result);
    return result;
  }

  private matchUncached(input: string): EntryMatch {
    // Most entries are printed as one name: no brackets, no slashes, nothing to try but the whole.
    if (!/[([/\\]/.test(input)) {
      const whole = this.resolve(input);
      if (whole) return { match: whole.exact ? 'exact' : 'alias', ingredientId: whole.id };
    }
    // A Korean or Japanese label name with the INCI name in brackets: "정제수(Water)", "티트리잎오일(Melaleuca
    // Alternifolia (Tea Tree) Leaf Oil)". The bracket names the ingredient when the name in that script does not.
    // When both name it, they must agree (a wrong match is worse than none).
    const bilingual = BILINGUAL.exec(input);
    if (bilingual) {
      const named = this.resolve(bilingual[1]);
      const inner = this.matchUncached(bilingual[2]);
      if (!named && inner.match !== 'none') return inner;
      if (named && inner.match === 'none') return { match: 'alias', ingredientId: named.id };
      if (named && inner.ingredientId === named.id)
        return inner.match === 'exact' ? inner : { match: 'alias', ingredientId: named.id };
    }
    const parts = nameParts(input);
    let found = this.resolve(parts.whole);
    if (!found && parts.outside) {
      found = this.resolve(parts.outside);
      // "Vitamin E (Tocopheryl Acetate)", "Iron Oxides (CI 77492)": an INCI name in the parentheses beats
      // a looser name outside them; an INCI name outside them stands ("Tocopherol (Vitamin E)").
      if (found && !found.exact) {
        const inner = this.soleExact(parts.inner);
        if (inner) found = { id: inner, exact: true };
      }
    }
    for (let i = 0; !found && i < parts.unqualified.length; i++) found = this.resolve(parts.unqualified[i]);
    if (!found && parts.slashParts.length > 1) found = this.agreeing(parts.slashParts, true);
    if (!found && parts.inner.length) {
      // Only what the parentheses hold: trusted when it is the fuller name ("Aloe Vera (Aloe Barbadensis
      // Leaf Juice)") or a word of the outside ("Kaolin Clay (Kaolin)"), not a vehicle ("Tea Ferment (Water)").
      const outsideKey = nameKey(parts.outside ?? '');
      // A name in Korean or Japanese with its INCI name in brackets ("정제수(Water)"): the brackets hold the name.
      const outsideWords = new Set(/[a-z0-9]/.test(outsideKey) ? outsideKey.split(' ').filter(Boolean) : []);
      const trusted = parts.inner.filter((name) => {
        const words = nameKey(name).split(' ').filter(Boolean);
        return CI_NUMBER.test(name) || words.length >= outsideWords.size || words.every((w) => outsideWords.has(w));
      });
      // A name in another script with its INCI name in brackets: the bracket as a whole ("(Caprylic/Capric
      // Triglyceride)").
      if (!outsideWords.size && outsideKey && parts.innerGroups.length === 1)
        found = this.resolve(parts.innerGroups[0]);
      if (!found && trusted.length === parts.inner.length) found = this.agreeing(parts.inner, false);
    }
    if (found) {
      // "Aqua (Water)", "CI 77891 (Titanium Dioxide)": the INCI name is printed too.
      const exact =
        found.exact ||
        [...parts.inner, ...parts.slashParts].some((name) => {
          const r = this.resolve(name);
          return r?.exact && r.id === found.id;
        });
      return { match: exact ? 'exact' : 'alias', ingredientId: found.id };
    }
    // A plant under another scientific name of it ("Lavandula Officinalis Flower Extract"): the same ingredient.
    for (const name of [parts.whole, parts.outside])
      for (const variant of name ? plantNameVariants(name, this.plantSynonyms) : []) {
        const other = this.resolve(variant);
        if (other) return { match: 'alias', ingredientId: other.id };
      }
    // Typing slips, only on the entry as a whole (or without its parentheses), never on a synonym fragment.
    const tried = new Set<string>();
    for (const name of [parts.whole, parts.outside, ...parts.unqualified]) {
      if (!name) continue;
      const key = spellingKey(nameKey(name));
      if (tried.has(key)) continue;
      tried.add(key);
      const id = this.fuzzy(key) ?? this.truncated(key);
      if (id) return { match: 'fuzzy', ingredientId: id };
    }
    return NONE;
  }

  match(entries: ParsedEntry[]): MatchedEntry[] {
    return entries.map(({ pieces: _pieces, ...entry }) => ({ ...entry, ...this.matchEntry(entry) }));
  }

  /** A long name cut short on the label: the one curated ingredient it fits, else the one inventory ingredient. */
  private truncated(key: string): string | null {
    // A name ending in a head noun is complete as printed ("… Peel Oil" is no cut "… Peel Oil Expressed").
    if (key.length < TRUNCATED_MIN_LENGTH || wordCount(key) < 2 || COMPLETE_NAME_END.test(key)) return null;
    const curated = this.curated.truncated(key);
    if (curated !== null) return curated === SEVERAL ? null : curated;
    const inventory = this.inventory.truncated(key);
    return inventory === SEVERAL ? null : inventory;
  }

  private fuzzy(key: string): string | null {
    if (key.length < FUZZY_MIN_LENGTH) return null;
    const cached = this.cacheSize ? this.fuzzyCache.get(key) : undefined;
    if (cached !== undefined) return cached;
    // A slip of a curated name is read as that name even when an inventory name is as near: curated names are
    // the ones labels print most, and a curated ingredient never loses a match it had to the inventory.
    const curated = this.curated.fuzzy(key, this.vocabulary('curated'));
    const found = curated !== null ? curated : this.inventory.fuzzy(key, this.vocabulary('all'));
    const result = found === SEVERAL ? null : found;
    if (this.cacheSize === 0) return result;
    if (this.fuzzyCache.size >= this.cacheSize) this.fuzzyCache.clear();
    this.fuzzyCache.set(key, result);
    return result;
  }
}
