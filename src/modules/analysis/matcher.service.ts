import type { EntityManager } from '../../db.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { IngredientMatcher } from './engine/match.js';

// The matcher indexes every ingredient name once; rebuilding it per request would cost
// tens of milliseconds, so it is kept until an ingredient write invalidates it.
let cached: Promise<IngredientMatcher> | null = null;

/** A matcher over the ingredients `em` sees (inside a transaction: including uncommitted ones). */
export async function buildMatcher(em: EntityManager): Promise<IngredientMatcher> {
  const rows = await em.find(Ingredient, {}, { fields: ['id', 'name', 'otherNames'], disableIdentityMap: true });
  return new IngredientMatcher(rows);
}

/**
 * The cached matcher. `em` is used as given, never forked: inside a transaction on PGlite's
 * single connection, a query from a fork would wait for the transaction forever.
 */
export function loadMatcher(em: EntityManager): Promise<IngredientMatcher> {
  cached ??= buildMatcher(em).catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Called after any write that adds or renames ingredients. */
export function invalidateMatcher(): void {
  cached = null;
}
