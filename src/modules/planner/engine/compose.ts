// One routine (a morning, or one kind of evening) from the products the plan uses, in priority order under the
// steps limit. The routine rules (data/routine-rules.yaml, checkRoutine) decide what may share a routine: a product
// that would add a finding is left out of this routine, never given a reason the rules do not state (I26).
import { checkRoutine, type EngineRoutine, type Finding, type RuleSet } from '../../routine/engine/compatibility.js';
import { stepRank } from '../../routine/engine/steps.js';
import type { Classified, Role } from './classify.js';

export interface Slot {
  role: Role;
  /** Products that could fill the slot, best first: the first that fits is taken. */
  options: Classified[];
  prescribed: boolean;
}

export interface Rejection {
  productId: string;
  why: 'limit' | 'reading' | 'rule';
  finding: Finding | null;
}

export interface Composed {
  steps: Array<{ c: Classified; role: Role; prescribed: boolean }>;
  rejected: Rejection[];
}

/** Findings a routine may carry: a low "fragrance in several products" is worth knowing, not a reason to drop a step. */
const TOLERATED_RULES = new Set(['fragrance-load']);

const findingKey = (f: Finding) => `${f.rule}|${f.steps.map((s) => s.id).join(',')}`;

export function engineRoutine(
  timeOfDay: 'morning' | 'evening',
  products: Classified[],
  negativeIngredientIds: string[] = [],
): EngineRoutine {
  return {
    timeOfDay,
    negativeIngredientIds,
    steps: products.map((c, index) => ({
      id: c.product.id,
      position: index + 1,
      stepType: c.stepType,
      product: { id: c.product.id, ingredients: c.ruleIngredients, name: c.product.name, use: c.product.use },
    })),
  };
}

export function compose(
  timeOfDay: 'morning' | 'evening',
  slots: Slot[],
  limit: number,
  ruleSet: RuleSet,
  /** A strong active (retinoid, acid, benzoyl peroxide) is in this routine: what could not be read stays out. */
  strongNight: boolean,
): Composed {
  const taken: Composed['steps'] = [];
  const rejected: Rejection[] = [];
  const used = new Set<string>();
  let findings = new Set<string>();
  for (const slot of slots) {
    let placed = false;
    let firstRejection: Rejection | null = null;
    for (const c of slot.options) {
      if (used.has(c.product.id)) {
        placed = true;
        break;
      }
      if (taken.length >= limit) {
        firstRejection ??= { productId: c.product.id, why: 'limit', finding: null };
        break;
      }
      if (strongNight && c.unreadable && !slot.prescribed) {
        firstRejection ??= { productId: c.product.id, why: 'reading', finding: null };
        continue;
      }
      const all = checkRoutine(engineRoutine(timeOfDay, [...taken.map((t) => t.c), c]), ruleSet);
      const added = all.filter((f) => !findings.has(findingKey(f)) && !TOLERATED_RULES.has(f.rule));
      if (added.length && !slot.prescribed) {
        firstRejection ??= { productId: c.product.id, why: 'rule', finding: added[0] };
        continue;
      }
      taken.push({ c, role: slot.role, prescribed: slot.prescribed });
      used.add(c.product.id);
      findings = new Set(all.map(findingKey));
      placed = true;
      break;
    }
    if (!placed && firstRejection) rejected.push(firstRejection);
  }
  // Layering order (I18); a stable sort keeps the priority order within one step type.
  const steps = taken
    .map((t, i) => ({ t, i }))
    .sort((a, b) => stepRank(a.t.c.stepType) - stepRank(b.t.c.stepType) || a.i - b.i)
    .map((x) => x.t);
  // Sunscreen is the last step of a morning whatever its category says (a tinted moisturiser with SPF).
  const protect = steps.findIndex((s) => s.role === 'protect');
  if (protect >= 0 && protect !== steps.length - 1) steps.push(...steps.splice(protect, 1));
  return { steps, rejected };
}
