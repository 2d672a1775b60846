import type { EntityManager } from '../../db.js';
import { loaderById } from '../shared/loaders.js';
import { IngredientOpinion } from './ingredient-opinion.entity.js';

export const createOpinionLoaders = (em: EntityManager) => ({
  opinionById: loaderById(em, IngredientOpinion),
});
