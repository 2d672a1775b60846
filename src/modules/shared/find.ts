import type { EntityName, FindOneOptions, Loaded } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { byIdOrAlias } from './ids.js';
import { namesNothing } from './lookup-key.js';

type Named = { id: string; alias: string };

/**
 * The thing a key names (a uuid is an id, anything else an alias), or null: for a key that is one
 * input among others (a body field, a filter), whose absence the caller words itself. A key with
 * a control character (NUL included, which PostgreSQL text cannot hold) names nothing: null without a query.
 */
export async function findOneByIdOrAlias<T extends Named, P extends string = never>(
  em: EntityManager,
  entity: EntityName<T>,
  key: string,
  options?: FindOneOptions<T, P>,
): Promise<Loaded<T, P> | null> {
  if (namesNothing(key)) return null;
  return em.findOne(entity, byIdOrAlias(key) as never, options as FindOneOptions<T, P>);
}

/**
 * The thing a path's `:id_or_alias` names (a uuid is an id, anything else an alias), or the
 * contract's NOT_FOUND naming `what` (the entity's name unless given) and the key as sent.
 */
export async function findByIdOrAlias<T extends Named, P extends string = never>(
  em: EntityManager,
  entity: EntityName<T> & { name: string },
  key: string,
  options?: FindOneOptions<T, P> & { what?: string },
): Promise<Loaded<T, P>> {
  const { what, ...findOptions } = options ?? {};
  const found = await findOneByIdOrAlias(em, entity, key, findOptions as FindOneOptions<T, P>);
  if (!found) throw notFound(what ?? entity.name, key.replace(/\0/g, '\\0'));
  return found;
}
