import { wrap } from '@mikro-orm/core';
import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';

type WithId = { id: string };

/**
 * Loads entities by id in one `IN (…)` query per tick; missing ids resolve to null.
 * Entities the request already loaded (e.g. a populated relation) come from the identity map.
 */
export function loaderById<T extends WithId>(
  em: EntityManager,
  entity: new () => T,
  /** To-one relations to read in the same statement (joined), for the field resolvers to find loaded. */
  populate?: readonly string[],
): DataLoader<string, T | null> {
  return new DataLoader(async (ids) => {
    const unitOfWork = em.getUnitOfWork();
    const byId = new Map<string, T>();
    const missing: string[] = [];
    for (const id of ids) {
      const known = unitOfWork.getById(entity, id) as T | undefined;
      if (known && wrap(known, true).isInitialized()) byId.set(id, known);
      else missing.push(id);
    }
    if (missing.length) {
      const options = populate ? { populate, strategy: 'joined' } : {};
      for (const row of await em.find(entity, { id: { $in: missing } } as never, options as never))
        byId.set(row.id, row);
    }
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/**
 * Loads the children of many parents in one query, grouped by the parent's id.
 * `foreignKey` is the many-to-one property pointing at the parent.
 */
export function loaderByParent<T extends object>(
  em: EntityManager,
  entity: new () => T,
  foreignKey: keyof T & string,
  orderBy: Record<string, 'asc' | 'desc'>,
  extraWhere: object = {},
): DataLoader<string, T[]> {
  return new DataLoader(async (parentIds) => {
    const rows = await em.find(entity, { [foreignKey]: { $in: [...parentIds] }, ...extraWhere } as never, {
      orderBy: orderBy as never,
    });
    const groups = new Map<string, T[]>(parentIds.map((id) => [id, []]));
    for (const row of rows) {
      const parent = (row as Record<string, unknown>)[foreignKey] as WithId | string;
      const parentId = typeof parent === 'string' ? parent : parent.id;
      groups.get(parentId)?.push(row);
    }
    return parentIds.map((id) => groups.get(id) ?? []);
  });
}

/** Marks a row as the whole related object (a symbol: JSON and Object.keys skip it; cheaper than a WeakSet). */
const LOADED = Symbol('loaded row');

/**
 * Marks a plain row read with its parent (a brand joined into a product row) as the whole
 * related object: loadedOr returns it as it is, as it returns a joined entity.
 */
export function asLoaded<T extends object>(row: T): T {
  (row as Record<symbol, boolean>)[LOADED] = true;
  return row;
}

/**
 * The entity behind a reference: at once when the request already loaded it (a relation joined
 * into the parent's statement, as an entity or as a row marked by asLoaded), else through the
 * request's loader.
 */
export function loadedOr<T extends WithId>(
  ref: { id: string; isInitialized?: () => boolean; unwrap?: () => T },
  loader: DataLoader<string, T | null>,
): T | Promise<T | null> {
  if ((ref as Record<symbol, unknown>)[LOADED] === true) return ref as unknown as T;
  return ref.isInitialized?.() && ref.unwrap ? ref.unwrap() : loader.load(ref.id);
}
