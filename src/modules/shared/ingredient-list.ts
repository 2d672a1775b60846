// A pasted ingredient list, before and after matching: the bound every writer checks (analyses,
// products, drafts, imports) and the matched ids in label order. Here, below those modules, so
// product and draft need not import analysis.
import { AppError, validationFailed } from '../../errors.js';

/** The contract's bound on a pasted list. */
export const MAX_LIST_LENGTH = 20_000;

export function checkedList(field: string, text: string): string {
  if (!text.trim())
    throw validationFailed(field, `${field} is empty: paste the ingredient list printed on the product`);
  if (text.length > MAX_LIST_LENGTH) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${field} is ${text.length} characters; at most ${MAX_LIST_LENGTH} are analysed`,
      { field },
    );
  }
  return text;
}

/** Each ingredient once, in label order (a kit's parts may each hold it). */
export const matchedIngredientIds = (entries: ReadonlyArray<{ ingredientId: string | null }>): string[] => [
  ...new Set(entries.flatMap((e) => (e.ingredientId ? [e.ingredientId] : []))),
];
