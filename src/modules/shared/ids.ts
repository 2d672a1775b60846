import { v7 as uuidv7 } from 'uuid';
import { trimEndOf } from './engine/text-edges.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Time-ordered ids keep B-tree inserts local and make id order roughly creation order. */
export const newId = (): string => uuidv7();

export const isUuid = (value: string): boolean => UUID.test(value);

/** The where-clause for a path's `:id_or_alias`: a UUID is an id, anything else an alias. */
export function byIdOrAlias(idOrAlias: string): { id: string } | { alias: string } {
  return isUuid(idOrAlias) ? { id: idOrAlias.toLowerCase() } : { alias: idOrAlias.toLowerCase() };
}

/** Lowercase slug `[a-z0-9-]+` as the contract defines aliases. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Characters of an alias: the EU inventory's INCI names make slugs of up to 120 (cut there at a
 * hyphen, src/modules/ingredient/cosing/parse.ts), and a path segment may be as long
 * (src/platform/register.ts), so every alias can be named in a path.
 */
export const MAX_ALIAS_LENGTH = 120;

/** An alias `base` made unique by a suffix of the new id, kept within MAX_ALIAS_LENGTH. */
export const suffixedAlias = (base: string, id: string): string =>
  `${trimEndOf(base.slice(0, MAX_ALIAS_LENGTH - 7), '-')}-${id.slice(-6)}`;
