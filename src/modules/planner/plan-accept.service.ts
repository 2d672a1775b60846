// Accepting a plan (issue 41; research §4.6): its routines become the person's ordinary routines, written through the
// routine module's own create (so compatibility, alternatives, reformulation alerts and the detective apply to them
// unchanged), and each gets a schedule row per phase of the plan: the weekdays it is followed on, from and to. It all
// runs in the mutation's one transaction (shared/transactional.ts): a failure at any routine leaves nothing written.
import type { EntityManager } from '../../db.js';
import { conflict } from '../../errors.js';
import { Routine, RoutineTimeOfDay } from '../routine/routine.entity.js';
import { createRoutine, type StepInput } from '../routine/routine.service.js';
import { changeIfStill } from '../shared/single-use.js';
import { isUuid } from '../shared/ids.js';
import type { User } from '../user/user.entity.js';
import { WEEKDAYS, type PlanAnswer, type PlannedRoutine, type Weekday } from './engine/types.js';
import { answerOf, ownedPlan } from './plan-owned.js';
import { RoutinePlan, RoutinePlanStatus, RoutineSchedule } from './routine-plan.entity.js';

export interface ScheduleEntry {
  /** The plan routine's key (morning, evening_retinoid…). */
  key: string;
  weekdays: Weekday[];
  fromOn: string;
  /** Null for the last phase: its week goes on after the plan's horizon, until a re-plan. */
  toOn: string | null;
}

/**
 * Each plan routine's weekdays per phase. The plan's last phase is its steady week (ramps done, or as far as the
 * horizon let them go, which is the safer side): it stays open-ended, so the schedule does not stop on the
 * horizon's last day.
 */
export function scheduleEntries(answer: PlanAnswer): ScheduleEntry[] {
  const phases = answer.schedule.phases;
  return phases.flatMap((phase, i) =>
    answer.routines.flatMap((routine): ScheduleEntry[] => {
      const days = routine.timeOfDay === 'morning' ? phase.mornings : phase.nights;
      const weekdays = WEEKDAYS.filter((d) => days[d] === routine.key);
      if (!weekdays.length) return [];
      return [{ key: routine.key, weekdays, fromOn: phase.from, toOn: i === phases.length - 1 ? null : phase.to }];
    }),
  );
}

/** A step as the routine module writes it: the plan chose its step type, so another kind is allowed. */
function stepInputs(routine: PlannedRoutine, inCatalog: Set<string>): Array<StepInput & { allowOtherKind: boolean }> {
  return routine.steps.map((step) => {
    const linked = inCatalog.has(step.product.id.toLowerCase());
    const notes = [
      // An analysed list on the shelf, or a product removed since: the step names it, with nothing to link.
      linked ? null : `${step.product.name}${step.product.brand ? ` (${step.product.brand})` : ''}: not in the catalog`,
      step.newFrom ? `From ${step.newFrom}, after its patch test` : null,
    ].filter((n): n is string => n !== null);
    return {
      stepType: step.stepType,
      product: linked ? step.product.id : null,
      note: notes.join('. ').slice(0, 500),
      allowOtherKind: true,
    };
  });
}

/** Which of the plan's product ids are published catalog products (one statement). */
export async function catalogIds(em: EntityManager, answer: PlanAnswer): Promise<Set<string>> {
  const ids = [
    ...new Set(answer.routines.flatMap((r) => r.steps.map((s) => s.product.id.toLowerCase())).filter(isUuid)),
  ];
  if (!ids.length) return new Set();
  const rows = await em.execute<Array<{ id: string }>>(
    `select id from product where id in (?) and status = 'published'`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

export interface AcceptedPlan {
  plan: RoutinePlan;
  /** The routines written, in the plan's order, each with the plan routine's key. */
  routines: Array<{ key: string; routine: Routine }>;
}

/**
 * proposed → accepted, then the routines and their schedule. `replaceCurrent` (default true) first marks the
 * person's other current routines not current: the plan is what they follow now. An accepted or superseded plan:
 * CONFLICT (a superseded one was replaced by a re-plan; accept that one).
 */
export async function acceptPlan(
  em: EntityManager,
  id: string,
  viewer: User,
  replaceCurrent: boolean,
): Promise<AcceptedPlan> {
  const plan = await ownedPlan(em, id, viewer);
  const refuse = (status: RoutinePlanStatus) =>
    conflict(
      status === RoutinePlanStatus.superseded
        ? 'The plan was superseded by a re-plan: accept the plan that replaced it'
        : 'The plan is accepted already',
      { status },
    );
  if (plan.status !== RoutinePlanStatus.proposed) throw refuse(plan.status);
  const acceptedAt = new Date();
  if (
    !(await changeIfStill(
      em,
      plan,
      { id: plan.id, status: RoutinePlanStatus.proposed },
      { status: RoutinePlanStatus.accepted, acceptedAt },
    ))
  )
    throw refuse(RoutinePlanStatus.accepted);
  const answer = answerOf(plan);
  if (replaceCurrent) await em.nativeUpdate(Routine, { owner: viewer.id, current: true }, { current: false });
  const inCatalog = await catalogIds(em, answer);
  const entries = scheduleEntries(answer);
  const routines: AcceptedPlan['routines'] = [];
  for (const planned of answer.routines) {
    // A routine no day of the schedule uses is not written (none should be: the engine schedules each it makes).
    if (!entries.some((e) => e.key === planned.key)) continue;
    const routine = await createRoutine(em, viewer, {
      name: planned.name,
      description: `From your routine plan starting ${answer.startOn}: followed on the days of its schedule.`,
      timeOfDay: planned.timeOfDay === 'morning' ? RoutineTimeOfDay.morning : RoutineTimeOfDay.evening,
      current: true,
      steps: stepInputs(planned, inCatalog),
    });
    routines.push({ key: planned.key, routine });
  }
  const byKey = new Map(routines.map((r) => [r.key, r.routine]));
  for (const entry of entries)
    em.create(RoutineSchedule, {
      owner: viewer.id,
      routine: byKey.get(entry.key)!,
      plan,
      weekdays: entry.weekdays,
      fromOn: entry.fromOn,
      toOn: entry.toOn,
    });
  await em.flush();
  return { plan, routines };
}
