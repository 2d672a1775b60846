import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { notFound, validationFailed } from '../../errors.js';
import { getBrand } from '../brand/brand.service.js';
import { categoryWithDescendants, getCategory } from '../category/category.service.js';
import { likeContains } from '../ingredient/ingredient.service.js';
import { byIdOrAlias } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { UserType, type User } from '../user/user.entity.js';
import { FREE_OF_FLAGS } from '../analysis/engine/rules.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { getIngredient } from '../ingredient/ingredient.service.js';
import { Product, ProductStatus } from './product.entity.js';

export interface ProductFilter {
  search?: string | null;
  brand?: string | null;
  category?: string | null;
  /** Products containing an ingredient with each of these flags. */
  flags?: string[] | null;
  /** Products with none of these flags (fragrance-free, silicone-free…). */
  freeOf?: string[] | null;
  /** Products whose list contains this ingredient (id or alias). */
  ingredient?: string | null;
}

/** Who may see a product that is not published: its author, the brand's owner, moderators and admins. */
export function canSeeUnpublished(product: Product, viewer: User | null, brandOwnerId?: string | null): boolean {
  if (!viewer) return false;
  if (viewer.userType === UserType.admin || viewer.userType === UserType.moderator) return true;
  return product.createdBy?.id === viewer.id || (brandOwnerId != null && brandOwnerId === viewer.id);
}

export async function getProduct(em: EntityManager, idOrAlias: string, viewer: User | null): Promise<Product> {
  const product = await em.findOne(Product, byIdOrAlias(idOrAlias), { populate: ['brand'] });
  if (!product) throw notFound('Product', idOrAlias);
  if (product.status !== ProductStatus.published && !canSeeUnpublished(product, viewer, product.brand.getEntity().owner?.id)) {
    throw notFound('Product', idOrAlias);
  }
  return product;
}

/** Flags by name (silicone) or by the contract's free-of word (silicones); anything else is a 400. */
function checkedFlags(field: string, words: string[] | null | undefined): string[] {
  const known = loadVocabulary().flags;
  return [...new Set((words ?? []).flatMap((word) => {
    const flags = FREE_OF_FLAGS[word] ?? (word in known ? [word] : null);
    if (!flags) throw validationFailed(field, `${field}: unknown flag "${word}" (known: ${[...Object.keys(FREE_OF_FLAGS), ...Object.keys(known)].join(', ')})`);
    return flags;
  }))];
}

export async function listProducts(em: EntityManager, filter: ProductFilter, page: PageArgs) {
  const and: FilterQuery<Product>[] = [{ status: ProductStatus.published }];
  if (filter.search?.trim()) and.push({ name: { $ilike: likeContains(filter.search.trim()) } });
  if (filter.brand) and.push({ brand: (await getBrand(em, filter.brand)).id });
  if (filter.category) and.push({ category: { $in: await categoryWithDescendants(em, (await getCategory(em, filter.category)).id) } });
  if (filter.ingredient) and.push({ ingredientIds: { $contains: [(await getIngredient(em, filter.ingredient)).id] } });
  const flags = checkedFlags('flags', filter.flags);
  if (flags.length) and.push({ flags: { $contains: flags } });
  const freeOf = checkedFlags('free_of', filter.freeOf);
  if (freeOf.length) and.push({ $not: { flags: { $overlap: freeOf } } });
  return paginate(em, Product, { $and: and }, { name: 'asc', id: 'asc' }, page);
}
