import type { EntityManager } from '../../db.js';
import { loaderByParent } from '../shared/loaders.js';
import { ProductTutorialInstruction, ProductTutorialWarning } from './product-tutorial.entity.js';

export const createTutorialLoaders = (em: EntityManager) => ({
  instructionsByTutorial: loaderByParent(em, ProductTutorialInstruction, 'tutorial', { position: 'asc' }),
  warningsByTutorial: loaderByParent(em, ProductTutorialWarning, 'tutorial', { createdAt: 'asc', id: 'asc' }),
});
