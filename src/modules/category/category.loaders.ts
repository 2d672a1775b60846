import type { EntityManager } from '../../db.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { ProductCategory } from './category.entity.js';

export const createCategoryLoaders = (em: EntityManager) => ({
  categoryById: loaderById(em, ProductCategory),
  categoriesByParent: loaderByParent(em, ProductCategory, 'parent', { position: 'asc', name: 'asc' }),
});
