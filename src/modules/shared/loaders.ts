import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';

type WithId = { id: string };

/** Loads entities by id in one `IN (…)` query per tick; missing ids resolve to null. */
export function loaderById<T extends WithId>(em: EntityManager, entity: new () => T): DataLoader<string, T | null> {
  return new DataLoader(async (ids) => {
    const rows = await em.find(entity, { id: { $in: [...ids] } } as never);
    const byId = new Map(rows.map((row) => [row.id, row]));
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
    const rows = await em.find(entity, { [foreignKey]: { $in: [...parentIds] }, ...extraWhere } as never, { orderBy: orderBy as never });
    const groups = new Map<string, T[]>(parentIds.map((id) => [id, []]));
    for (const row of rows) {
      const parent = (row as Record<string, unknown>)[foreignKey] as WithId | string;
      const parentId = typeof parent === 'string' ? parent : parent.id;
      groups.get(parentId)?.push(row);
    }
    return parentIds.map((id) => groups.get(id) ?? []);
  });
}
