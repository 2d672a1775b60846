import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../shared/ids.js';
import { User, UserType } from './user.entity.js';

export async function getUser(em: EntityManager, idOrUsername: string): Promise<User> {
  const user = await em.findOne(User, isUuid(idOrUsername) ? { id: idOrUsername.toLowerCase() } : { username: idOrUsername.toLowerCase() });
  if (!user) throw notFound('User', idOrUsername);
  return user;
}

/** E-mail addresses are shown to their owner and to admins only. */
export const canSeeEmail = (user: User, viewer: User | null): boolean =>
  viewer !== null && (viewer.id === user.id || viewer.userType === UserType.admin);
