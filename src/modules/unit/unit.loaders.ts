import type { EntityManager } from '../../db.js';
import { loaderById } from '../shared/loaders.js';
import { UnitOfMeasurement } from './unit.entity.js';

export const createUnitLoaders = (em: EntityManager) => ({
  unitById: loaderById(em, UnitOfMeasurement),
});
