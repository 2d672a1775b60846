import type { EntityManager } from '../../db.js';

/** A product's ingredient list as a write just stored it. */
export interface WrittenIngredientList {
  productId: string;
  ingredientList: string;
  ingredientIds: string[];
  /** The entries the write analysed (saves whoever listens reading the text again). */
  entries: ReadonlyArray<{
    position: number;
    input: string;
    ingredientId: string | null;
    concentration: string | null;
    mayContain: boolean;
    active?: boolean;
  }>;
  /** What wrote it: `product_created`, … (the listener's vocabulary). */
  source: string;
  authorId: string | null;
}

type Listener = (em: EntityManager, lists: WrittenIngredientList[]) => Promise<void>;
const listeners = new Set<Listener>();

/**
 * Who must follow every written ingredient list (the reformulation watch keeps its versions and
 * alerts) registers here, from the composition root (src/schema.ts). The product module announces
 * its writes without importing the modules that follow them, which import it: no import loop.
 */
export function onIngredientListsWritten(listener: Listener): void {
  listeners.add(listener);
}

/** Called by a write inside its transaction; listeners write in that same transaction. */
export async function announceIngredientListsWritten(em: EntityManager, lists: WrittenIngredientList[]): Promise<void> {
  for (const listener of listeners) await listener(em, lists);
}
