import type { EntityManager } from '../../db.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { ProductTutorial } from '../tutorial/product-tutorial.entity.js';
import { routineFavoriteCountLoader } from './routine-lists.service.js';
import { RoutineRequestAnswer } from './routine-request.entity.js';
import { Routine, RoutineStep } from './routine.entity.js';

export const createRoutineLoaders = (em: EntityManager) => ({
  routineStepsByRoutine: loaderByParent(em, RoutineStep, 'routine', { position: 'asc', id: 'asc' }),
  routineFavoriteCount: routineFavoriteCountLoader(em),
  routinePitchById: loaderById(em, ProductPitch),
  routineTutorialById: loaderById(em, ProductTutorial),
  routineById: loaderById(em, Routine),
  answersByRoutineRequest: loaderByParent(em, RoutineRequestAnswer, 'request', { createdAt: 'asc', id: 'asc' }),
});
