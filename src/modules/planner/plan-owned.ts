// A stored plan the caller owns: another person's plan, or an id that is no plan, is the same 404 (no stranger learns
// that a plan exists). Shared by the stored plan's life: accept, the day view, delete, the page link, drift.
import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../shared/ids.js';
import type { User } from '../user/user.entity.js';
import type { PlanAnswer } from './engine/types.js';
import { RoutinePlan } from './routine-plan.entity.js';

export async function ownedPlan(em: EntityManager, id: string, viewer: User): Promise<RoutinePlan> {
  const plan = isUuid(id) ? await em.findOne(RoutinePlan, { id: id.toLowerCase(), owner: viewer.id }) : null;
  if (!plan) throw notFound('Routine plan', id);
  return plan;
}

/** The engine's answer as stored (written by planRoutine, never edited). */
export const answerOf = (plan: RoutinePlan): PlanAnswer => plan.result as PlanAnswer;
