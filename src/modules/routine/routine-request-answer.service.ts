// Experts see the open routine requests that fall in the interest groups they cover and answer
// with one of their published routines; the requester reads the answers under /my and gets an e-mail.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Context } from '../../context.js';
import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { User, UserType } from '../user/user.entity.js';
import { pagePaths } from '../shared/page-paths.js';
import { routineAnsweredMessage } from './routine-request-messages.js';
import { RoutineRequest, RoutineRequestAnswer } from './routine-request.entity.js';
import { Routine, RoutineStatus } from './routine.entity.js';

function mustBeExpert(viewer: User): void {
  if (viewer.userType !== UserType.expert && viewer.userType !== UserType.admin)
    throw forbidden('Only experts (and admins) see and answer routine requests');
}

/**
 * Requests for an expert: open ones (no answer yet) by default, oldest first, in the groups the
 * expert covers (their supergroups; an expert who joined none sees every request; a request in
 * no group reaches every expert). `supergroup`
 * narrows to one group. Requests already answered by this expert are left out.
 */
export async function routineRequestsForExpert(
  em: EntityManager,
  viewer: User,
  options: { supergroup?: string | null; includeAnswered?: boolean | null },
  page: PageArgs,
) {
  mustBeExpert(viewer);
  const covered = viewer.supergroups ?? [];
  if (options.supergroup != null && covered.length && !covered.includes(options.supergroup)) {
    throw validationFailed(
      'supergroup',
      `You do not cover "${options.supergroup}": one of ${covered.join(', ')} (PATCH /my/user/supergroups)`,
    );
  }
  const topics = options.supergroup != null ? [options.supergroup] : covered;
  const mine = await em.find(RoutineRequestAnswer, { expert: viewer.id }, { fields: ['request'] });
  const where: Record<string, unknown> = {
    requester: { $ne: viewer.id },
    ...(mine.length ? { id: { $nin: mine.map((a) => a.request.id) } } : {}),
    ...(options.includeAnswered ? {} : { answeredAt: null }),
    // A request whose profile names no group (or made before groups were kept) reaches every expert.
    ...(topics.length ? { $or: [{ topics: { $overlap: topics } }, { topics: { $eq: [] } }] } : {}),
  };
  return paginate(em, RoutineRequest, where as never, { createdAt: 'asc', id: 'asc' }, page);
}

export async function answerRoutineRequest(
  ctx: Context,
  requestId: string,
  viewer: User,
  routineId: string,
  note: string | null | undefined,
): Promise<RoutineRequestAnswer> {
  const em = ctx.em;
  mustBeExpert(viewer);
  const request = isUuid(requestId)
    ? await em.findOne(RoutineRequest, { id: requestId.toLowerCase() }, { populate: ['requester'] })
    : null;
  if (!request) throw notFound('Routine request', requestId);
  if (request.requester.id === viewer.id) throw forbidden('You cannot answer your own routine request');
  const routine = isUuid(routineId) ? await em.findOne(Routine, { id: routineId.toLowerCase() }) : null;
  if (!routine || (routine.owner.id !== viewer.id && routine.status !== RoutineStatus.published))
    throw notFound('Routine', routineId);
  if (routine.owner.id !== viewer.id) throw validationFailed('routine', 'Answer with one of your own routines');
  if (routine.status !== RoutineStatus.published)
    throw validationFailed('routine', 'Publish the routine first: the requester must be able to open it');
  const text = note?.trim() ?? '';
  if (text.length > 2000) throw validationFailed('note', 'note must be at most 2000 characters');
  const answer = em.create(RoutineRequestAnswer, {
    request: request.id,
    expert: viewer.id,
    routine: routine.id,
    note: text,
  });
  request.answeredAt ??= answer.createdAt;
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict('You have already answered this request');
    throw error;
  }
  const requester = request.requester.getEntity();
  // Sent inside the transaction: an SMTP refusal rolls the answer back, and the expert can retry.
  if (requester.email)
    await ctx.services.mailer.send(
      routineAnsweredMessage(
        requester.email,
        requester.username,
        viewer.username,
        routine.name,
        `${ctx.publicUrl}${pagePaths.routine(routine.id)}`,
        text,
      ),
    );
  return answer;
}

export const answersOf = (em: EntityManager, requestIds: readonly string[]) =>
  em.find(RoutineRequestAnswer, { request: { $in: [...requestIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
