import { notFound } from '../../errors.js';

/**
 * A path or body key (id, alias, username) about to reach SQL: one with a NUL character can
 * name nothing (PostgreSQL text cannot hold 0x00), so it is a NOT_FOUND, not a database error.
 */
export function lookupKey(what: string, key: string): string {
  if (key.includes('\0')) throw notFound(what, key.replace(/\0/g, '\\0'));
  return key;
}
