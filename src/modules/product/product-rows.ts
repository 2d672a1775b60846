// Product list pages as plain rows (issue 16): a page of products with their brand and category
// joined, in ONE statement, without hydrating entities. The rows have Product's property names
// (entityFromRow), brand and category are whole rows marked as loaded (loadedOr returns them), so
// the same field resolvers serve rows and entities. Cursors are `paginate`'s (rowPage).
import type DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { asLoaded } from '../shared/loaders.js';
import type { PageArgs, PageResult } from '../shared/pagination.js';
import { entityFromRow, rowPage, selectColumns } from '../shared/row-pages.js';
import { Product } from './product.entity.js';

/**
 * A product read as a row (Product's properties; brand and category the joined rows). Field
 * resolvers declare their root as `Product | ProductRow`: type-graphql turns a root declared as a
 * class and not an instance of it into a new instance (a MikroORM entity built per field and row).
 */
export type ProductRow = Omit<Product, 'brand' | 'category'> & { brand: Brand; category: ProductCategory | null };

/** SQL conditions over `p` (product) with `?` placeholders, and their values. */
export interface ProductConditions {
  sql: string[];
  params: unknown[];
}

const ORDERS = {
  name: { key: 'p.name', order: 'asc', keyType: 'text' },
  recent: { key: 'p.published_at', order: 'desc', keyType: 'date' },
} as const;

const tableOf = (em: EntityManager, entity: Function): string => em.getMetadata().get(entity as never).tableName;

/** A page of products matching `where`, by name (then id) or most recently published first. */
export function productRowPage(em: EntityManager, where: ProductConditions, order: keyof typeof ORDERS, page: PageArgs): Promise<PageResult<Product>> {
  return rowPage(em, {
    select: `${selectColumns(em, Product, 'p', 'p_')}, ${selectColumns(em, Brand, 'b', 'b_')}, ${selectColumns(em, ProductCategory, 'c', 'c_')}`,
    from: `${tableOf(em, Product)} p join ${tableOf(em, Brand)} b on b.id = p.brand_id left join ${tableOf(em, ProductCategory)} c on c.id = p.category_id`,
    where: where.sql.join(' and '), params: where.params, id: 'p.id', ...ORDERS[order],
  }, page, (row: Record<string, unknown>) => {
    const product = entityFromRow(em, Product, row, 'p_') as unknown as Record<string, unknown>;
    product.brand = asLoaded(entityFromRow(em, Brand, row, 'b_'));
    product.category = row.c_id == null ? null : asLoaded(entityFromRow(em, ProductCategory, row, 'c_'));
    return product as unknown as Product;
  });
}

/**
 * Gives the request's loaders the brands and categories a page read with its products, so
 * whatever else asks for them in the request (by id) does not query again.
 */
export function primeJoined(
  loaders: { brandById: DataLoader<string, Brand | null>; categoryById: DataLoader<string, ProductCategory | null> },
  page: PageResult<Product>,
): PageResult<Product> {
  for (const product of page.items) {
    const { brand, category } = product as unknown as { brand: Brand; category: ProductCategory | null };
    loaders.brandById.prime(brand.id, brand);
    if (category) loaders.categoryById.prime(category.id, category);
  }
  return page;
}
