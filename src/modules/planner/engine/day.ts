// A plan's days: the morning and evening routine each date gets (the instances the invariants are checked on),
// and the day view people open on a phone: what to do tonight, and how to restart after missed nights.
import { addDays, daysBetween, weekdayOf } from './dates.js';
import type { PlanAnswer, PlannedRoutine, PlannedStep, PlanPhase, PlanIntroduction } from './types.js';

export interface PlanInstance {
  date: string;
  /** The plan's week, from 0. */
  week: number;
  morning: { key: string; steps: PlannedStep[] };
  evening: { key: string; steps: PlannedStep[] };
}

export const phaseOn = (plan: PlanAnswer, date: string): PlanPhase | null =>
  plan.schedule.phases.find((p) => p.from <= date && date <= p.to) ?? null;

const stepsOn = (routine: PlannedRoutine | undefined, date: string): PlannedStep[] =>
  (routine?.steps ?? []).filter((s) => !s.newFrom || s.newFrom <= date);

function instanceOn(plan: PlanAnswer, date: string, phase: PlanPhase): PlanInstance {
  const day = weekdayOf(date);
  const morning = phase.mornings[day];
  const evening = phase.nights[day];
  return {
    date,
    week: Math.floor(daysBetween(plan.startOn, date) / 7),
    morning: {
      key: morning,
      steps: stepsOn(
        plan.routines.find((r) => r.key === morning),
        date,
      ),
    },
    evening: {
      key: evening,
      steps: stepsOn(
        plan.routines.find((r) => r.key === evening),
        date,
      ),
    },
  };
}

/** Every date of the horizon with its two routines, in date order. */
export function planInstances(plan: PlanAnswer): PlanInstance[] {
  const out: PlanInstance[] = [];
  for (let i = 0; i < plan.horizonWeeks * 7; i++) {
    const date = addDays(plan.startOn, i);
    const phase = phaseOn(plan, date);
    if (phase) out.push(instanceOn(plan, date, phase));
  }
  return out;
}

export interface PlanDay {
  date: string;
  inPlan: boolean;
  morning: { key: string; name: string; steps: PlannedStep[] } | null;
  evening: { key: string; name: string; steps: PlannedStep[] } | null;
  /** Products whose first full use is this date, and patch tests running. */
  startsToday: PlanIntroduction[];
  patchTests: PlanIntroduction[];
  restart: string | null;
}

/**
 * What to do on `date`. After 3 or more missed nights the evening is the previous phase's for that weekday: a
 * week back down the ramp, never a double dose (I16).
 */
export function planDay(plan: PlanAnswer, date: string, missedNights = 0): PlanDay {
  const phase = phaseOn(plan, date);
  const startsToday = plan.introductions.filter((i) => i.patchTest && i.firstFullUse === date);
  const patchTests = plan.introductions.filter(
    (i) => i.patchTest && i.patchTest.from <= date && date <= i.patchTest.to,
  );
  if (!phase)
    return { date, inPlan: false, morning: null, evening: null, startsToday: [], patchTests: [], restart: null };
  const inst = instanceOn(plan, date, phase);
  let evening = inst.evening;
  let restart: string | null = null;
  if (missedNights >= 3) {
    const index = plan.schedule.phases.indexOf(phase);
    const previous = index > 0 ? plan.schedule.phases[index - 1] : null;
    if (previous) {
      const key = previous.nights[weekdayOf(date)];
      evening = {
        key,
        steps: stepsOn(
          plan.routines.find((r) => r.key === key),
          addDays(previous.to, 0),
        ),
      };
    }
    restart = previous
      ? `You missed ${missedNights} nights: this week follows the previous phase (${previous.from} to ${previous.to}); pick the plan up again next week. Never use two nights' worth at once.`
      : `You missed ${missedNights} nights: carry on from tonight as planned; never use two nights' worth at once.`;
  }
  const name = (key: string) => plan.routines.find((r) => r.key === key)?.name ?? key;
  return {
    date,
    inPlan: true,
    morning: { key: inst.morning.key, name: name(inst.morning.key), steps: inst.morning.steps },
    evening: { key: evening.key, name: name(evening.key), steps: evening.steps },
    startsToday,
    patchTests,
    restart,
  };
}
