import type { EntityManager } from '../../db.js';
import { ProductStatus } from '../product/product.entity.js';
import { SimilarityIndex } from './engine/similarity.js';

// Built once from the published catalog (one query), rebuilt after product writes. `em` is
// used as given, never forked: see loadMatcher.
let cached: Promise<SimilarityIndex> | null = null;

export function loadSimilarityIndex(em: EntityManager): Promise<SimilarityIndex> {
  cached ??= (async () => {
    // Plain rows, not entities: hydrating 100,000 products would cost seconds.
    const rows = await em.execute<Array<{ id: string; ingredient_ids: string[]; category_id: string | null }>>(
      'select id, ingredient_ids, category_id from product where status = ? order by id', [ProductStatus.published],
    );
    return new SimilarityIndex(rows.map((p) => ({ id: p.id, ingredientIds: p.ingredient_ids ?? [], categoryId: p.category_id ?? null })));
  })().catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Called after any write that publishes, changes or removes a product. */
export function invalidateSimilarityIndex(): void {
  cached = null;
}
