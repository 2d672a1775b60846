import type { EntityManager } from '../../db.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { SimilarityIndex } from './engine/similarity.js';

// Built once from the published catalog (one query), rebuilt after product writes. `em` is
// used as given, never forked: see loadMatcher.
let cached: Promise<SimilarityIndex> | null = null;

export function loadSimilarityIndex(em: EntityManager): Promise<SimilarityIndex> {
  cached ??= (async () => {
    const rows = await em.find(Product, { status: ProductStatus.published }, { fields: ['id', 'ingredientIds', 'category'], disableIdentityMap: true });
    return new SimilarityIndex(rows.map((p) => ({ id: p.id, ingredientIds: p.ingredientIds, categoryId: p.category?.id ?? null })));
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
