import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { categoryWithDescendants } from '../category/category.service.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid } from '../shared/ids.js';
import { checkedLimit, type PageArgs } from '../shared/pagination.js';
import {
  productRowPage,
  type ProductConditions,
  type ProductReads,
  type ProductRow,
  WHOLE_PRODUCT_ROWS,
} from './product-rows.js';
import { checkedFlags, LIST_READ } from './product.service.js';
import { parseSearchText, searchProductText } from './product-text-search.service.js';

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
async function ingredientIds(
  em: EntityManager,
  lists: Array<[string, string[] | null | undefined]>,
): Promise<{ ids: string[][]; flags: Map<string, string[]> }> {
  const keys = lists.flatMap(([field, list]) => {
    if ((list?.length ?? 0) > MAX_INGREDIENTS)
      throw validationFailed(field, `${field} takes at most ${MAX_INGREDIENTS} ingredients`);
    return (list ?? []).map((k) => k.trim().toLowerCase());
  });
  if (!keys.length) return { ids: lists.map(() => []), flags: new Map() };
  const rows = await em.find(
    Ingredient,
    { $or: [{ id: { $in: keys.filter(isUuid) } }, { alias: { $in: keys.filter((k) => !isUuid(k)) } }] },
    { fields: ['id', 'alias', 'flags'], disableIdentityMap: true },
  );
  const byKey = new Map(
    rows.flatMap((r) => [
      [r.id, r.id],
      [r.alias, r.id],
    ]),
  );
  const ids = lists.map(([field, list]) => [
    ...new Set(
      (list ?? []).map((k) => {
        const id = byKey.get(k.trim().toLowerCase());
        if (!id) throw validationFailed(field, `${field}: no ingredient "${k}"`);
        return id;
      }),
    ),
  ]);
  return { ids, flags: new Map(rows.map((r) => [r.id, r.flags])) };
}

/**
 * POST /products/search: published products by free text (by relevance), brand, category (with its sub-categories),
 * ingredients they contain (all of) or lack (any of), and free-of flags. Backed by the GIN
 * indexes on product.ingredient_ids and product.flags and on the search documents;
 * a constant number of statements whatever the page size.
 */
export async function searchProducts(
  em: EntityManager,
  search: ProductSearch,
  page: PageArgs,
  reads: ProductReads = WHOLE_PRODUCT_ROWS,
) {
  const where: ProductConditions = { sql: [`p.status = 'published'`], params: [] };
  const add = (sql: string, ...params: unknown[]) => {
    where.sql.push(sql);
    where.params.push(...params);
  };
  // Free text: by relevance (src/modules/search), with every filter below.
  const text = search.query?.trim() ? await parseSearchText(em, 'query', search.query) : null;
  if (search.brand) {
    const brand = await findOneByIdOrAlias(em, Brand, search.brand.trim());
    if (!brand) throw validationFailed('brand', `No brand "${search.brand}"`);
    add('p.brand_id = ?', brand.id);
  }
  if (search.category) {
    const category = await findOneByIdOrAlias(em, ProductCategory, search.category.trim());
    if (!category) throw validationFailed('category', `No category "${search.category}"`);
    add('p.category_id in (?)', await categoryWithDescendants(em, category.id));
  }
  const {
    ids: [include, exclude],
    flags,
  } = await ingredientIds(em, [
    ['include_ingredients', search.includeIngredients],
    ['exclude_ingredients', search.excludeIngredients],
  ]);
  if (include.length) add('p.ingredient_ids @> array[?]::text[]', include);
  if (exclude.length) add('not (p.ingredient_ids && array[?]::text[])', exclude);
  const freeOf = checkedFlags('free_of', search.freeOf);
  if (freeOf.length) add(`not (p.flags && array[?]::text[]) and ${LIST_READ}`, freeOf);
  // Filters that contradict each other (an included ingredient also excluded, or carrying a
  // free-of flag) match nothing: answered without the query, which would otherwise walk the
  // whole name index looking for a first match.
  if (include.some((id) => exclude.includes(id) || (flags.get(id) ?? []).some((f) => freeOf.includes(f)))) {
    checkedLimit(page.limit);
    return { items: [] as ProductRow[], nextCursor: null };
  }
  if (text) return searchProductText(em, text, where, page, reads, (w) => productRowPage(em, w, 'name', page, reads));
  return productRowPage(em, where, 'name', page, reads);
}
