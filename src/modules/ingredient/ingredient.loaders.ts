import type { EntityManager } from '../../db.js';
import { loaderById } from '../shared/loaders.js';
import { Ingredient } from './ingredient.entity.js';

export const createIngredientLoaders = (em: EntityManager) => ({
  ingredientById: loaderById(em, Ingredient),
});
