import { notFound } from '../../errors.js';

// No id, alias or username holds a control character (PostgreSQL text cannot even hold NUL), so a
// key with one names nothing: it is answered NOT_FOUND without a query, never a database error.
const CONTROL_CHARACTERS = /[\u0000-\u001f]/;

/** Whether a path or body key (id, alias, username) has a character no stored key holds. */
export const namesNothing = (key: string): boolean => CONTROL_CHARACTERS.test(key);

/** A key as a NOT_FOUND message shows it: control characters as `?`. */
export const shownKey = (key: string): string => key.replace(/[\u0000-\u001f]/g, '?');

/** The key, checked before it reaches SQL: one that names nothing is a NOT_FOUND of `what`. */
export function lookupKey(what: string, key: string): string {
  if (namesNothing(key)) throw notFound(what, shownKey(key));
  return key;
}
