// One-time actions (a link used, a draft approved, a proposal reviewed, an analysis claimed): the
// state they leave is written by a conditional UPDATE that names the state they start from. Of
// concurrent requests exactly one changes the row: on PostgreSQL the others wait for its row lock,
// then find the row no longer matching and change nothing. Reading the state first and writing it
// at flush (what these did before) let every request that read it before the first
// commit through.
import type { EntityData, EntityName, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';

/**
 * Sets `changes` on the one row matching `where` (its id and the state it must still be in) and
 * on the loaded entity; false when no row matched (someone else moved it first), and nothing
 * changed. The entity's later flush writes the same values again, which changes nothing more.
 */
export async function changeIfStill<T extends object>(
  em: EntityManager,
  entity: T,
  where: FilterQuery<T>,
  changes: EntityData<T>,
): Promise<boolean> {
  const changed = await em.nativeUpdate(entity.constructor as EntityName<T>, where as never, changes as never);
  if (changed !== 1) return false;
  em.assign(entity, changes as never);
  return true;
}
