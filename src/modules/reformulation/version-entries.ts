// A version's entries: its list text read as every analysis reads it (parser and matcher), and
// each entry's side of the 1 % line by the analysis' own concentration estimate
// (analysis/engine/concentration.ts, through list-reading.ts).
import { analyzeIngredientList } from '../analysis/engine/analyze.js';
import { atMostOnePercent } from '../analysis/engine/concentration.js';
import type { IngredientMatcher } from '../analysis/engine/match.js';
import { readStoredEntries } from '../analysis/list-reading.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import type { VersionEntry } from './engine/list-diff.js';
import type { ListVersionEntry, ListVersionSource } from './product-list-version.entity.js';

/** What a write knows of a list: its analysed entries (a stored analysis entry or a matcher's). */
export interface NewListVersion {
  productId: string;
  ingredientList: string;
  ingredientIds: string[];
  /** The entries the write analysed (saves reading the text again for its alerts). */
  entries: ReadonlyArray<{
    position: number;
    input: string;
    ingredientId: string | null;
    concentration: string | null;
    mayContain: boolean;
    active?: boolean;
  }>;
  source: ListVersionSource;
  authorId: string | null;
}

export const trimmed = (entries: NewListVersion['entries']): ListVersionEntry[] =>
  entries.map((e) => ({
    position: e.position,
    input: e.input,
    ingredientId: e.ingredientId,
    concentration: e.concentration,
    mayContain: e.mayContain,
    active: e.active ?? false,
  }));

export interface StoredVersion {
  productId: string;
  version: number;
  ingredientList: string;
  entries: ListVersionEntry[];
}

/** A version's entries: its text read as every analysis reads it. */
export function entriesOf(ingredientList: string, matcher: IngredientMatcher): ListVersionEntry[] {
  return trimmed(analyzeIngredientList(ingredientList, matcher).entries);
}

export type VersionRow = { product_id: string; version: number; ingredient_list: string };
export const storedVersion = (r: VersionRow, matcher: IngredientMatcher): StoredVersion => ({
  productId: r.product_id,
  version: Number(r.version),
  ingredientList: r.ingredient_list,
  entries: entriesOf(r.ingredient_list, matcher),
});

/** The list as the diff engine reads it: each entry with its side of the 1 % line. */
export function versionEntries(entries: ListVersionEntry[], byId: ReadonlyMap<string, Ingredient>): VersionEntry[] {
  // No product type: guessed from the list, as for a pasted label (the line rarely depends on it).
  const reading = readStoredEntries(entries, (id) => byId.get(id));
  return entries.map((e, i) => ({
    position: e.position,
    input: e.input,
    ingredientId: e.ingredientId,
    belowOnePercent: atMostOnePercent(reading.entries[i].estimate),
  }));
}
