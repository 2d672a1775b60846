import type { EntityManager } from '../../db.js';
import { notFound, validationFailed } from '../../errors.js';
import { getBrand } from '../brand/brand.service.js';
import { categoryWithDescendants, getCategory } from '../category/category.service.js';
import { findByIdOrAlias } from '../shared/find.js';
import type { PageArgs } from '../shared/pagination.js';
import { UserType, type User } from '../user/user.entity.js';
import { FREE_OF_FLAGS } from '../analysis/engine/rules.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { getIngredient } from '../ingredient/ingredient.service.js';
import { Product, ProductStatus } from './product.entity.js';
import { normalizeBarcode } from './barcode.js';
import { parseSearchText, searchProductText } from './product-text-search.service.js';
import {
  productDetailRow,
  productRowByKey,
  productRowPage,
  type ProductConditions,
  type ProductDetailRow,
  type ProductReads,
  type ProductRow,
  WHOLE_PRODUCT_ROWS,
} from './product-rows.js';

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

/** Published, or unpublished and the viewer may see it (canSeeUnpublished). */
const visibleTo = (
  product: Product | ProductRow,
  viewer: User | null,
  brandOwnerId: string | null | undefined,
): boolean => product.status === ProductStatus.published || canSeeUnpublished(product as Product, viewer, brandOwnerId);

/** NOT_FOUND for a product key: an unknown product and one the viewer may not see answer alike. */
const productNotFound = (idOrAlias: string) => notFound('Product', idOrAlias.replace(/\0/g, '\\0'));

/**
 * The products a request's EntityManager has looked up, by the key asked for. A page answers from several
 * operations that each look the product up (its analysis, offers, similar products, alternatives, versions);
 * the request's own EntityManager is the request's scope, so they share one statement. Visibility is
 * checked on every call: the viewer may differ, the row does not.
 */
const productLookups = new WeakMap<EntityManager, Map<string, Promise<Product>>>();

export async function getProduct(em: EntityManager, idOrAlias: string, viewer: User | null): Promise<Product> {
  let lookups = productLookups.get(em);
  if (!lookups) productLookups.set(em, (lookups = new Map()));
  let lookup = lookups.get(idOrAlias);
  if (!lookup) {
    // Brand, category and unit in the same statement: the request's loaders find them loaded.
    lookup = findByIdOrAlias(em, Product, idOrAlias, {
      populate: ['brand', 'category', 'sizeUnit'],
      strategy: 'joined',
    });
    lookups.set(idOrAlias, lookup);
  }
  const product = await lookup;
  if (!visibleTo(product, viewer, product.brand.getEntity().owner?.id)) throw productNotFound(idOrAlias);
  return product;
}

/**
 * As getProduct, as a row (brand and category joined; one statement, no entities): for writes that
 * need only the product's id and answer with the product (favourites).
 */
export async function getProductRow(em: EntityManager, idOrAlias: string, viewer: User | null): Promise<ProductRow> {
  const product = await productRowByKey(em, idOrAlias);
  if (!product || !visibleTo(product, viewer, product.brand.owner?.id)) throw productNotFound(idOrAlias);
  return product;
}

/**
 * A product for its detail (the `product` query): one statement, as a row (see productDetailRow);
 * the same visibility as getProduct.
 */
export async function readProductDetail(
  em: EntityManager,
  idOrAlias: string,
  viewer: User | null,
): Promise<ProductDetailRow> {
  const detail = await productDetailRow(em, idOrAlias);
  if (!detail || !visibleTo(detail.product, viewer, detail.brandOwnerId)) throw productNotFound(idOrAlias);
  return detail;
}

/** Flags by name (silicone) or by the contract's free-of word (silicones); anything else is a 400. */
/**
 * The product's list was read: it has entries and none is marked unread (words run together holding a name we do
 * not know). A list we could not read passes no free-of filter, as it passes no free-of rule.
 */
export const LIST_READ = `exists (select 1 from product_ingredient pi where pi.product_id = p.id)
  and not exists (select 1 from product_ingredient pi where pi.product_id = p.id and pi.unread)`;

export function checkedFlags(field: string, words: string[] | null | undefined): string[] {
  const known = loadVocabulary().flags;
  return [
    ...new Set(
      (words ?? []).flatMap((word) => {
        // Own keys only: a word such as `constructor` or `toString` names no flag (it read Object's function).
        const flags = Object.hasOwn(FREE_OF_FLAGS, word)
          ? FREE_OF_FLAGS[word]
          : Object.hasOwn(known, word)
            ? [word]
            : null;
        if (!flags)
          throw validationFailed(
            field,
            `${field}: unknown flag "${word}" (known: ${[...new Set([...Object.keys(FREE_OF_FLAGS), ...Object.keys(known)])].join(', ')})`,
          );
        return flags;
      }),
    ),
  ];
}

export async function listProducts(
  em: EntityManager,
  filter: ProductFilter,
  page: PageArgs,
  reads: ProductReads = WHOLE_PRODUCT_ROWS,
) {
  const where: ProductConditions = { sql: [`p.status = 'published'`], params: [] };
  const add = (sql: string, ...params: unknown[]) => {
    where.sql.push(sql);
    where.params.push(...params);
  };
  const text = filter.search?.trim() ? await parseSearchText(em, 'search', filter.search) : null;
  if (filter.brand) add('p.brand_id = ?', (await getBrand(em, filter.brand)).id);
  if (filter.category)
    add('p.category_id in (?)', await categoryWithDescendants(em, (await getCategory(em, filter.category)).id));
  if (filter.ingredient) add('p.ingredient_ids @> array[?]::text[]', (await getIngredient(em, filter.ingredient)).id);
  const flags = checkedFlags('flags', filter.flags);
  if (flags.length) add('p.flags @> array[?]::text[]', flags);
  const freeOf = checkedFlags('free_of', filter.freeOf);
  if (freeOf.length) add(`not (p.flags && array[?]::text[]) and ${LIST_READ}`, freeOf);
  // Free text: by relevance (src/modules/search), with the filters above.
  if (text) return searchProductText(em, text, where, page, reads, (w) => productRowPage(em, w, 'name', page, reads));
  return productRowPage(em, where, 'name', page, reads);
}

export function listRecentProducts(em: EntityManager, page: PageArgs, reads: ProductReads = WHOLE_PRODUCT_ROWS) {
  return productRowPage(em, { sql: [`p.status = 'published'`], params: [] }, 'recent', page, reads);
}

/** A product by its barcode (check digit verified), or by brand and exact name. */
export async function lookupProduct(
  em: EntityManager,
  viewer: User | null,
  by: { barcode?: string | null; brand?: string | null; name?: string | null },
): Promise<Product> {
  if (by.barcode != null) {
    const barcode = normalizeBarcode(by.barcode);
    if (!barcode)
      throw validationFailed('barcode', 'barcode must be a valid EAN-13, UPC-A or EAN-8 (check digit included)');
    const product = await em.findOne(Product, { barcode }, { populate: ['brand'] });
    if (!product) throw notFound('Product with barcode', barcode);
    return getProduct(em, product.id, viewer);
  }
  if (!by.brand || !by.name?.trim()) throw validationFailed('barcode', 'Give a barcode, or a brand and a name');
  const brand = await getBrand(em, by.brand);
  const product = await em.findOne(Product, {
    brand: brand.id,
    name: { $ilike: by.name.trim().replace(/[\\%_]/g, (c) => `\\${c}`) },
  });
  if (!product) throw notFound('Product', `${brand.name} ${by.name.trim()}`);
  return getProduct(em, product.id, viewer);
}
