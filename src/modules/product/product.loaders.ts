import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { Product, ProductIngredient, ProductOffer } from './product.entity.js';
import {
  ALL_PRODUCT_COLUMNS,
  entryFromRow,
  productRowsByIds,
  type ProductColumns,
  type ProductIngredientRow,
  type ProductRow,
} from './product-rows.js';

export type { ProductIngredientRow };

/** The entries of many products in one statement, in label order, grouped by product id. */
function ingredientRowsByProduct(em: EntityManager): DataLoader<string, ProductIngredientRow[]> {
  return new DataLoader(async (productIds) => {
    const [rows, { byId }] = await Promise.all([
      em
        .createQueryBuilder(ProductIngredient, 'pi')
        .select([
          'id',
          'product',
          'position',
          'input',
          'ingredient',
          'match',
          'concentration',
          'mayContain',
          'unread',
          'flags',
          'active',
          'part',
          'nano',
        ])
        .where({ product: { $in: [...productIds] } })
        .orderBy({ position: 'asc' })
        .execute<
          Array<{
            id: string;
            product: string;
            position: number;
            input: string;
            ingredient: string | null;
            match: string;
            concentration: string | null;
            mayContain: boolean;
            unread: boolean;
            flags: string[];
            active: boolean;
            part: string | null;
            nano: boolean;
          }>
        >('all'),
      loadKnowledgeBase(em),
    ]);
    const groups = new Map<string, ProductIngredientRow[]>(productIds.map((id) => [id, []]));
    for (const row of rows) {
      groups.get(row.product)?.push(entryFromRow(row, byId));
    }
    return productIds.map((id) => groups.get(id)!);
  });
}

/** Products by id as rows (productRowsByIds), one statement per tick; missing ids resolve to null. */
function productRowLoader(em: EntityManager, columns: ProductColumns): DataLoader<string, ProductRow | null> {
  return new DataLoader(async (ids) => {
    const byId = await productRowsByIds(em, ids, columns);
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** A request's product row loaders, one per column set (an operation asks for one or two). */
export function productRowLoaders(
  em: EntityManager,
): (columns?: ProductColumns) => DataLoader<string, ProductRow | null> {
  const loaders = new Map<string, DataLoader<string, ProductRow | null>>();
  return (columns = ALL_PRODUCT_COLUMNS) => {
    let loader = loaders.get(columns.key);
    if (!loader) loaders.set(columns.key, (loader = productRowLoader(em, columns)));
    return loader;
  };
}

export const createProductLoaders = (em: EntityManager) => ({
  // Brand joined: a routine page's ~70 step products and their brands in one statement.
  productById: loaderById(em, Product, ['brand']),
  // Rows (brand and category joined) for read paths that show products beside something else,
  // a loader per column set (productColumnsShown).
  productRowById: productRowLoaders(em),
  ingredientsByProduct: ingredientRowsByProduct(em),
  offersByProduct: loaderByParent(em, ProductOffer, 'product', { price: 'asc', retailer: 'asc' }, { endedAt: null }),
});
