import type { EntityManager } from '../../db.js';
import { loaderById, loaderByParent } from '../shared/loaders.js';
import { Product, ProductIngredient, ProductOffer } from './product.entity.js';

export const createProductLoaders = (em: EntityManager) => ({
  productById: loaderById(em, Product),
  ingredientsByProduct: loaderByParent(em, ProductIngredient, 'product', { position: 'asc' }),
  offersByProduct: loaderByParent(em, ProductOffer, 'product', { price: 'asc', retailer: 'asc' }, { endedAt: null }),
});
