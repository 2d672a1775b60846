import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { ProductTutorial } from '../tutorial/product-tutorial.entity.js';
import { RoutineRequestAnswer } from './routine-request.entity.js';
import { Routine } from './routine.entity.js';
import { routineStepRows, type RoutineStepRow } from './routine-rows.js';

/** The steps of many routines in one statement per tick, in order. */
function routineStepRowsLoader(em: EntityManager): DataLoader<string, RoutineStepRow[]> {
  return new DataLoader(async (routineIds) => {
    const groups = await routineStepRows(em, routineIds);
    return routineIds.map((id) => groups.get(id) ?? []);
  });
}

/** Favourite counts of many routines in one grouped query. */
function routineFavoriteCountLoader(em: EntityManager): DataLoader<string, number> {
  return new DataLoader(async (ids) => {
    const rows = await em.execute<Array<{ routine_id: string; n: number }>>(
      'select routine_id, count(*)::int as n from routine_favorite where routine_id in (?) group by routine_id',
      [[...ids]],
    );
    const counts = new Map(rows.map((r) => [r.routine_id, r.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  });
}

export const createRoutineLoaders = (em: EntityManager) => ({
  routineStepsByRoutine: routineStepRowsLoader(em),
  routineFavoriteCount: routineFavoriteCountLoader(em),
  routinePitchById: loaderById(em, ProductPitch),
  routineTutorialById: loaderById(em, ProductTutorial),
  routineById: loaderById(em, Routine),
  answersByRoutineRequest: loaderByParent(em, RoutineRequestAnswer, 'request', { createdAt: 'asc', id: 'asc' }),
});
