import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { categoryWithDescendants } from '../category/category.service.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { likeContains } from '../ingredient/ingredient.service.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid } from '../shared/ids.js';
import { checkedLimit, paginate, type PageArgs } from '../shared/pagination.js';
import { Product, ProductStatus } from './product.entity.js';
import { checkedFlags, SUMMARY_RELATIONS } from './product.service.js';

export interface ProductSearch {
  query?: string | null;
  category?: string | null;
  brand?: string | null;
  includeIngredients?: string[] | null;
  excludeIngredients?: string[] | null;
  freeOf?: string[] | null;
}

const MAX_INGREDIENTS = 20;

/** Ingredient ids for ids or aliases, all of both lists in one query; an unknown one is a 400 naming its field. */
async function ingredientIds(em: EntityManager, lists: Array<[string, string[] | null | undefined]>): Promise<{ ids: string[][]; flags: Map<string, string[]> }> {
  const keys = lists.flatMap(([field, list]) => {
    if ((list?.length ?? 0) > MAX_INGREDIENTS) throw validationFailed(field, `${field} takes at most ${MAX_INGREDIENTS} ingredients`);
    return (list ?? []).map((k) => k.trim().toLowerCase());
  });
  if (!keys.length) return { ids: lists.map(() => []), flags: new Map() };
  const rows = await em.find(Ingredient, { $or: [{ id: { $in: keys.filter(isUuid) } }, { alias: { $in: keys.filter((k) => !isUuid(k)) } }] }, { fields: ['id', 'alias', 'flags'], disableIdentityMap: true });
  const byKey = new Map(rows.flatMap((r) => [[r.id, r.id], [r.alias, r.id]]));
  const ids = lists.map(([field, list]) => [...new Set((list ?? []).map((k) => {
    const id = byKey.get(k.trim().toLowerCase());
    if (!id) throw validationFailed(field, `${field}: no ingredient "${k}"`);
    return id;
  }))]);
  return { ids, flags: new Map(rows.map((r) => [r.id, r.flags])) };
}

/**
 * POST /products/search: published products by name, brand, category (with its sub-categories),
 * ingredients they contain (all of) or lack (any of), and free-of flags. Backed by the GIN
 * indexes on product.ingredient_ids and product.flags and the trigram index on product.name;
 * a constant number of statements whatever the page size.
 */
export async function searchProducts(em: EntityManager, search: ProductSearch, page: PageArgs) {
  const and: FilterQuery<Product>[] = [{ status: ProductStatus.published }];
  const query = search.query?.trim();
  if (query) {
    if (query.length > 200) throw validationFailed('query', 'query is at most 200 characters');
    and.push({ name: { $ilike: likeContains(query) } });
  }
  if (search.brand) {
    const brand = await findOneByIdOrAlias(em, Brand, search.brand.trim());
    if (!brand) throw validationFailed('brand', `No brand "${search.brand}"`);
    and.push({ brand: brand.id });
  }
  if (search.category) {
    const category = await findOneByIdOrAlias(em, ProductCategory, search.category.trim());
    if (!category) throw validationFailed('category', `No category "${search.category}"`);
    and.push({ category: { $in: await categoryWithDescendants(em, category.id) } });
  }
  const { ids: [include, exclude], flags } = await ingredientIds(em, [['include_ingredients', search.includeIngredients], ['exclude_ingredients', search.excludeIngredients]]);
  if (include.length) and.push({ ingredientIds: { $contains: include } });
  if (exclude.length) and.push({ $not: { ingredientIds: { $overlap: exclude } } });
  const freeOf = checkedFlags('free_of', search.freeOf);
  if (freeOf.length) and.push({ $not: { flags: { $overlap: freeOf } } });
  // Filters that contradict each other (an included ingredient also excluded, or carrying a
  // free-of flag) match nothing: answered without the query, which would otherwise walk the
  // whole name index looking for a first match.
  if (include.some((id) => exclude.includes(id) || (flags.get(id) ?? []).some((f) => freeOf.includes(f)))) {
    checkedLimit(page.limit);
    return { items: [] as Product[], nextCursor: null };
  }
  return paginate(em, Product, { $and: and }, { name: 'asc', id: 'asc' }, page, SUMMARY_RELATIONS);
}
