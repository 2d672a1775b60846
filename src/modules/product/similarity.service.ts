import type { EntityManager } from '../../db.js';
import { ProductStatus } from './product.entity.js';
import { SimilarityIndex, SimilarityOverlay, type CatalogItem } from '../analysis/engine/similarity.js';
import { dropProcessCache, noteProcessCacheRead, registerProcessCache } from '../shared/process-caches.js';

// Built once from the published catalog (one query, seconds at 100,000 products). A product
// write does not rebuild it: the product's id is marked (here at once, on every other instance
// through the cache-drop message once the write has committed), and the next reader re-reads the
// marked products' rows and adds, replaces or removes their vectors (SimilarityOverlay). The whole
// index is rebuilt only when dropped whole (a catalog import) or once the changes grow many.
// `em` is used as given, never forked: see loadMatcher.

/** Changed products past which the next reader rebuilds the whole index (their weights drift). */
const MAX_CHANGES = 500;

interface Row {
  id: string;
  ingredient_ids: string | null;
  category_id: string | null;
  unread: boolean;
  status?: string;
}

let cached: Promise<SimilarityOverlay> | null = null;
/** Products written since the index was loaded, not yet re-read. */
const stale = new Set<string>();
let builds = 0;

// Plain rows, not entities, and the ids as one comma-joined text: hydrating 100,000 products or
// parsing their text[] arrays in the driver costs seconds, a split does not.
// `unread` as LIST_READ (product.service.ts) says: no entries, or one we could not read.
const COLUMNS = `id, array_to_string(ingredient_ids, ',') as ingredient_ids, category_id,
  (not exists (select 1 from product_ingredient pi where pi.product_id = product.id)
    or exists (select 1 from product_ingredient pi where pi.product_id = product.id and pi.unread)) as unread`;
const itemOf = (row: Row): CatalogItem => ({
  id: row.id,
  ingredientIds: row.ingredient_ids ? row.ingredient_ids.split(',') : [],
  categoryId: row.category_id ?? null,
  unread: row.unread,
});

export async function loadSimilarityIndex(em: EntityManager): Promise<SimilarityOverlay> {
  noteProcessCacheRead('similarity-index');
  const loading = (cached ??= (async () => {
    stale.clear();
    builds++;
    const rows = await em.execute<Row[]>(`select ${COLUMNS} from product where status = ? order by id`, [
      ProductStatus.published,
    ]);
    return new SimilarityOverlay(new SimilarityIndex(rows.map(itemOf)));
  })().catch((error) => {
    cached = null;
    throw error;
  }));
  const index = await loading;
  if (stale.size && cached === loading) await applyChanges(em, index);
  if (index.changes > MAX_CHANGES && cached === loading) {
    cached = null;
    return loadSimilarityIndex(em);
  }
  return index;
}

/** Re-reads the products written since, one statement: published ones in, the others out. */
async function applyChanges(em: EntityManager, index: SimilarityOverlay): Promise<void> {
  const ids = [...stale];
  stale.clear();
  try {
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS}, status from product where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = found.get(id);
      if (row && row.status === ProductStatus.published) index.upsert(itemOf(row));
      else index.remove(id);
    }
  } catch (error) {
    for (const id of ids) stale.add(id);
    throw error;
  }
}

registerProcessCache('similarity-index', (productId) => {
  if (productId === undefined) cached = null;
  else if (cached) stale.add(productId);
});

/** After a write that changes the catalog wholesale (an import): every instance rebuilds its index. */
export function invalidateSimilarityIndex(): void {
  dropProcessCache('similarity-index');
}

/** After a write that publishes, changes or removes one product: every instance updates that product only. */
export function refreshSimilarProduct(productId: string): void {
  dropProcessCache('similarity-index', productId);
}

/** Whole builds of the index in this process (tests check a write does not cause one). */
export function similarityIndexBuilds(): number {
  return builds;
}
