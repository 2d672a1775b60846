// Product list pages as plain rows: a page of products with their brand and category
// joined, in ONE statement, without hydrating entities. The rows have Product's property names
// (entityFromRow), brand and category are whole rows marked as loaded (loadedOr returns them), so
// the same field resolvers serve rows and entities. Cursors are `paginate`'s (rowPage).
import DataLoader from 'dataloader';
import type { FieldNode, GraphQLResolveInfo } from 'graphql';
import { readRows, type EntityManager } from '../../read-rows.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { asLoaded } from '../shared/loaders.js';
import type { PageArgs, PageResult } from '../shared/pagination.js';
import { asDate, type EntityClass, entityFromRow, omitUnshown, rowPage, selectColumns } from '../shared/row-pages.js';
import { isUuid } from '../shared/ids.js';
import { selectedFields } from '../shared/selection.js';
import { UnitOfMeasurement } from '../unit/unit.entity.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import type { Product, ProductIngredient } from './product.entity.js';
import { Product as ProductEntity } from './product.entity.js';
import { namesNothing } from '../shared/lookup-key.js';

/**
 * A product read as a row (Product's properties; brand and category the joined rows). Field
 * resolvers declare their root as `Product | ProductRow`: type-graphql turns a root declared as a
 * class and not an instance of it into a new instance (a MikroORM entity built per field and row).
 */
export type ProductRow = Omit<Product, 'brand' | 'category' | 'ingredientIds'> & {
  brand: Brand;
  category: ProductCategory | null;
};

/**
 * One entry of a product's ingredient list as a plain row (no entity: a page of 20 products has
 * ~500 of them). `ingredient` is the knowledge base's row when it has it (the field resolver
 * returns it without a lookup), else just the id (an ingredient new in this request).
 */
/** The columns of a product's ingredient entry read as a row. */
type EntryRowColumns =
  | 'id'
  | 'position'
  | 'input'
  | 'match'
  | 'concentration'
  | 'mayContain'
  | 'unread'
  | 'flags'
  | 'active'
  | 'part'
  | 'nano';

export interface ProductIngredientRow extends Pick<ProductIngredient, EntryRowColumns> {
  ingredient: Ingredient | { id: string } | null;
}

type EntryRow = Pick<ProductIngredient, EntryRowColumns> & { ingredient: string | null };

/** An entry read as a row, with the knowledge base's ingredient when it has it. */
export const entryFromRow = (row: EntryRow, byId: Map<string, Ingredient>): ProductIngredientRow => ({
  id: row.id,
  position: row.position,
  input: row.input,
  match: row.match,
  concentration: row.concentration,
  mayContain: row.mayContain,
  unread: row.unread,
  flags: row.flags,
  active: row.active,
  part: row.part ?? null,
  nano: row.nano,
  ingredient: row.ingredient == null ? null : (byId.get(row.ingredient) ?? { id: row.ingredient }),
});

/**
 * An entry as ENTRIES reads it: its columns in this order, a JSON array rather than an object. A page
 * of 50 products has ~1,250 entries: without the keys their JSON is half as long for the database
 * to write and for JSON.parse to read, and parsing builds arrays instead of eight-key objects.
 */
type EntryColumns = [
  id: string,
  position: number,
  input: string,
  match: string,
  concentration: string | null,
  mayContain: boolean,
  unread: boolean,
  ingredient: string | null,
  flags: string[],
  active: boolean,
  part: string | null,
  nano: boolean,
];

/** An entry read by ENTRIES, with the knowledge base's ingredient when it has it. */
const entryFromColumns = (e: EntryColumns, byId: Map<string, Ingredient>): ProductIngredientRow => ({
  id: e[0],
  position: e[1],
  input: e[2],
  match: e[3],
  concentration: e[4],
  mayContain: e[5],
  unread: e[6],
  flags: e[8],
  active: e[9],
  part: e[10],
  nano: e[11],
  ingredient: e[7] == null ? null : (byId.get(e[7]) ?? { id: e[7] }),
});

/** A page's products' entries, read with them (json_agg, EntryColumns) and handed to the ingredientsByProduct loader. */
const ENTRIES = `(select coalesce(json_agg(json_build_array(pi.id, pi.position, pi.input, pi.match,
  pi.concentration, pi.may_contain, pi.unread, pi.ingredient_id, pi.flags, pi.active, pi.part, pi.nano)
  order by pi.position), '[]'::json)
  from product_ingredient pi where pi.product_id = p.id) as p_entries`;
const entriesOf = new WeakMap<object, ProductIngredientRow[]>();

const tableOf = (em: EntityManager, entity: EntityClass): string => em.getMetadata().get(entity as never).tableName;

/** Not read into rows: no field shows it, and parsing ~30 ids a product is a list page's largest cost. */
const NOT_READ = ['ingredientIds'];

/** A product's columns, its brand's and its category's (those `columns` keeps), as productFromRow reads them. */
const productSelect = (em: EntityManager, columns: ProductColumns = ALL_PRODUCT_COLUMNS) =>
  `${selectColumns(em, ProductEntity, 'p', 'p_', columns.product)}, ${selectColumns(em, Brand, 'b', 'b_', columns.brand)}` +
  (columns.category ? `, ${selectColumns(em, ProductCategory, 'c', 'c_', columns.category)}` : '');

const productFrom = (em: EntityManager, columns: ProductColumns = ALL_PRODUCT_COLUMNS) =>
  `${tableOf(em, ProductEntity)} p join ${tableOf(em, Brand)} b on b.id = p.brand_id` +
  (columns.category ? ` left join ${tableOf(em, ProductCategory)} c on c.id = p.category_id` : '');

function productFromRow(
  em: EntityManager,
  row: Record<string, unknown>,
  columns: ProductColumns = ALL_PRODUCT_COLUMNS,
): ProductRow {
  const product = entityFromRow<Product, ProductRow>(em, ProductEntity, row, 'p_', columns.product);
  product.brand = asLoaded(entityFromRow(em, Brand, row, 'b_', columns.brand));
  if (columns.category)
    product.category =
      row.c_id == null
        ? null
        : asLoaded(entityFromRow<ProductCategory>(em, ProductCategory, row, 'c_', columns.category));
  return product;
}

/** SQL conditions over `p` (product) with `?` placeholders, and their values. */
export interface ProductConditions {
  sql: string[];
  params: unknown[];
}

const ORDERS = {
  name: { key: 'p.name', order: 'asc', keyType: 'text' },
  recent: { key: 'p.published_at', order: 'desc', keyType: 'date' },
} as const;

/**
 * A page of products matching `where`, by name (then id) or most recently published first, with the columns
 * `reads` keeps and, when it says so, their entries read in the same statement (primeJoined gives them to the
 * request's loaders).
 */
export async function productRowPage(
  em: EntityManager,
  where: ProductConditions,
  order: keyof typeof ORDERS,
  page: PageArgs,
  reads: ProductReads = WHOLE_PRODUCT_ROWS,
): Promise<PageResult<ProductRow>> {
  const reader = await productRowReader(em, reads);
  return rowPage(
    em,
    {
      select: reader.select,
      from: reader.from,
      where: where.sql.join(' and '),
      params: where.params,
      id: 'p.id',
      ...ORDERS[order],
    },
    page,
    reader.toItem,
  );
}

/**
 * The pieces of a product row query: the select list and joins over `p`, `b`, `c` with the columns
 * `reads` keeps, and the row mapper (entries primed when `reads` says so). productRowPage pages by
 * rowPage's keys with them; the text search orders by relevance.
 */
export async function productRowReader(em: EntityManager, reads: ProductReads = WHOLE_PRODUCT_ROWS) {
  const { columns } = reads;
  const byId = reads.entries ? (await loadKnowledgeBase(em)).byId : null;
  return {
    select: reads.entries ? `${productSelect(em, columns)}, ${ENTRIES}` : productSelect(em, columns),
    from: productFrom(em, columns),
    toItem(row: Record<string, unknown>): ProductRow {
      const product = productFromRow(em, row, columns);
      if (byId)
        entriesOf.set(
          product,
          (row.p_entries as EntryColumns[]).map((entry) => entryFromColumns(entry, byId)),
        );
      return product;
    },
  };
}

/** The columns a product row reads: what product, brand and category leave out (category null: not joined). */
export interface ProductColumns {
  product: readonly string[];
  brand: readonly string[];
  category: readonly string[] | null;
  /** The same, as one string (loaders are kept by it). */
  key: string;
}

const productColumns = (
  product: readonly string[],
  brand: readonly string[],
  category: readonly string[] | null,
): ProductColumns => ({ product, brand, category, key: JSON.stringify([product, brand, category]) });

/** Every column (productRowPage's rows, which prime the request's brand and category loaders). */
export const ALL_PRODUCT_COLUMNS: ProductColumns = productColumns(NOT_READ, [], []);

/**
 * Fields served by their own column alone (the others have field resolvers reading more), and the
 * joined rows. test/row-reads.test.ts checks each against the entity's columns and the schema's
 * field resolvers: a field that gains a resolver must leave its list.
 */
export const PLAIN_FIELDS = {
  product: new Set([
    'id',
    'alias',
    'name',
    'description',
    'barcode',
    'sizeAmount',
    'ingredientList',
    'flags',
    'tags',
    'status',
    'publishedAt',
    'createdAt',
    'updatedAt',
    'brandAttestedAt',
    'brand',
    'category',
  ]),
  brand: new Set(['id', 'alias', 'name', 'description', 'country', 'website', 'founded', 'createdAt', 'updatedAt']),
  category: new Set(['id', 'alias', 'name', 'description', 'stepType', 'position']),
};

/** What a page of products reads: its entries (when the operation shows them) and the product columns it shows. */
export interface ProductReads {
  entries: boolean;
  columns: ProductColumns;
}

/** Whole rows, no entries: for a caller that does not say what it shows. */
export const WHOLE_PRODUCT_ROWS: ProductReads = { entries: false, columns: ALL_PRODUCT_COLUMNS };

/**
 * Fields a page serves from the product's id alone: their loaders are keyed by it (entries, offers), or the
 * search keeps them by the row (matched words). test/row-reads.test.ts holds each to a field resolver.
 */
export const BY_ID_FIELDS = new Set(['ingredients', 'offers', 'matchedWords']);

const readsCache = new WeakMap<readonly FieldNode[], ProductReads>();

/**
 * What a page of products (the `items` of the resolving field) reads for the fields the operation shows: the
 * entries when shown, and of the product's columns those of the plain fields shown (all of them when another
 * field is); brand and category whole, since primeJoined hands them to the request's loaders. A list page shows
 * neither the description nor the printed list, the longest texts of a row. Worked out once per operation.
 */
export function productReadsShown(em: EntityManager, info: GraphQLResolveInfo): ProductReads {
  let reads = readsCache.get(info.fieldNodes);
  if (!reads) {
    const fields = selectedFields(info, 'items');
    const omit = omitUnshown(
      em,
      ProductEntity,
      new Set([...fields].filter((field) => !BY_ID_FIELDS.has(field))),
      PLAIN_FIELDS.product,
    );
    reads = {
      entries: fields.has('ingredients'),
      columns: omit.length ? productColumns(omit, [], []) : ALL_PRODUCT_COLUMNS,
    };
    readsCache.set(info.fieldNodes, reads);
  }
  return reads;
}

const shownCache = new WeakMap<readonly FieldNode[], ProductColumns>();

/**
 * The columns to read for the products of the field resolving (`info`): of the product, its brand
 * and its category, those of the fields the operation shows when each is a plain one; else all. A
 * routine page's ~70 step products show their name, flags and brand, and reading their whole rows
 * cost more than the rest of the page. Worked out once per operation and field.
 */
export function productColumnsShown(em: EntityManager, info: GraphQLResolveInfo): ProductColumns {
  let columns = shownCache.get(info.fieldNodes);
  if (!columns) {
    const fields = selectedFields(info);
    const product = omitUnshown(em, ProductEntity, fields, PLAIN_FIELDS.product);
    const omitOf = (entity: EntityClass, field: keyof typeof PLAIN_FIELDS) =>
      fields.has(field)
        ? omitUnshown(em, entity, selectedFields(info, field), PLAIN_FIELDS[field])
        : omitUnshown(em, entity, new Set(['id']), PLAIN_FIELDS[field]);
    // Not every field a plain one: whole rows, as every other read path has them.
    columns =
      product.length === 0
        ? ALL_PRODUCT_COLUMNS
        : productColumns(
            product,
            omitOf(Brand, 'brand'),
            fields.has('category') ? omitOf(ProductCategory, 'category') : null,
          );
    shownCache.set(info.fieldNodes, columns);
  }
  return columns;
}

/**
 * Products by id as rows (the columns `columns` keeps), brand and category joined, in one
 * statement; missing ids are absent. For read paths that show products beside something else
 * (routine steps), batched per request by the productRowById loader. Rows that leave columns out
 * are never primed into the request's other loaders: they serve only the fields their operation shows.
 */
export async function productRowsByIds(
  em: EntityManager,
  ids: readonly string[],
  columns: ProductColumns = ALL_PRODUCT_COLUMNS,
): Promise<Map<string, ProductRow>> {
  const rows = await readRows<Record<string, unknown>>(
    em,
    `select ${productSelect(em, columns)} from ${productFrom(em, columns)} where p.id in (?)`,
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.p_id as string, productFromRow(em, row, columns)]));
}

/** The product a key names (a uuid is an id, anything else an alias) as a row, brand and category joined, or null. */
export async function productRowByKey(em: EntityManager, key: string): Promise<ProductRow | null> {
  if (namesNothing(key)) return null;
  const [row] = await readRows<Record<string, unknown>>(
    em,
    `select ${productSelect(em)} from ${productFrom(em)} where p.${isUuid(key) ? 'id' : 'alias'} = ?`,
    [key.toLowerCase()],
  );
  return row ? productFromRow(em, row) : null;
}

/**
 * Gives the request's loaders the brands, categories and entries a page read with its products, so
 * whatever else asks for them in the request (by id) does not query again.
 */
export function primeJoined(
  loaders: {
    brandById: DataLoader<string, Brand | null>;
    categoryById: DataLoader<string, ProductCategory | null>;
    ingredientsByProduct: DataLoader<string, ProductIngredientRow[]>;
  },
  page: PageResult<ProductRow>,
): PageResult<ProductRow> {
  for (const product of page.items) {
    const { brand, category } = product;
    loaders.brandById.prime(brand.id, brand);
    if (category) loaders.categoryById.prime(category.id, category);
    const entries = entriesOf.get(product);
    if (entries) loaders.ingredientsByProduct.prime(product.id, entries);
  }
  return page;
}

/** A product as its detail page reads it: the row, its entries and its image's columns (StoredImage's properties). */
export interface ProductDetailRow {
  product: ProductRow;
  entries: ProductIngredientRow[];
  image: { id: string; key: string; width: number; height: number; createdAt: Date } | null;
  /** Who owns the product's brand (who may see it unpublished). */
  brandOwnerId: string | null;
}

const detailStatements = new Map<'id' | 'alias', string>();

/**
 * One product by id or alias with everything its detail shows, in ONE statement: brand, category
 * and size unit joined, its entries (json_agg) and its image. One statement per key kind: an
 * `id = ? or alias = ?` condition reads every product (the planner cannot use either index).
 */
function detailStatement(em: EntityManager, by: 'id' | 'alias'): string {
  let sql = detailStatements.get(by);
  if (!sql) {
    sql = `select ${productSelect(em)}, ${selectColumns(em, UnitOfMeasurement, 'u', 'u_')}, ${ENTRIES},
      i.id as i_id, i.key as i_key, i.width as i_width, i.height as i_height, i.created_at as i_created_at
      from ${productFrom(em)} left join ${tableOf(em, UnitOfMeasurement)} u on u.id = p.size_unit_id
      left join stored_image i on i.owner_kind = 'product' and i.owner_id = p.id
      where p.${by} = ?`;
    detailStatements.set(by, sql);
  }
  return sql;
}

/** The product a key names (a uuid is an id, anything else an alias), as a detail row; null when none. */
export async function productDetailRow(em: EntityManager, key: string): Promise<ProductDetailRow | null> {
  if (namesNothing(key)) return null;
  const [rows, { byId }] = await Promise.all([
    readRows<Record<string, unknown>>(em, detailStatement(em, isUuid(key) ? 'id' : 'alias'), [key.toLowerCase()]),
    loadKnowledgeBase(em),
  ]);
  const row = rows[0];
  if (!row) return null;
  const product = productFromRow(em, row);
  // The unit joined: the size field's loadedOr returns it without a lookup.
  if (row.u_id != null)
    (product as { sizeUnit: unknown }).sizeUnit = asLoaded(entityFromRow(em, UnitOfMeasurement, row, 'u_'));
  return {
    product,
    entries: (row.p_entries as EntryColumns[]).map((entry) => entryFromColumns(entry, byId)),
    image:
      row.i_id == null
        ? null
        : {
            id: row.i_id as string,
            key: row.i_key as string,
            width: row.i_width as number,
            height: row.i_height as number,
            createdAt: asDate(row.i_created_at as string),
          },
    // A row's relation is `{ id }`: the owner's id without loading the owner.
    brandOwnerId: product.brand.owner?.id ?? null,
  };
}

/** Gives the request's loaders what a detail row read with its product: its entries, image, brand and category. */
export function primeDetail(
  loaders: {
    brandById: DataLoader<string, Brand | null>;
    categoryById: DataLoader<string, ProductCategory | null>;
    ingredientsByProduct: DataLoader<string, ProductIngredientRow[]>;
    imageByOwner: { prime(key: string, value: never): unknown };
  },
  detail: ProductDetailRow,
): ProductRow {
  const { product } = detail;
  loaders.brandById.prime(product.brand.id, product.brand);
  if (product.category) loaders.categoryById.prime(product.category.id, product.category);
  loaders.ingredientsByProduct.prime(product.id, detail.entries);
  loaders.imageByOwner.prime(`product:${product.id}`, detail.image as never);
  return product;
}
