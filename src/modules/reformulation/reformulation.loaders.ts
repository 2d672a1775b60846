import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { ProductListVersion } from './product-list-version.entity.js';

export const createReformulationLoaders = (em: EntityManager) => ({
  // The versions a page of alerts compares, in one query (key: "productId:version").
  listVersionByKey: new DataLoader<string, ProductListVersion | null>(async (keys) => {
    const pairs = keys.map((k) => k.split(':'));
    const rows = await em.find(ProductListVersion, {
      $or: pairs.map(([product, version]) => ({ product, version: Number(version) })),
    });
    const byKey = new Map(rows.map((r) => [`${r.product.id}:${r.version}`, r]));
    return keys.map((k) => byKey.get(k) ?? null);
  }),
});
