import type { EntityManager } from '../../db.js';
import { forbidden, notFound, validationFailed } from '../../errors.js';
import { UserType } from '../user/user.entity.js';
import { skinProfileOf } from '../feeling/skin-profile.service.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { RoutineRequest } from './routine-request.entity.js';
import { supergroupsOfProfile } from '../user/supergroup-topics.js';
import type { RoutineTimeOfDay } from './routine.entity.js';

/** Asks experts for a routine; the caller's skin profile is copied as it is now. */
export async function requestRoutine(
  em: EntityManager,
  viewer: User,
  input: { message: string; timeOfDay?: RoutineTimeOfDay | null },
): Promise<RoutineRequest> {
  const message = input.message.trim();
  if (message.length < 1 || message.length > 2000)
    throw validationFailed('message', 'message must be 1 to 2000 characters');
  const profile = skinProfileOf(viewer);
  const request = em.create(RoutineRequest, {
    requester: viewer.id,
    message,
    timeOfDay: input.timeOfDay ?? null,
    skinProfile: { skinType: profile.skinType, concerns: [...profile.concerns], pregnant: profile.pregnant },
    topics: supergroupsOfProfile(profile),
    answeredAt: null,
  });
  await em.flush();
  return request;
}

/** The requester withdraws a request (others: 403). */
export async function deleteRoutineRequest(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const request = isUuid(id) ? await em.findOne(RoutineRequest, { id: id.toLowerCase() }) : null;
  if (!request) throw notFound('Routine request', id);
  if (request.requester.id !== viewer.id && viewer.userType !== UserType.admin)
    throw forbidden('Only the requester (or an admin) may withdraw a routine request');
  await em.nativeDelete(RoutineRequest, { id: request.id });
  return true;
}

export const listMyRoutineRequests = (em: EntityManager, viewer: User, page: PageArgs) =>
  paginate(em, RoutineRequest, { requester: viewer.id }, { createdAt: 'desc', id: 'desc' }, page);
