import type { EntityManager } from '../../db.js';
import { Ingredient } from './ingredient.entity.js';
import { IngredientMatcher } from '../analysis/engine/match.js';
import { dropProcessCache, registerProcessCache } from '../shared/process-caches.js';

/** The ingredient knowledge base in memory: the matcher over its names and the rows by id. */
export interface KnowledgeBase {
  matcher: IngredientMatcher;
  byId: Map<string, Ingredient>;
}

// Indexing every name costs tens of milliseconds and every analysis reads dozens of
// ingredients, so the whole base is kept in memory until an ingredient write invalidates it.
let cached: Promise<KnowledgeBase> | null = null;

/** A matcher over the ingredients `em` sees (inside a transaction: including uncommitted ones). */
export async function buildMatcher(em: EntityManager): Promise<IngredientMatcher> {
  const rows = await em.find(Ingredient, {}, { fields: ['id', 'name', 'otherNames'], disableIdentityMap: true });
  return new IngredientMatcher(rows);
}

/**
 * The cached knowledge base. `em` is used as given, never forked: inside a transaction on
 * PGlite's single connection, a query from a fork would wait for the transaction forever.
 * The rows are detached: read them, never change them.
 */
export function loadKnowledgeBase(em: EntityManager): Promise<KnowledgeBase> {
  cached ??= (async () => {
    const rows = await em.find(Ingredient, {}, { disableIdentityMap: true });
    return { matcher: new IngredientMatcher(rows), byId: new Map(rows.map((row) => [row.id, row])) };
  })().catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

export async function loadMatcher(em: EntityManager): Promise<IngredientMatcher> {
  return (await loadKnowledgeBase(em)).matcher;
}

registerProcessCache('knowledge-base', () => {
  cached = null;
});

/** Called after any write that adds, renames or changes ingredients (here and on every instance). */
export function invalidateMatcher(): void {
  dropProcessCache('knowledge-base');
}
