// Matches parsed entries to known ingredients. Precision first: a wrong match is worse than none.
import { boundedEditDistance, digitsOf, nameKey, spellingKey, withoutParentheses } from './normalize.js';
import type { ParsedEntry } from './parse.js';

export type MatchType = 'exact' | 'alias' | 'fuzzy' | 'none';

/** What the matcher needs to know of an ingredient. */
export interface KnownIngredient {
  id: string;
  name: string;
  otherNames: string[];
}

export interface MatchedEntry extends ParsedEntry {
  match: MatchType;
  ingredientId: string | null;
}

const AMBIGUOUS = Symbol('ambiguous');
type Slot = string | typeof AMBIGUOUS;

function put(index: Map<string, Slot>, key: string, id: string): void {
  if (!key) return;
  const existing = index.get(key);
  if (existing === undefined) index.set(key, id);
  else if (existing !== id) index.set(key, AMBIGUOUS);
}

/** Fuzzy matching only looks at long keys: short names differ by one letter too often. */
const FUZZY_MIN_LENGTH = 8;
const fuzzyBudget = (length: number): number => (length >= 15 ? 2 : 1);

export class IngredientMatcher {
  /** INCI names. */
  private readonly exact = new Map<string, Slot>();
  /** Other names, paren-less INCI names (botanical grammar) and spelling variants. */
  private readonly alias = new Map<string, Slot>();
  private readonly fuzzyKeys: Array<{ key: string; id: string; digits: string }> = [];
  private readonly fuzzyCache = new Map<string, string | null>();

  constructor(ingredients: Iterable<KnownIngredient>) {
    for (const ingredient of ingredients) this.add(ingredient);
    for (const [key, slot] of [...this.exact, ...this.alias]) {
      if (slot !== AMBIGUOUS && key.length >= FUZZY_MIN_LENGTH) this.fuzzyKeys.push({ key, id: slot, digits: digitsOf(key) });
    }
    this.fuzzyKeys.sort((a, b) => a.key.length - b.key.length);
  }

  private add(ingredient: KnownIngredient): void {
    put(this.exact, nameKey(ingredient.name), ingredient.id);
    const aliasNames = [...ingredient.otherNames, ingredient.name];
    for (const name of aliasNames) {
      const key = nameKey(name);
      put(this.alias, key, ingredient.id);
      put(this.alias, spellingKey(key), ingredient.id);
      // Botanical grammar: "Genus species (Common) Part Oil" is also printed without the common name.
      const bare = nameKey(withoutParentheses(name));
      if (bare && bare !== key) put(this.alias, bare, ingredient.id);
    }
  }

  private lookup(index: Map<string, Slot>, key: string): string | null {
    const slot = index.get(key);
    return slot === undefined || slot === AMBIGUOUS ? null : slot;
  }

  /** The best match of one entry. */
  matchEntry(entry: ParsedEntry): { match: MatchType; ingredientId: string | null } {
    const keys = entry.candidates.map(nameKey).filter(Boolean);
    for (const key of keys) {
      const id = this.lookup(this.exact, key);
      if (id) return { match: 'exact', ingredientId: id };
    }
    for (const key of keys) {
      const id = this.lookup(this.alias, key) ?? this.lookup(this.alias, spellingKey(key)) ?? this.lookup(this.exact, spellingKey(key));
      if (id) return { match: 'alias', ingredientId: id };
    }
    // Fuzzy only on the entry as a whole (or without its parentheses), never on a synonym fragment.
    for (const key of keys.slice(0, 2)) {
      const id = this.fuzzy(spellingKey(key));
      if (id) return { match: 'fuzzy', ingredientId: id };
    }
    return { match: 'none', ingredientId: null };
  }

  match(entries: ParsedEntry[]): MatchedEntry[] {
    return entries.map((entry) => ({ ...entry, ...this.matchEntry(entry) }));
  }

  private fuzzy(key: string): string | null {
    if (key.length < FUZZY_MIN_LENGTH) return null;
    const cached = this.fuzzyCache.get(key);
    if (cached !== undefined) return cached;
    const budget = fuzzyBudget(key.length);
    const digits = digitsOf(key);
    let best: string | null = null;
    let bestDistance = budget + 1;
    let tie = false;
    for (const candidate of this.fuzzyKeys) {
      if (candidate.key.length < key.length - budget) continue;
      if (candidate.key.length > key.length + budget) break;
      // Names that differ in a number (PEG-8 / PEG-9, Polysorbate 20 / 60) are different ingredients.
      if (candidate.digits !== digits) continue;
      const distance = boundedEditDistance(key, candidate.key, budget);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = candidate.id;
        tie = false;
      } else if (distance === bestDistance && candidate.id !== best) {
        tie = true;
      }
    }
    const result = tie ? null : best;
    if (this.fuzzyCache.size > 10_000) this.fuzzyCache.clear();
    this.fuzzyCache.set(key, result);
    return result;
  }
}
