import type { EntityManager } from '../../db.js';
import { forbidden } from '../../errors.js';
import { newId } from '../shared/ids.js';
import type { User } from '../user/user.entity.js';
import { RoutineFavorite, type Routine } from './routine.entity.js';
import { getRoutine } from './routine.service.js';

/** Adds the favourite; doing it again changes nothing and keeps the first created_at (ON CONFLICT DO NOTHING: safe under races). */
export async function favoriteRoutine(em: EntityManager, id: string, viewer: User): Promise<Routine> {
  const routine = await getRoutine(em, id, viewer);
  // A favourite is a vote in the weekly contests: nobody votes for their own routine.
  if (routine.owner.id === viewer.id) throw forbidden('You cannot favourite your own routine');
  await em.upsert(
    RoutineFavorite,
    { id: newId(), user: viewer.id, routine: routine.id, createdAt: new Date() } as never,
    {
      onConflictFields: ['user', 'routine'],
      onConflictAction: 'ignore',
    },
  );
  return routine;
}

export async function unfavoriteRoutine(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const routine = await getRoutine(em, id, viewer);
  await em.nativeDelete(RoutineFavorite, { user: viewer.id, routine: routine.id });
  return true;
}
