// Drift on plain data (src/modules/planner/plan-drift.ts driftOf): a plan's routines against the person's routines
// as they now are. One shape per kind of drift, each alone, on the persona's plan: nothing changed; a step added
// that the routine rules flag (the finding names the added product and the invariant); a planned product taken
// out; steps reordered against the layering order; the morning's sunscreen removed; a routine deleted; a routine no
// longer current; a finding the plan already had (not drift); a planned step that was never a catalog product.
import { describe, expect, it } from '@jest/globals';
import type { Finding } from '../src/modules/routine/engine/compatibility.js';
import { planRoutine } from '../src/modules/planner/engine/planner.js';
import type { PlanAnswer } from '../src/modules/planner/engine/types.js';
import { loadPlanKnowledge } from '../src/modules/planner/plan-knowledge.js';
import { driftOf, invariantOf, type RoutineNow } from '../src/modules/planner/plan-drift.js';
import { baseProfile, FAMILIES, product, request, shelfItem } from './helpers/planner-fixtures.js';

const families = ['gentleCleanser', 'retinolSerum', 'bhaToner', 'moisturiser', 'sunscreen50'];
const plan: PlanAnswer = planRoutine(
  request({
    shelf: families.map((f) => shelfItem(product({ ...FAMILIES[f], id: f, name: f }))),
    profile: baseProfile(),
    buy: 'shelf_only',
    budget: null,
  }),
  loadPlanKnowledge(),
);
const written = new Set(families.map((f) => f.toLowerCase()));

/** Each plan routine as accepted: the same steps, its own name, current, no findings. */
const asAccepted = (): RoutineNow[] =>
  plan.routines.map((r) => ({
    key: r.key,
    id: `routine-${r.key}`,
    name: r.name,
    current: true,
    steps: r.steps.map((s) => ({
      stepType: s.stepType,
      productId: s.product.id.toLowerCase(),
      productName: s.product.name,
    })),
    findings: [],
  }));
const finding = (rule: string, positions: number[], severity: Finding['severity'] = 'high'): Finding => ({
  rule,
  severity,
  title: `The ${rule} title`,
  reason: 'why',
  reference: 'ref',
  steps: positions.map((position) => ({ id: `s${position}`, position, stepType: 'treat' })),
  ingredients: [],
});
const kinds = (now: RoutineNow[]) => driftOf(plan, now, written).map((d) => `${d.kind}:${d.routineKey}`);

describe('drift of an accepted plan', () => {
  it('is empty when nothing changed', () => {
    expect(plan.routines.map((r) => r.key)).toEqual(expect.arrayContaining(['morning', 'evening_retinoid']));
    expect(driftOf(plan, asAccepted(), written)).toEqual([]);
  });

  it('names a product added and the finding it brings, with the invariant', () => {
    const now = asAccepted();
    const night = now.find((r) => r.key === 'evening_retinoid')!;
    night.name = 'Tuesday glow';
    night.steps.splice(1, 0, { stepType: 'tone', productId: 'glycolic', productName: 'Glycolic Toner' });
    night.findings = [finding('retinoid-with-acids', [2, 3])];
    expect(driftOf(plan, now, written)).toEqual([
      expect.objectContaining({
        kind: 'added',
        productId: 'glycolic',
        text: 'You added Glycolic Toner to Tuesday glow.',
      }),
      expect.objectContaining({
        kind: 'finding',
        rule: 'retinoid-with-acids',
        invariant: 'I3',
        text: 'You added Glycolic Toner to Tuesday glow: The retinoid-with-acids title (I3, high).',
      }),
    ]);
  });

  it('names a planned product taken out, steps out of layering order, a morning without sunscreen', () => {
    const now = asAccepted();
    const morning = now.find((r) => r.key === 'morning')!;
    morning.steps = morning.steps.filter((s) => s.stepType !== 'protect');
    const night = now.find((r) => r.key === 'evening_retinoid')!;
    night.steps.reverse();
    expect(kinds(now).sort()).toEqual(['no_sunscreen:morning', 'order:evening_retinoid', 'removed:morning'].sort());
    const texts = driftOf(plan, now, written).map((d) => d.text);
    expect(texts).toContain('Morning no longer ends with a sunscreen (I7).');
    expect(texts).toContain('The steps of Retinoid night are out of layering order now (I18).');
  });

  it('names a routine deleted or no longer current', () => {
    const now = asAccepted().filter((r) => r.key !== 'evening_recovery');
    now.find((r) => r.key === 'morning')!.current = false;
    expect(kinds(now).sort()).toEqual(['deleted:evening_recovery', 'not_current:morning']);
  });

  it('is not a finding the plan already had, nor a planned step that was never a catalog product', () => {
    const withFinding: PlanAnswer = {
      ...plan,
      findings: [
        { routine: 'morning', rule: 'fragrance-load', severity: 'low', title: 't', reason: 'r', reference: 'x' },
      ],
    };
    const now = asAccepted();
    now.find((r) => r.key === 'morning')!.findings = [finding('fragrance-load', [1], 'low')];
    expect(driftOf(withFinding, now, written)).toEqual([]);
    // The cleanser was an analysed list: written without a product, so its step shows no product now.
    const unlinked = asAccepted();
    for (const r of unlinked) for (const s of r.steps) if (s.productId === 'gentlecleanser') s.productId = null;
    const notLinked = new Set([...written].filter((id) => id !== 'gentlecleanser'));
    expect(driftOf(plan, unlinked, notLinked)).toEqual([]);
  });

  it('maps each routine rule to the invariant it breaks, I1 by default', () => {
    expect(invariantOf('benzoyl-peroxide-with-retinoid')).toBe('I2');
    expect(invariantOf('several-exfoliants')).toBe('I4');
    expect(invariantOf('fragrance-load')).toBe('I1');
  });
});
