// The product module's port for the reading of a list's flags (issue 40). The reading is the analysis's
// (analysis/product-flags.ts), and the analysis module imports this one: the composition root (src/schema.ts)
// hands the reading in, as it does the ingredient-list listeners, so that no import loop forms.
import type { EntityManager } from '../../db.js';

/** An entry as the reading needs it: what the parser saw of it and the ingredient it matched. */
export interface FlagReadableEntry {
  position: number;
  input: string;
  concentration: string | null;
  mayContain: boolean;
  active?: boolean;
  part?: string | null;
  nano?: boolean;
  ingredientId: string | null;
}

export interface ProductFlags {
  /** The list's flags, sorted (product.flags). */
  flags: string[];
  /** Each entry's flags, in entry order (product_ingredient.flags). */
  entryFlags: string[][];
}

export type ProductFlagReader = (
  em: EntityManager,
  entries: ReadonlyArray<FlagReadableEntry>,
  category: { stepType?: string | null; name?: string | null } | null | undefined,
) => Promise<ProductFlags>;

let reader: ProductFlagReader | null = null;

/** Called once by the composition root (src/schema.ts). */
export function useProductFlagReader(read: ProductFlagReader): void {
  reader = read;
}

/** The reading, as the composition root gave it. */
export function productFlagReader(): ProductFlagReader {
  if (!reader) throw new Error('No product flag reader: src/schema.ts registers analysis/product-flags.ts');
  return reader;
}
