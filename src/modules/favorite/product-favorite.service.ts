import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { canSeeUnpublished, getProductRow } from '../product/product.service.js';
import type { ProductRow } from '../product/product-rows.js';
import { isUuid, newId } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { ProductFavorite } from './product-favorite.entity.js';

/** Adds the favourite; doing it again changes nothing (ON CONFLICT DO NOTHING, safe under races). */
export async function favoriteProduct(em: EntityManager, idOrAlias: string, viewer: User): Promise<ProductRow> {
  const product = await getProductRow(em, idOrAlias, viewer);
  await em.upsert(
    ProductFavorite,
    { id: newId(), user: viewer.id, product: product.id, createdAt: new Date() } as never,
    {
      onConflictFields: ['user', 'product'],
      onConflictAction: 'ignore',
    },
  );
  return product;
}

export async function unfavoriteProduct(em: EntityManager, idOrAlias: string, viewer: User): Promise<boolean> {
  const product = await getProductRow(em, idOrAlias, viewer);
  await em.nativeDelete(ProductFavorite, { user: viewer.id, product: product.id });
  return true;
}

/** Which of these products (ids or aliases) the viewer favours, in the order asked. */
export async function favoriteLookup(
  em: EntityManager,
  viewer: User,
  keys: string[],
): Promise<Array<{ key: string; productId: string | null; favorited: boolean }>> {
  if (keys.length === 0 || keys.length > 100)
    throw validationFailed('ids', 'ids takes 1 to 100 product ids or aliases');
  const lowered = keys.map((k) => k.trim().toLowerCase());
  const found = await em.find(
    Product,
    { $or: [{ id: { $in: lowered.filter(isUuid) } }, { alias: { $in: lowered } }] },
    { populate: ['brand'] },
  );
  // An unpublished product the viewer may not see is unknown here too (as GET /products/:id says).
  const products = found.filter(
    (p) => p.status === ProductStatus.published || canSeeUnpublished(p, viewer, p.brand.getEntity().owner?.id),
  );
  const idOf = new Map(
    products.flatMap(
      (p) =>
        [
          [p.id, p.id],
          [p.alias, p.id],
        ] as Array<[string, string]>,
    ),
  );
  const favourites = new Set(
    (await em.find(ProductFavorite, { user: viewer.id, product: { $in: products.map((p) => p.id) } })).map(
      (f) => f.product.id,
    ),
  );
  return lowered.map((key) => {
    const productId = idOf.get(key) ?? null;
    return { key, productId, favorited: productId !== null && favourites.has(productId) };
  });
}

/** A user's favourite products, newest favourite first. */
export async function listFavoriteProducts(em: EntityManager, userId: string, page: PageArgs) {
  const favourites = await paginate(em, ProductFavorite, { user: userId }, { createdAt: 'desc', id: 'desc' }, page);
  const products = await em.find(Product, { id: { $in: favourites.items.map((f) => f.product.id) } });
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    items: favourites.items.flatMap((f) => (byId.has(f.product.id) ? [byId.get(f.product.id)!] : [])),
    nextCursor: favourites.nextCursor,
  };
}
