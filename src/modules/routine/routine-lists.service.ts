// Lists of routines: public ones, a user's, the caller's, favourites, and the routines and
// users behind a product. Ranked lists page by offset (their order is not a unique key).
import type { EntityManager } from '../../db.js';
import { checkedSupergroup, expertIdsCovering } from '../supergroup/supergroup-filters.service.js';
import { validationFailed } from '../../errors.js';
import { getProduct } from '../product/product.service.js';
import {
  paginate,
  checkedLimit,
  openCursor,
  signCursor,
  type PageArgs,
  type PageResult,
} from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { isUuid } from '../shared/ids.js';
import { Routine, RoutineFavorite, RoutineStatus, RoutineTimeOfDay } from './routine.entity.js';
import { ROUTINES_ONLY, routinePage, type RoutinePageShows, type RoutineRow } from './routine-rows.js';
import { namesNothing } from '../shared/lookup-key.js';

/** limit and offset of a ranked page; the cursor is the offset, signed like every list's. */
export function offsetPage(args: PageArgs): {
  limit: number;
  offset: number;
  next: (returned: number) => string | null;
} {
  const limit = checkedLimit(args.limit);
  let offset = 0;
  if (args.cursor) {
    const m = /^o:(\d{1,9})$/.exec(openCursor(args.cursor));
    if (!m) throw validationFailed('cursor', 'cursor is not one this service issued');
    offset = Number(m[1]);
  }
  // One row more than asked tells whether another page exists.
  return { limit, offset, next: (returned) => (returned > limit ? signCursor(`o:${offset + limit}`) : null) };
}

/** Published routines, newest first; optionally of a time of day or using a product. */
export async function listRoutines(
  em: EntityManager,
  viewer: User | null,
  filter: { timeOfDay?: RoutineTimeOfDay | null; product?: string | null; supergroup?: string | null },
  page: PageArgs,
  /** What the operation shows beyond the routines: steps (read in the page's statement), the owner's fields. */
  shows: RoutinePageShows = ROUTINES_ONLY,
): Promise<PageResult<RoutineRow>> {
  const conditions = [`r.status = 'published'`];
  const params: unknown[] = [];
  if (filter.timeOfDay) {
    conditions.push('r.time_of_day = ?');
    params.push(filter.timeOfDay);
  }
  if (filter.product) {
    const product = await getProduct(em, filter.product, viewer).catch(() => {
      throw validationFailed('product', `product: no product "${filter.product}"`);
    });
    conditions.push('exists (select 1 from routine_step s where s.routine_id = r.id and s.product_id = ?)');
    params.push(product.id);
  }
  // Members' groups are private: a group filters by the experts who cover it.
  if (filter.supergroup != null) {
    const experts = await expertIdsCovering(em, checkedSupergroup('supergroup', filter.supergroup));
    if (experts.length) {
      conditions.push('r.owner_id in (?)');
      params.push(experts);
    } else conditions.push('false');
  }
  return routinePage(em, conditions.join(' and '), params, 'published_at', page, shows);
}

/** The caller's routines, private ones included, newest first. */
export const listMyRoutines = (
  em: EntityManager,
  viewer: User,
  page: PageArgs,
  shows: RoutinePageShows = ROUTINES_ONLY,
) => routinePage(em, 'r.owner_id = ?', [viewer.id], 'created_at', page, shows);

/**
 * A user's routines: the published ones, and their private ones when the user asks. Anyone
 * else's page finds the owner in its own statement; only an empty page asks whether the user
 * exists (NOT_FOUND), so a page of routines is one statement.
 */
export async function listUserRoutines(
  em: EntityManager,
  idOrUsername: string,
  viewer: User | null,
  page: PageArgs,
  shows: RoutinePageShows = ROUTINES_ONLY,
) {
  const key = idOrUsername.toLowerCase();
  const byId = isUuid(idOrUsername);
  if (viewer && (byId ? viewer.id === key : viewer.username === key)) return listMyRoutines(em, viewer, page, shows);
  // A key no user can have: getUser answers NOT_FOUND without a query.
  if (namesNothing(idOrUsername) || idOrUsername.length > 100) await getUser(em, idOrUsername);
  const owner = `(select o.id from app_user o where o.${byId ? 'id' : 'username'} = ?)`;
  const routines = await routinePage(
    em,
    `r.owner_id = ${owner} and r.status = 'published'`,
    [key],
    'created_at',
    page,
    shows,
  );
  if (routines.items.length === 0) await getUser(em, idOrUsername);
  return routines;
}

export async function myCurrentRoutineIds(em: EntityManager, viewer: User): Promise<string[]> {
  const rows = await em.find(
    Routine,
    { owner: viewer.id, current: true },
    { fields: ['id'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return rows.map((r) => r.id);
}

/** A user's favourite routines that the viewer may see, most recently favoured first. */
export async function listFavoriteRoutines(
  em: EntityManager,
  userId: string,
  viewer: User | null,
  page: PageArgs,
): Promise<PageResult<Routine>> {
  const visible = viewer
    ? { $or: [{ status: RoutineStatus.published }, { owner: viewer.id }] }
    : { status: RoutineStatus.published };
  const favourites = await paginate(
    em,
    RoutineFavorite,
    { user: userId, routine: visible } as never,
    { createdAt: 'desc', id: 'desc' },
    page,
  );
  const routines = await em.find(Routine, { id: { $in: favourites.items.map((f) => f.routine.id) } });
  const byId = new Map(routines.map((r) => [r.id, r]));
  return {
    items: favourites.items.flatMap((f) => (byId.has(f.routine.id) ? [byId.get(f.routine.id)!] : [])),
    nextCursor: favourites.nextCursor,
  };
}

export async function favoriteRoutinesOf(em: EntityManager, idOrUsername: string, viewer: User | null, page: PageArgs) {
  return listFavoriteRoutines(em, (await getUser(em, idOrUsername)).id, viewer, page);
}

/** Who favours a routine, most recent first, with when. */
export async function routineFans(
  em: EntityManager,
  routineId: string,
  page: PageArgs,
): Promise<PageResult<{ user: User; favoritedAt: Date }>> {
  const favourites = await paginate(
    em,
    RoutineFavorite,
    { routine: routineId },
    { createdAt: 'desc', id: 'desc' },
    page,
  );
  const users = await em.find(User, { id: { $in: favourites.items.map((f) => f.user.id) } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    items: favourites.items.flatMap((f) =>
      byId.has(f.user.id) ? [{ user: byId.get(f.user.id)!, favoritedAt: f.createdAt }] : [],
    ),
    nextCursor: favourites.nextCursor,
  };
}

const USING_PRODUCT = `select r.id, r.owner_id, r.published_at from routine r
  where r.status = 'published' and exists (select 1 from routine_step s where s.routine_id = r.id and s.product_id = ?)`;

/** Published routines with a step using the product, most favoured first (earliest published first on ties). */
export async function topRoutinesForProduct(em: EntityManager, idOrAlias: string, viewer: User | null, page: PageArgs) {
  const product = await getProduct(em, idOrAlias, viewer);
  const { limit, offset, next } = offsetPage(page);
  const rows = await em.execute<Array<{ id: string; n: number }>>(
    `with used as (${USING_PRODUCT})
     select u.id, (select count(*) from routine_favorite f where f.routine_id = u.id)::int as n
     from used u order by n desc, u.published_at asc, u.id asc limit ? offset ?`,
    [product.id, limit + 1, offset],
  );
  const routines = await em.find(Routine, { id: { $in: rows.map((r) => r.id) } });
  const byId = new Map(routines.map((r) => [r.id, r]));
  return {
    items: rows
      .slice(0, limit)
      .flatMap((r) => (byId.has(r.id) ? [{ routine: byId.get(r.id)!, favoriteCount: r.n }] : [])),
    nextCursor: next(rows.length),
  };
}

/**
 * Users whose published routines use the product: ranked by how many such routines they have,
 * then by the favourites those routines received, then by who published first.
 */
export async function topUsersForProduct(em: EntityManager, idOrAlias: string, viewer: User | null, page: PageArgs) {
  const product = await getProduct(em, idOrAlias, viewer);
  const { limit, offset, next } = offsetPage(page);
  const rows = await em.execute<Array<{ user_id: string; routines: number; favorites: number }>>(
    `with used as (${USING_PRODUCT}),
     fav as (select f.routine_id, count(*)::int as n from routine_favorite f where f.routine_id in (select id from used) group by f.routine_id)
     select u.owner_id as user_id, count(*)::int as routines, coalesce(sum(fav.n), 0)::int as favorites, min(u.published_at) as first_published
     from used u left join fav on fav.routine_id = u.id
     group by u.owner_id order by routines desc, favorites desc, first_published asc, user_id asc limit ? offset ?`,
    [product.id, limit + 1, offset],
  );
  const users = await em.find(User, { id: { $in: rows.map((r) => r.user_id) } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    items: rows
      .slice(0, limit)
      .flatMap((r) =>
        byId.has(r.user_id)
          ? [{ user: byId.get(r.user_id)!, routineCount: r.routines, favoriteCount: r.favorites }]
          : [],
      ),
    nextCursor: next(rows.length),
  };
}
