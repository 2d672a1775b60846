// One reading of a product's flags (issue 40): the flags the analysis works out for the product's list at each
// ingredient's dose and the product type (analysis/list-reading.ts, the reading behind the analysis's
// flag_summary), kept with the product's entries wherever they are written, so that its page, the lists, the
// flags=/free_of= filters, comparisons, alternatives and routines say what the analysis says.
import type { EntityManager } from '../../db.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import type { FlagReadableEntry, ProductFlags } from '../product/product-flag-reader.js';
import { productTypeOfCategory, readStoredEntries } from './list-reading.js';
import type { ProductType } from './engine/regulation.js';

export type { FlagReadableEntry, ProductFlags };

/**
 * Which reading the stored flags are. Raise it when the reading changes what it flags (engine/read-list.ts, dose.ts,
 * regulation data): the next start re-reads every product (backfillProductFlags), a batch at a time.
 */
export const PRODUCT_FLAG_READING = 1;

/**
 * The flags the analysis raises for a list read as a product of this type (null: the type is read from the list,
 * as a pasted list's is). `ingredientOf` finds an entry's ingredient (the knowledge base's row).
 */
export function readProductFlags(
  entries: ReadonlyArray<FlagReadableEntry>,
  ingredientOf: (id: string) => Ingredient | undefined,
  productType: ProductType | null,
): ProductFlags {
  const reading = readStoredEntries(entries, ingredientOf, productType);
  return {
    flags: reading.flags.map((f) => f.flag).sort(),
    entryFlags: reading.entries.map((e) => [...e.flags]),
  };
}

/** A category's product type as the reading takes it (null: read from the list). */
export const productTypeOf = (category: { stepType?: string | null; name?: string | null } | null | undefined) =>
  productTypeOfCategory(category);

/** readProductFlags with the knowledge base's rows, for writers that hold an entity manager. */
export async function productFlagsFor(
  em: EntityManager,
  entries: ReadonlyArray<FlagReadableEntry>,
  category: { stepType?: string | null; name?: string | null } | null | undefined,
): Promise<ProductFlags> {
  const { byId } = await loadKnowledgeBase(em);
  return readProductFlags(entries, (id) => byId.get(id), productTypeOf(category));
}
