import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';

export const createFavoriteLoaders = (em: EntityManager) => ({
  // Favourite counts of many products in one grouped query.
  favoriteCountByProduct: new DataLoader<string, number>(async (ids) => {
    const rows = await em.execute<Array<{ product_id: string; n: number }>>(
      'select product_id, count(*)::int as n from product_favorite where product_id in (?) group by product_id',
      [[...ids]],
    );
    const counts = new Map(rows.map((r) => [r.product_id, r.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  }),
});
