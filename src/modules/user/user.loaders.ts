import type { EntityManager } from '../../db.js';
import { loaderById } from '../shared/loaders.js';
import { User } from './user.entity.js';

export const createUserLoaders = (em: EntityManager) => ({
  userById: loaderById(em, User),
});
