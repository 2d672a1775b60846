import { v7 as uuidv7 } from 'uuid';

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
