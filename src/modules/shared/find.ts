import type { EntityName, FindOneOptions } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { byIdOrAlias } from './ids.js';

/**
 * The thing a path's `:id_or_alias` names (a uuid is an id, anything else an alias), or the
 * contract's NOT_FOUND naming `what` (the entity's name unless given) and the key as sent.
 */
export async function findByIdOrAlias<T extends { id: string; alias: string }, P extends string = never>(
  em: EntityManager,
  entity: EntityName<T> & { name: string },
  key: string,
  options?: FindOneOptions<T, P> & { what?: string },
) {
  const { what, ...findOptions } = options ?? {};
  const found = key.includes('\0') ? null : await em.findOne(entity, byIdOrAlias(key) as never, findOptions as FindOneOptions<T, P>);
  if (!found) throw notFound(what ?? entity.name, key.replace(/\0/g, '\\0'));
  return found;
}
