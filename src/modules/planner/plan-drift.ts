// Drift: what changed in an accepted plan's routines since, judged again as they now are (issue 41). The routines
// are the person's own after accept, edited freely; drift re-runs the routine rules (the plan's I1-I6 and I20 come
// from them) on each routine as it is now, and compares its steps with the plan's, in plain words: "You added
// Glycolic Toner to Retinoid night: Retinoid with exfoliating acids (I3)". A routine is matched to the plan's
// variant by its schedule rows (which weekdays of which phase), so renaming it changes nothing.
import type { Context } from '../../context.js';
import { checkRoutine, type Finding } from '../routine/engine/compatibility.js';
import { stepRank } from '../routine/engine/steps.js';
import { Routine } from '../routine/routine.entity.js';
import { routineData } from '../routine/routine-insights.service.js';
import { loadRoutineRules } from '../routine/routine-rules.js';
import type { PlanAnswer } from './engine/types.js';
import { catalogIds, scheduleEntries } from './plan-accept.service.js';

/** The invariant each routine rule's finding breaks (data/plan-invariants.yaml); the rest are I1's (no conflict). */
const RULE_INVARIANT: Record<string, string> = {
  'retinoid-with-acids': 'I3',
  'benzoyl-peroxide-with-retinoid': 'I2',
  'benzoyl-peroxide-with-vitamin-c': 'I5',
  'benzoyl-peroxide-with-hydroquinone': 'I6',
  'several-exfoliants': 'I4',
  'vitamin-c-with-acids': 'I5',
  'copper-peptides-with-vitamin-c': 'I5',
  'photosensitiser-in-the-morning-without-sunscreen': 'I8',
  'duplicated-actives': 'I20',
  'negative-feeling': 'I11',
};
export const invariantOf = (rule: string): string => RULE_INVARIANT[rule] ?? 'I1';

export type DriftKind = 'added' | 'removed' | 'finding' | 'order' | 'no_sunscreen' | 'deleted' | 'not_current';

export interface DriftItem {
  kind: DriftKind;
  /** The plan's routine variant (morning, evening_retinoid…). */
  routineKey: string;
  /** The person's routine now; null when they deleted it. */
  routineId: string | null;
  productId: string | null;
  rule: string | null;
  invariant: string | null;
  text: string;
}

/** A routine as it is now, matched to a plan variant, with the routine rules' findings on it. */
export interface RoutineNow {
  key: string;
  id: string;
  name: string;
  current: boolean;
  steps: Array<{ stepType: string; productId: string | null; productName: string | null }>;
  findings: Finding[];
}

/**
 * Pure: the drift of each plan routine. `written` are the plan's product ids the accept linked (catalog products);
 * a step the plan named without a catalog product (an analysed list) cannot be told apart once written, so it is
 * not compared.
 */
export function driftOf(answer: PlanAnswer, now: RoutineNow[], written: Set<string>): DriftItem[] {
  const out: DriftItem[] = [];
  for (const planned of answer.routines) {
    const routine = now.find((r) => r.key === planned.key);
    const item = (kind: DriftKind, text: string, extra: Partial<DriftItem> = {}): DriftItem => ({
      kind,
      routineKey: planned.key,
      routineId: routine?.id ?? null,
      productId: null,
      rule: null,
      invariant: null,
      text,
      ...extra,
    });
    if (!routine) {
      if (scheduleEntries(answer).some((e) => e.key === planned.key))
        out.push(item('deleted', `You deleted ${planned.name}: the nights it had are without a routine now.`));
      continue;
    }
    if (!routine.current) out.push(item('not_current', `${routine.name} is no longer one of your current routines.`));
    const plannedIds = new Set(planned.steps.map((s) => s.product.id.toLowerCase()).filter((id) => written.has(id)));
    const nowIds = new Set(routine.steps.flatMap((s) => (s.productId ? [s.productId] : [])));
    const added = routine.steps.filter((s) => s.productId && !plannedIds.has(s.productId));
    for (const s of added)
      out.push(item('added', `You added ${s.productName} to ${routine.name}.`, { productId: s.productId }));
    for (const s of planned.steps.filter(
      (p) => plannedIds.has(p.product.id.toLowerCase()) && !nowIds.has(p.product.id.toLowerCase()),
    ))
      out.push(item('removed', `You took ${s.product.name} out of ${routine.name}.`, { productId: s.product.id }));
    const planRules = new Set(answer.findings.filter((f) => f.routine === planned.key).map((f) => f.rule));
    const addedIds = new Set(added.map((s) => s.productId));
    for (const f of routine.findings.filter((x) => !planRules.has(x.rule))) {
      const invariant = invariantOf(f.rule);
      const cause = routine.steps
        .filter((s, i) => s.productId && addedIds.has(s.productId) && f.steps.some((fs) => fs.position === i + 1))
        .map((s) => s.productName);
      const lead = cause.length ? `You added ${cause.join(' and ')} to ${routine.name}` : routine.name;
      out.push(item('finding', `${lead}: ${f.title} (${invariant}, ${f.severity}).`, { rule: f.rule, invariant }));
    }
    const ranks = routine.steps.map((s) => stepRank(s.stepType));
    if (ranks.some((r, i) => i > 0 && r < ranks[i - 1]))
      out.push(
        item('order', `The steps of ${routine.name} are out of layering order now (I18).`, { invariant: 'I18' }),
      );
    if (
      planned.timeOfDay === 'morning' &&
      planned.steps.some((s) => s.role === 'protect') &&
      !routine.steps.some((s) => s.stepType === 'protect')
    )
      out.push(item('no_sunscreen', `${routine.name} no longer ends with a sunscreen (I7).`, { invariant: 'I7' }));
  }
  return out;
}

const signature = (fromOn: string, weekdays: string[]) => `${fromOn}|${weekdays.join(',')}`;

/**
 * The drift of an accepted plan (the caller's own: the plan was read as theirs). Statements: the schedule rows, the
 * routines, the catalog check of the plan's products, then routineData's batched reads for all routines at once.
 */
export async function planDrift(ctx: Context, planId: string, answer: PlanAnswer): Promise<DriftItem[]> {
  const rows = await ctx.em.execute<Array<{ routine_id: string; from_on: string; weekdays: string[] }>>(
    `select routine_id, to_char(from_on, 'YYYY-MM-DD') as from_on, weekdays from routine_schedule where plan_id = ?`,
    [planId],
  );
  const byRoutine = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = byRoutine.get(r.routine_id) ?? new Set<string>();
    set.add(signature(r.from_on, r.weekdays));
    byRoutine.set(r.routine_id, set);
  }
  const [routines, written] = await Promise.all([
    byRoutine.size ? ctx.em.find(Routine, { id: { $in: [...byRoutine.keys()] } }) : Promise.resolve([]),
    catalogIds(ctx.em, answer),
  ]);
  const entries = scheduleEntries(answer);
  const keyOf = (routine: Routine): string | null => {
    const has = byRoutine.get(routine.id)!;
    const keys = [...new Set(entries.map((e) => e.key))].filter((key) => {
      const own = entries.filter((e) => e.key === key).map((e) => signature(e.fromOn, e.weekdays));
      return own.length === has.size && own.every((s) => has.has(s));
    });
    // A daily morning and a daily evening have the same days: the time of day tells them apart.
    const part = routine.timeOfDay === 'morning' ? 'morning' : 'evening';
    return keys.find((k) => answer.routines.find((r) => r.key === k)?.timeOfDay === part) ?? keys[0] ?? null;
  };
  const rules = loadRoutineRules();
  const now = await Promise.all(
    routines.map(async (routine): Promise<RoutineNow | null> => {
      const key = keyOf(routine);
      if (!key) return null;
      const { steps, productById, engineRoutine } = await routineData(ctx, routine, true);
      return {
        key,
        id: routine.id,
        name: routine.name,
        current: routine.current,
        steps: steps.map((s) => ({
          stepType: s.stepType,
          productId: s.product?.id ?? null,
          productName: s.product ? (productById.get(s.product.id)?.name ?? null) : null,
        })),
        findings: checkRoutine(engineRoutine, rules),
      };
    }),
  );
  return driftOf(
    answer,
    now.filter((r): r is RoutineNow => r !== null),
    written,
  );
}
