// A person's shelf (issue 41): the catalog products and analysed lists they own, each with its state.
// Private: anyone else's item is NOT_FOUND, as something absent. Reads cost a fixed number of
// statements whatever the shelf's size (the rows, their products, the category tree); each write is
// its mutation's one transaction.
import type { EntityManager } from '../../db.js';
import { conflict, notFound } from '../../errors.js';
import { getAnalysis } from '../analysis/analysis.service.js';
import { categoryStep, productKinds } from '../category/product-kinds.service.js';
import { Product } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { isUuid } from '../shared/ids.js';
import { lookupKey, shownKey } from '../shared/lookup-key.js';
import { paginateList, type PageArgs, type PageResult } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { applyShelfChanges, NEW_SHELF_ITEM, type ShelfItemFieldChanges, type ShelfItemState } from './shelf-fields.js';
import { ShelfItem } from './shelf-item.entity.js';
import { shelfRowsOf, type ShelfRow } from './shelf-rows.js';
import type { SavedShelfItem, ShelfItemView, Weekday } from './shelf.types.js';

/** The most items one shelf holds (the research's largest shelves: 60; research §4.5). */
export const MAX_SHELF_ITEMS = 60;

type Kinds = Awaited<ReturnType<typeof productKinds>>;

/** What to call an analysed list: its name line, else its first entries. */
function listName(nameLine: string | null, firstEntries: string[] | null): string {
  if (nameLine?.trim()) return nameLine.trim();
  const entries = (firstEntries ?? []).filter(Boolean);
  return entries.length ? `List: ${entries.join(', ')}…` : 'An analysed list';
}

/** The answer's item from its stored fields and what it is (the product, or the list). */
function itemView(
  row: Pick<ShelfRow, 'id' | 'createdAt' | 'updatedAt'> & ShelfItemState,
  product: Product | null,
  analysis: { token: string; nameLine: string | null; firstEntries: string[] | null } | null,
  kinds: Kinds,
): ShelfItemView {
  return {
    id: row.id,
    product,
    analysis: analysis && { token: analysis.token, nameLine: analysis.nameLine?.trim() || null },
    name: product ? product.name : listName(analysis?.nameLine ?? null, analysis?.firstEntries ?? null),
    stepType: product ? (categoryStep(kinds, product.category?.id)?.stepType ?? null) : null,
    status: row.status,
    openedOn: row.openedOn,
    finishedOn: row.finishedOn,
    amountLeft: row.amountLeft,
    tolerated: row.tolerated,
    prescribed:
      row.prescribedDays?.length && row.prescribedTime
        ? { days: row.prescribedDays as Weekday[], timeOfDay: row.prescribedTime }
        : null,
    note: row.note || null,
    // No catalog product states a period after opening: unknown, not guessed (see ShelfItemView.expired).
    expired: null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

/** Products with brand, category and size unit in one statement, for the items' answers and their field resolvers. */
async function productsById(em: EntityManager, ids: string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const products = await em.find(Product, { id: { $in: ids } }, {
    populate: ['brand', 'category', 'sizeUnit'],
    strategy: 'joined',
  } as never);
  return new Map(products.map((p) => [p.id, p]));
}

/** The caller's shelf, oldest first: the rows, their products and the category tree (3 statements). */
export async function listShelf(em: EntityManager, viewer: User, page: PageArgs): Promise<PageResult<ShelfItemView>> {
  const { items, nextCursor } = paginateList(await shelfRowsOf(em, viewer.id), (row) => row.id, page);
  const productIds = items.map((row) => row.productId).filter((id): id is string => id !== null);
  const [products, kinds] = await Promise.all([
    productsById(em, productIds),
    productIds.length ? productKinds(em) : Promise.resolve(new Map() as Kinds),
  ]);
  return {
    items: items.map((row) =>
      itemView(
        row,
        row.productId ? (products.get(row.productId) ?? null) : null,
        row.analysisToken
          ? { token: row.analysisToken, nameLine: row.analysisNameLine, firstEntries: row.analysisFirstEntries }
          : null,
        kinds,
      ),
    ),
    nextCursor,
  };
}

const stateOf = (item: ShelfItem): ShelfItemState => ({
  status: item.status,
  openedOn: item.openedOn ?? null,
  finishedOn: item.finishedOn ?? null,
  amountLeft: item.amountLeft ?? null,
  tolerated: item.tolerated,
  prescribedDays: item.prescribedDays ?? null,
  prescribedTime: item.prescribedTime ?? null,
  note: item.note ?? '',
});

const rowOf = (item: ShelfItem) => ({
  id: item.id,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  ...stateOf(item),
});

/**
 * Adds the caller's item for `what` (a product or an analysis) or changes the one already there. The
 * caller's account row is locked first: two writes of one person run one after the other, so the
 * limit and the one-item-per-thing rule hold under concurrency (on PostgreSQL; PGlite has one connection).
 */
async function saveItem(
  em: EntityManager,
  viewer: User,
  what: { product: string } | { analysis: string },
  changes: ShelfItemFieldChanges,
): Promise<{ item: ShelfItem; created: boolean }> {
  await em.execute('select 1 from app_user where id = ? for update', [viewer.id]);
  const existing = await em.findOne(ShelfItem, { owner: viewer.id, ...what } as never);
  const state = applyShelfChanges(existing ? stateOf(existing) : NEW_SHELF_ITEM, changes);
  if (existing) {
    Object.assign(existing, state);
    await em.flush();
    return { item: existing, created: false };
  }
  const held = await em.count(ShelfItem, { owner: viewer.id });
  if (held >= MAX_SHELF_ITEMS)
    throw conflict(
      `A shelf holds at most ${MAX_SHELF_ITEMS} items: delete one you no longer own (DELETE /my/shelf/:item_id) first`,
      { limit: MAX_SHELF_ITEMS },
    );
  const item = em.create(ShelfItem, { owner: viewer.id, product: null, analysis: null, ...what, ...state } as never);
  await em.flush();
  return { item, created: true };
}

/** PUT /my/shelf/:product_id_or_alias: the caller's item for a catalog product, added (created) or changed. */
export async function setShelfItem(
  em: EntityManager,
  viewer: User,
  productKey: string,
  changes: ShelfItemFieldChanges,
): Promise<SavedShelfItem> {
  const product = await getProduct(em, lookupKey('Product', productKey), viewer);
  const { item, created } = await saveItem(em, viewer, { product: product.id }, changes);
  const kinds = await productKinds(em);
  return { ...itemView(rowOf(item), product, null, kinds), created };
}

/** POST /my/shelf/analyses: an analysed list the caller owns, added, or changed when already on the shelf. */
export async function addShelfAnalysis(
  em: EntityManager,
  viewer: User,
  token: string,
  changes: ShelfItemFieldChanges,
): Promise<SavedShelfItem> {
  const analysis = await getAnalysis(em, lookupKey('Analysis', token));
  const { item, created } = await saveItem(em, viewer, { analysis: analysis.id }, changes);
  const firstEntries = analysis.entries.slice(0, 3).map((e) => e.input);
  return {
    ...itemView(
      rowOf(item),
      null,
      { token: analysis.token, nameLine: analysis.nameLine ?? null, firstEntries },
      new Map(),
    ),
    created,
  };
}

/** DELETE /my/shelf/:item_id: NOT_FOUND for an unknown id and for anyone else's item. */
export async function deleteShelfItem(em: EntityManager, viewer: User, id: string): Promise<boolean> {
  const deleted = isUuid(id) ? await em.nativeDelete(ShelfItem, { id: id.toLowerCase(), owner: viewer.id }) : 0;
  if (deleted === 0) throw notFound('Shelf item', shownKey(id));
  return true;
}
