// Users as plain rows for read paths (issue 16): a list that joins its users' columns reads them
// as objects with User's property names instead of hydrating and merging entities. Such an object
// serves every User field resolver (they read properties and the id); it is never written.
import { ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { User } from './user.entity.js';

interface Column { property: string; column: string; date: boolean }
let columns: Column[] | null = null;

function userColumns(em: EntityManager): Column[] {
  columns ??= em.getMetadata().get(User).props
    .filter((p) => p.kind === ReferenceKind.SCALAR && p.fieldNames?.length === 1)
    .map((p) => ({ property: p.name, column: p.fieldNames[0], date: p.runtimeType === 'Date' }));
  return columns;
}

/** The select list of app_user's columns under `alias`, each named `<prefix><column>`. */
export const userSelect = (em: EntityManager, alias: string, prefix: string): string =>
  userColumns(em).map((c) => `${alias}."${c.column}" as "${prefix}${c.column}"`).join(', ');

/** The user of a row selected with userSelect, as a read-only User. */
export function userFromRow(em: EntityManager, row: Record<string, unknown>, prefix: string): User {
  const user: Record<string, unknown> = {};
  for (const c of userColumns(em)) {
    const value = row[prefix + c.column];
    user[c.property] = c.date && value != null && !(value instanceof Date) ? new Date(value as string) : value;
  }
  return user as unknown as User;
}
