import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: `Items per page, 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` })
  limit?: number | null;

  @Field(() => String, { nullable: true, description: 'The nextCursor of the previous page.' })
  cursor?: string | null;
}

export interface PageResult<T> {
  items: T[];
  nextCursor: string | null;
}

/** A `{ items, nextCursor }` object type for one item type, as the contract's lists. */
export function Page<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass implements PageResult<T> {
    @Field(() => [itemType])
    items!: T[];

    @Field(() => String, { nullable: true, description: 'Pass as cursor for the next page; null on the last page.' })
    nextCursor!: string | null;
  }
  return PageClass;
}

export function checkedLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw validationFailed('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

// Keyset cursors carry the last row's sort values (MikroORM's encoding), which reach SQL as
// parameters of the column's type: a forged value of another type (["x","x"] for a date) would be
// a database error. So cursors are signed: a cursor this service did not issue is a 400 before
// anything runs. The key is derived from the server's secrets (useCursorSecret, at start-up), so
// every instance of one deployment accepts the others' cursors.
// A KeyObject, made once: createHmac with a Buffer key imports it again on every call.
let cursorKey: KeyObject = createSecretKey(randomBytes(32));

/** Derives the cursor-signing key from a server secret (called once by buildApp). */
export function useCursorSecret(secret: string): void {
  cursorKey = createSecretKey(createHmac('sha256', secret).update('skincare:list-cursor:v1').digest());
}

const cursorSignature = (payload: string): Buffer =>
  createHmac('sha256', cursorKey).update(payload).digest().subarray(0, 16);

export const signCursor = (payload: string): string => `${payload}.${cursorSignature(payload).toString('base64url')}`;

/** The payload of a cursor this service signed; a 400 naming `cursor` for anything else. */
export function openCursor(cursor: string): string {
  const dot = cursor.lastIndexOf('.');
  const given = dot > 0 ? Buffer.from(cursor.slice(dot + 1), 'base64url') : null;
  const payload = cursor.slice(0, Math.max(dot, 0));
  const expected = given ? cursorSignature(payload) : null;
  if (!given || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw validationFailed('cursor', 'cursor is not one this service issued');
  }
  return payload;
}

/** Keyset pagination: the order must end in a unique key (id) so pages never overlap. */
export async function paginate<T extends object>(
  em: EntityManager,
  entity: ClassType<T>,
  where: FilterQuery<T>,
  orderBy: QueryOrderMap<T>,
  args: PageArgs,
  /** To-one relations to load in the same statement (joined), for the request's loaders to find. */
  populate?: readonly string[],
): Promise<PageResult<T>> {
  const limit = checkedLimit(args.limit);
  const after = args.cursor ? openCursor(args.cursor) : undefined;
  const page = await em.findByCursor(entity, {
    where,
    first: limit,
    after,
    orderBy,
    includeCount: false,
    ...(populate ? { populate, strategy: 'joined' } : {}),
  } as never);
  return {
    items: page.items as T[],
    nextCursor: page.hasNextPage && page.endCursor ? signCursor(page.endCursor) : null,
  };
}

/** The same contract over a list already in memory, keyed by a unique string. */
export function paginateList<T>(items: T[], keyOf: (item: T) => string, args: PageArgs): PageResult<T> {
  const limit = checkedLimit(args.limit);
  let start = 0;
  if (args.cursor) {
    let key: unknown;
    try {
      key = JSON.parse(openCursor(args.cursor));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      throw validationFailed('cursor', 'cursor is not one this service issued');
    }
    const index = typeof key === 'string' ? items.findIndex((item) => keyOf(item) === key) : -1;
    if (index < 0) throw validationFailed('cursor', 'cursor is not one this service issued');
    start = index + 1;
  }
  const page = items.slice(start, start + limit);
  const more = start + limit < items.length;
  return {
    items: page,
    nextCursor: more ? signCursor(JSON.stringify(keyOf(page[page.length - 1]))) : null,
  };
}
