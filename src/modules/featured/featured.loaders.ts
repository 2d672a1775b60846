import type { EntityManager } from '../../db.js';
import { Routine } from '../routine/routine.entity.js';
import { loaderById } from '../shared/loaders.js';

export const createFeaturedLoaders = (em: EntityManager) => ({
  featuredRoutineById: loaderById(em, Routine),
});
