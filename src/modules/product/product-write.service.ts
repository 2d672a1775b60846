import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { invalidateSimilarityIndex } from '../analysis/similarity.service.js';
import { isUuid } from '../shared/ids.js';
import { UserType, type User } from '../user/user.entity.js';
import { Product, ProductStatus } from './product.entity.js';
import { canSeeUnpublished, getProduct } from './product.service.js';

/** Draft → published, by whoever may see the draft (author, brand owner, moderators, admins). */
export async function publishProduct(em: EntityManager, idOrAlias: string, viewer: User): Promise<Product> {
  const product = await getProduct(em, idOrAlias, viewer);
  if (!canSeeUnpublished(product, viewer, product.brand.getEntity().owner?.id)) throw forbidden('Only the author, the brand owner or a moderator publishes a product');
  if (product.status !== ProductStatus.draft) throw conflict(`The product is ${product.status}: only a draft can be published`);
  em.assign(product, { status: ProductStatus.published, publishedAt: new Date() });
  await em.flush();
  invalidateSimilarityIndex();
  return product;
}

/** The brand's owner confirms a product is theirs. */
export async function attestBrand(em: EntityManager, idOrAlias: string, viewer: User): Promise<Product> {
  const product = await getProduct(em, idOrAlias, viewer);
  const owner = product.brand.getEntity().owner?.id;
  if (owner !== viewer.id && viewer.userType !== UserType.admin) throw forbidden('Only the brand\'s owner attests its products');
  if (product.brandAttestedAt) return product;
  em.assign(product, { brandAttestedAt: new Date() });
  await em.flush();
  return product;
}

/** Deletes a product with its ingredient entries, offers and favourites (admins). */
export async function deleteProduct(em: EntityManager, id: string): Promise<boolean> {
  const product = isUuid(id) ? await em.findOne(Product, { id: id.toLowerCase() }) : await em.findOne(Product, { alias: id.toLowerCase() });
  if (!product) throw notFound('Product', id);
  await em.nativeDelete(Product, { id: product.id });
  invalidateSimilarityIndex();
  return true;
}
