import type { EntityManager } from '../../db.js';
import { loaderById } from '../shared/loaders.js';
import { Brand } from './brand.entity.js';

export const createBrandLoaders = (em: EntityManager) => ({
  brandById: loaderById(em, Brand),
});
