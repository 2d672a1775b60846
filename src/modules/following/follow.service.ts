import type { EntityManager } from '../../db.js';
import { notFound, validationFailed } from '../../errors.js';
import { isUuid, newId } from '../shared/ids.js';
import { paginateList, type PageArgs, type PageResult } from '../shared/pagination.js';
import { asDate, rowPage } from '../shared/row-pages.js';
import { User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { userFromRow, userSelect } from '../user/user-rows.js';
import { UserFollow } from './user-follow.entity.js';
import { namesNothing } from '../shared/lookup-key.js';

/** A user others can follow: not deleted. */
async function followable(em: EntityManager, idOrUsername: string): Promise<User> {
  const user = await getUser(em, idOrUsername);
  if (user.deletedAt) throw notFound('User', idOrUsername);
  return user;
}

export interface Relationship {
  key: string;
  userId: string | null;
  following: boolean;
  followedBy: boolean;
}

/** The caller follows a user; following again changes nothing. Not oneself. */
export async function follow(em: EntityManager, viewer: User, idOrUsername: string): Promise<Relationship> {
  const target = await followable(em, idOrUsername);
  if (target.id === viewer.id) throw validationFailed('id', 'You cannot follow yourself');
  await em.execute(
    'insert into user_follow (id, follower_id, followed_id, created_at) values (?, ?, ?, now()) on conflict ' +
      '(follower_id, followed_id) do nothing',
    [newId(), viewer.id, target.id],
  );
  const back = await em.count(UserFollow, { follower: target.id, followed: viewer.id });
  return { key: idOrUsername, userId: target.id, following: true, followedBy: back > 0 };
}

/** The caller stops following a user; true also when they did not follow them. */
export async function unfollow(em: EntityManager, viewer: User, idOrUsername: string): Promise<boolean> {
  const target = await getUser(em, idOrUsername);
  if (target.id === viewer.id) throw validationFailed('id', 'You cannot unfollow yourself');
  await em.nativeDelete(UserFollow, { follower: viewer.id, followed: target.id });
  return true;
}

/**
 * A page of follow edges as rows, the other end's user joined in (as a row with User's
 * properties): one statement per page, whatever its size.
 */
export interface FollowRow {
  id: string;
  createdAt: Date;
  follower: User | { id: string };
  followed: User | { id: string };
}

function followPage(
  em: EntityManager,
  side: 'follower' | 'followed',
  userId: string,
  page: PageArgs,
): Promise<PageResult<FollowRow>> {
  const other = side === 'followed' ? 'follower' : 'followed';
  return rowPage(
    em,
    {
      select: `f.id, f.follower_id, f.followed_id, ${userSelect(em, 'u', 'u_')}`,
      from: `user_follow f join app_user u on u.id = f.${other}_id`,
      where: `f.${side}_id = ?`,
      params: [userId],
      key: 'f.created_at',
      id: 'f.id',
    },
    page,
    (row: Record<string, unknown>): FollowRow => {
      const user = userFromRow(em, row, 'u_');
      return {
        id: row.id as string,
        createdAt: asDate(row.page_key as Date),
        follower: other === 'follower' ? user : { id: row.follower_id as string },
        followed: other === 'followed' ? user : { id: row.followed_id as string },
      };
    },
  );
}

/** Who follows a user, most recent first. */
export function followersOf(em: EntityManager, userId: string, page: PageArgs) {
  return followPage(em, 'followed', userId, page);
}

/** Whom a user follows, most recent first. */
export function followedBy(em: EntityManager, userId: string, page: PageArgs) {
  return followPage(em, 'follower', userId, page);
}

/** For each of up to 100 users (ids or usernames): whether the caller follows them and they the caller. */
export async function relationshipLookup(em: EntityManager, viewer: User, keys: string[]): Promise<Relationship[]> {
  const cleaned = keys.map((k) => k.trim().toLowerCase()).filter(Boolean);
  if (cleaned.length === 0 || cleaned.length > 100)
    throw validationFailed('ids', 'ids takes 1 to 100 user ids or usernames, comma-separated');
  const names = cleaned.filter((k) => !namesNothing(k));
  const rows = await em.find(
    User,
    { $or: [{ id: { $in: names.filter(isUuid) } }, { username: { $in: names } }] },
    { fields: ['id', 'username'] },
  );
  const idOf = new Map(
    rows.flatMap(
      (r) =>
        [
          [r.id, r.id],
          [r.username, r.id],
        ] as Array<[string, string]>,
    ),
  );
  const ids = rows.map((r) => r.id);
  const edges = ids.length
    ? (
        await em.find(UserFollow, {
          $or: [
            { follower: viewer.id, followed: { $in: ids } },
            { followed: viewer.id, follower: { $in: ids } },
          ],
        })
      ).map((e) => ({ follower_id: e.follower.id, followed_id: e.followed.id }))
    : [];
  const following = new Set(edges.filter((e) => e.follower_id === viewer.id).map((e) => e.followed_id));
  const followers = new Set(edges.filter((e) => e.followed_id === viewer.id).map((e) => e.follower_id));
  return cleaned.map((key) => {
    const userId = idOf.get(key) ?? null;
    return {
      key,
      userId,
      following: userId !== null && following.has(userId),
      followedBy: userId !== null && followers.has(userId),
    };
  });
}

export interface FollowedFeeling {
  ingredientId: string;
  count: number;
  userIds: string[];
}

/** How many users show per ingredient in "which of them" (the count is always the full one). */
export const FEELING_USERS_SHOWN = 20;

/**
 * What the people the caller follows feel about ingredients: per ingredient, how many of them
 * and which (most recently changed first), the most shared first. Users who keep their feelings
 * private, and deleted accounts, are left out. One grouped query; paged in memory.
 */
export async function followingFeelings(
  em: EntityManager,
  viewer: User,
  sentiment: 'positive' | 'negative',
  page: PageArgs,
) {
  const rows = await em.execute<Array<{ ingredient_id: string; n: number; users: string[] }>>(
    `select f.ingredient_id, count(*)::int as n, (array_agg(f.user_id::text order by f.updated_at desc, f.user_id))[1:${FEELING_USERS_SHOWN}] as users
     from ingredient_feeling f
     join user_follow uf on uf.followed_id = f.user_id and uf.follower_id = ?
     join app_user u on u.id = f.user_id
     where f.sentiment::text = ? and u.deleted_at is null and coalesce((u.skin_profile->>'feelingsPublic')::boolean, true)
     group by f.ingredient_id
     order by n desc, f.ingredient_id`,
    [viewer.id, sentiment],
  );
  const items: FollowedFeeling[] = rows.map((r) => ({ ingredientId: r.ingredient_id, count: r.n, userIds: r.users }));
  return paginateList(items, (i) => i.ingredientId, page);
}
