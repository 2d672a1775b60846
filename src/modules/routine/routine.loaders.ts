import type { EntityManager } from '../../db.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { ProductTutorial } from '../tutorial/product-tutorial.entity.js';
import { routineFavoriteCountLoader } from './routine-lists.service.js';
import { RoutineRequestAnswer } from './routine-request.entity.js';
import { Routine } from './routine.entity.js';
import { routineStepRowsLoader } from './routine-rows.js';

export const createRoutineLoaders = (em: EntityManager) => ({
  routineStepsByRoutine: routineStepRowsLoader(em),
  routineFavoriteCount: routineFavoriteCountLoader(em),
  routinePitchById: loaderById(em, ProductPitch),
  routineTutorialById: loaderById(em, ProductTutorial),
  routineById: loaderById(em, Routine),
  answersByRoutineRequest: loaderByParent(em, RoutineRequestAnswer, 'request', { createdAt: 'asc', id: 'asc' }),
});
