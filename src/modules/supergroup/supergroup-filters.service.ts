// Filtering by interest group: which ids are groups, and which experts cover one.
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { loadSupergroups } from '../user/supergroups.js';

/** A known supergroup id, else a 400 naming the field and the known ids. */
export function checkedSupergroup(field: string, id: string): string {
  const known = loadSupergroups().map((g) => g.id);
  if (!known.includes(id)) throw validationFailed(field, `Unknown supergroup "${id}": one of ${known.join(', ')}`);
  return id;
}

/** Ids of the experts who cover a group. */
export async function expertIdsCovering(em: EntityManager, group: string): Promise<string[]> {
  // Plain SQL: partially loaded User entities would sit in the request's identity map.
  const rows = await em.execute<Array<{ id: string }>>(
    `select id from app_user where user_type = 'expert' and supergroups @> ?::jsonb`,
    [JSON.stringify([group])],
  );
  return rows.map((u) => u.id);
}
