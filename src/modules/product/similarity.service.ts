import type { EntityManager } from '../../db.js';
import { ProductStatus } from './product.entity.js';
import { SimilarityIndex } from '../analysis/engine/similarity.js';
import { dropProcessCache, registerProcessCache } from '../shared/process-caches.js';

// Built once from the published catalog (one query), rebuilt after product writes. `em` is
// used as given, never forked: see loadMatcher.
let cached: Promise<SimilarityIndex> | null = null;

export function loadSimilarityIndex(em: EntityManager): Promise<SimilarityIndex> {
  cached ??= (async () => {
    // Plain rows, not entities, and the ids as one comma-joined text: hydrating 100,000 products
    // or parsing their text[] arrays in the driver costs seconds, a split does not.
    const rows = await em.execute<Array<{ id: string; ingredient_ids: string | null; category_id: string | null }>>(
      `select id, array_to_string(ingredient_ids, ',') as ingredient_ids, category_id from product where status = ? order by id`, [ProductStatus.published],
    );
    return new SimilarityIndex(rows.map((p) => ({ id: p.id, ingredientIds: p.ingredient_ids ? p.ingredient_ids.split(',') : [], categoryId: p.category_id ?? null })));
  })().catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

registerProcessCache('similarity-index', () => {
  cached = null;
});

/** Called after any write that publishes, changes or removes a product (here and on every instance). */
export function invalidateSimilarityIndex(): void {
  dropProcessCache('similarity-index');
}
