// Users as plain rows for read paths: a list that joins its users' columns reads them
// as objects with User's property names instead of hydrating and merging entities. Such an object
// serves every User field resolver (they read properties and the id); it is never written.
import type DataLoader from 'dataloader';
import { readRows, type EntityManager } from '../../read-rows.js';
import { entityFromRow, omitUnshown, selectColumns } from '../shared/row-pages.js';
import { User } from './user.entity.js';

/** The select list of app_user's columns under `alias`, each named `<prefix><column>`. */
export const userSelect = (em: EntityManager, alias: string, prefix: string, omit: readonly string[] = []): string =>
  selectColumns(em, User, alias, prefix, omit);

/** The user of a row selected with userSelect (the same `omit`), as a read-only User. */
export const userFromRow = (
  em: EntityManager,
  row: Record<string, unknown>,
  prefix: string,
  omit: readonly string[] = [],
): User => entityFromRow(em, User, row, prefix, omit);

/**
 * User fields served by their own column alone (the rest have field resolvers reading more: e-mail
 * and profile privacy, pictures). test/row-reads.test.ts checks them against User's columns and
 * the schema's field resolvers.
 */
export const PLAIN_USER_FIELDS = new Set([
  'id',
  'username',
  'displayName',
  'userType',
  'bio',
  'country',
  'createdAt',
  'updatedAt',
  'deletedAt',
]);

const unshownByFields = new WeakMap<ReadonlySet<string>, string[]>();

/** The User properties a row may leave out when an operation shows `fields` of a user (row-pages' omitUnshown). */
export function userColumnsUnshown(em: EntityManager, fields: ReadonlySet<string>): string[] {
  // `fields` comes from selectedFields, one set per operation: worked out once, not per request.
  let omit = unshownByFields.get(fields);
  if (!omit) unshownByFields.set(fields, (omit = omitUnshown(em, User, fields, PLAIN_USER_FIELDS)));
  return omit;
}

/**
 * The user a token's subject names, as a managed entity (the request's viewer), or null. A prepared
 * statement mapped with `em.map`: every signed-in request asks, and em.findOne's query building cost
 * twice the CPU (430 against 185 µs a lookup).
 */
export async function userBySubject(em: EntityManager, subject: string): Promise<User | null> {
  const [row] = await readRows<Record<string, unknown>>(
    em,
    `select ${userSelect(em, 'u', '')} from app_user u where u.subject = ?`,
    [subject],
  );
  return row ? em.map(User, row) : null;
}

/**
 * The user a relation holds: list pages read it with its parent (a row of User's properties,
 * userFromRow), other reads hold a reference (its id) that the request's loader resolves.
 */
export async function userOrLoad(user: User | { id: string }, loader: DataLoader<string, User | null>): Promise<User> {
  return 'username' in user ? user : (await loader.load(user.id))!;
}
