// The versions of products' ingredient lists: appended by every write that changes a list, in
// its transaction, and compared on request (entries and 1 % line: version-entries.ts).
import type { EntityManager } from '../../db.js';
import type { WrittenIngredientList } from '../shared/ingredient-list-events.js';
import { notFound, validationFailed } from '../../errors.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { getProduct } from '../product/product.service.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { diffIngredientLists, type ListDiff } from './engine/list-diff.js';
import { ListVersionSource, ProductListVersion } from './product-list-version.entity.js';
import { raiseReformulationAlerts, type ListChange } from './reformulation-impact.service.js';
import {
  entriesOf,
  storedVersion,
  trimmed,
  versionEntries,
  type NewListVersion,
  type StoredVersion,
  type VersionRow,
} from './version-entries.js';

/** The newest version of each product (one statement), its entries read from its text. */
export async function latestVersions(em: EntityManager, productIds: string[]): Promise<Map<string, StoredVersion>> {
  if (!productIds.length) return new Map();
  const rows = await em.execute<VersionRow[]>(
    `select distinct on (product_id) product_id, version, ingredient_list from product_list_version
      where product_id = any(?::uuid[]) order by product_id, version desc`,
    [`{${productIds.join(',')}}`],
  );
  const { matcher } = await loadKnowledgeBase(em);
  return new Map(rows.map((r) => [r.product_id, storedVersion(r, matcher)]));
}

/**
 * Appends a version for each product whose list text changed (or that has none yet), then raises
 * the alerts of the people each change touches. Inside the caller's transaction; a constant number
 * of statements whatever the number of products and watchers.
 */
export async function recordListVersions(em: EntityManager, lists: NewListVersion[]): Promise<void> {
  const latest = await latestVersions(
    em,
    lists.map((l) => l.productId),
  );
  const changes: ListChange[] = [];
  for (const list of lists) {
    const previous = latest.get(list.productId);
    if (previous && previous.ingredientList === list.ingredientList) continue;
    const entries = trimmed(list.entries);
    const version = (previous?.version ?? 0) + 1;
    em.create(ProductListVersion, {
      product: list.productId,
      version,
      ingredientList: list.ingredientList,
      ingredientIds: list.ingredientIds,
      source: list.source,
      author: list.authorId,
    } as never);
    if (previous)
      changes.push({
        productId: list.productId,
        from: previous,
        to: { productId: list.productId, version, ingredientList: list.ingredientList, entries },
      });
  }
  await em.flush();
  await raiseReformulationAlerts(em, changes);
}

export async function diffVersions(em: EntityManager, before: string, after: string): Promise<ListDiff> {
  const { byId, matcher } = await loadKnowledgeBase(em);
  return diffIngredientLists(
    versionEntries(entriesOf(before, matcher), byId),
    versionEntries(entriesOf(after, matcher), byId),
  );
}

// Reads

export async function listVersions(em: EntityManager, idOrAlias: string, viewer: User | null, page: PageArgs) {
  const product = await getProduct(em, idOrAlias, viewer);
  return paginate(em, ProductListVersion, { product: product.id }, { version: 'desc', id: 'desc' }, page);
}

function checkedVersion(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw validationFailed(field, `${field} must be a version number (1 or more)`);
  return value;
}

export async function versionsDiff(
  em: EntityManager,
  idOrAlias: string,
  from: number,
  to: number,
  viewer: User | null,
) {
  checkedVersion('from', from);
  checkedVersion('to', to);
  const product = await getProduct(em, idOrAlias, viewer);
  const found = await em.find(ProductListVersion, { product: product.id, version: { $in: [from, to] } });
  const byVersion = new Map(found.map((v) => [v.version, v]));
  for (const [field, n] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!byVersion.has(n)) throw notFound('Ingredient list version', `${product.alias} version ${n} (${field})`);
  }
  const diff = await diffVersions(em, byVersion.get(from)!.ingredientList, byVersion.get(to)!.ingredientList);
  return { product, from: byVersion.get(from)!, to: byVersion.get(to)!, diff };
}

/** The SQL that gives version 1 to every product without a version (seeders, seed:scale). */
export async function backfillListVersions(em: EntityManager, source: ListVersionSource): Promise<number> {
  const rows = await em.execute<Array<{ id: string }>>(
    `insert into product_list_version (id, created_at, product_id, version, ingredient_list, ingredient_ids, source, author_id)
     select gen_random_uuid(), p.updated_at, p.id, 1, p.ingredient_list, p.ingredient_ids, ?, p.created_by_id
     from product p where not exists (select 1 from product_list_version v where v.product_id = p.id)
     returning id`,
    [source],
  );
  return rows.length;
}

/**
 * The Open Beauty Facts import's hook: after a batch wrote its products, one statement appends a
 * version for each whose list text differs from its newest version (a narrow row: text and ids).
 * Only when a product already had a version (an update) does it read the previous versions and
 * look for people to alert.
 */
export async function recordImportedVersions(em: EntityManager, productIds: string[]): Promise<void> {
  if (!productIds.length) return;
  const written = await em.execute<VersionRow[]>(
    `insert into product_list_version (id, created_at, product_id, version, ingredient_list, ingredient_ids, source, author_id)
     select gen_random_uuid(), now(), p.id, coalesce(l.version, 0) + 1, p.ingredient_list, p.ingredient_ids, '${ListVersionSource.open_beauty_facts}', null
     from product p
     left join lateral (select v.version, v.ingredient_list from product_list_version v where v.product_id = p.id order by v.version desc limit 1) l on true
     where p.id = any(?::uuid[]) and (l.version is null or l.ingredient_list is distinct from p.ingredient_list)
     returning product_id, version, ingredient_list`,
    [`{${productIds.join(',')}}`],
  );
  const updated = written.filter((r) => Number(r.version) > 1);
  if (!updated.length) return;
  const previous = await em.execute<VersionRow[]>(
    `select product_id, version, ingredient_list from product_list_version
      where (product_id, version) in (select * from unnest(?::uuid[], ?::int[]))`,
    [`{${updated.map((r) => r.product_id).join(',')}}`, `{${updated.map((r) => Number(r.version) - 1).join(',')}}`],
  );
  const { matcher } = await loadKnowledgeBase(em);
  const before = new Map(previous.map((r) => [r.product_id, storedVersion(r, matcher)]));
  await raiseReformulationAlerts(
    em,
    updated.flatMap((r) =>
      before.has(r.product_id)
        ? [{ productId: r.product_id, from: before.get(r.product_id)!, to: storedVersion(r, matcher) }]
        : [],
    ),
  );
}

/** The listener of written ingredient lists (shared/ingredient-list-events.ts), registered by src/schema.ts. */
export const recordWrittenLists = (em: EntityManager, lists: WrittenIngredientList[]): Promise<void> =>
  recordListVersions(
    em,
    lists.map((list) => ({ ...list, source: list.source as ListVersionSource })),
  );
