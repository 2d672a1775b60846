import type { EntityManager } from '../../db.js';
import { IngredientAnalysis } from '../analysis/analysis.entity.js';
import { loaderById } from '../shared/loaders.js';

export const createReactionLoaders = (em: EntityManager) => ({
  /** The analyses rated reactions point at (their tokens). */
  reactionAnalysisById: loaderById(em, IngredientAnalysis),
});
