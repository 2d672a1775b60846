import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { productTypeOfHeading } from './engine/product-type.js';
import type { ProductType } from './engine/regulation.js';
import { readList, type ReadList } from './engine/read-list.js';
import { loadRegulation } from './regulation-data.js';

interface ReadableEntry {
  position: number;
  input: string;
  concentration?: string | null;
  mayContain: boolean;
  active?: boolean;
  part?: string | null;
  nano?: boolean;
}

// One reading per list object: the entries field, the flag summary and the verdicts of one
// request all read the same list.
const readings = new WeakMap<object, ReadList<Ingredient>>();

/**
 * The list read with its doses and EU law (engine/read-list.ts), its ingredients given in entry order. Cached per
 * entries array: the category or name line given with an array must be the same each time (they are its owner's).
 */
export function readEntries(
  entries: ReadonlyArray<ReadableEntry>,
  ingredients: Array<Ingredient | null>,
  productType?: ProductType | null,
  nameLine: string | null = null,
): ReadList<Ingredient> {
  let reading = readings.get(entries);
  if (!reading) {
    reading = readList(
      entries.map((e, i) => ({
        position: e.position,
        input: e.input,
        concentration: e.concentration ?? null,
        mayContain: e.mayContain,
        active: e.active ?? false,
        part: e.part ?? null,
        nano: e.nano ?? false,
        ingredient: ingredients[i],
      })),
      loadRegulation(),
      productType,
      Object.keys(loadVocabulary().flags),
      null,
      nameLine,
    );
    readings.set(entries, reading);
  }
  return reading;
}

/** An entry as stored with a product or a list version: what the parser saw of it and the ingredient it matched. */
export interface StoredListEntry extends ReadableEntry {
  ingredientId: string | null;
}

/**
 * Stored entries read with their ingredients looked up by id: the one reader of a product's flags (product-flags.ts)
 * and of a list version's side of the 1 % line (reformulation/version-entries.ts). The entries are copied: a reading
 * is cached per array, and a caller's array may be read again as another product type.
 */
export function readStoredEntries(
  entries: ReadonlyArray<StoredListEntry>,
  ingredientOf: (id: string) => Ingredient | undefined,
  productType: ProductType | null = null,
): ReadList<Ingredient> {
  return readEntries(
    entries.map((e) => ({
      position: e.position,
      input: e.input,
      concentration: e.concentration ?? null,
      mayContain: e.mayContain,
      active: e.active ?? false,
      part: e.part ?? null,
      nano: e.nano ?? false,
    })),
    entries.map((e) => (e.ingredientId ? (ingredientOf(e.ingredientId) ?? null) : null)),
    productType,
  );
}

/**
 * A category's product type: its name's words first, in the spellings retailers use (scrubs, clay and wash-off
 * masks are rinsed off though they are not the cleansing step; micellar waters are wiped on and left, though
 * they are), then its routine step (cleansers rinse off, every other step stays on).
 */
export function productTypeOfCategory(
  category: { stepType?: string | null; name?: string | null } | null | undefined,
): ProductType | null {
  const named = productTypeOfHeading(category?.name);
  if (named !== 'unknown') return named;
  const stepType = category?.stepType;
  return stepType === 'cleanse' ? 'rinse_off' : stepType ? 'leave_on' : null;
}

/** The ingredients as read at their dose in this list (for rules and verdicts), label order. */
export const dosedIngredients = (reading: ReadList<Ingredient>) =>
  reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []));
