// Which routine steps a product can fill, and at what time of day. Pure: the product's
// category step and its ingredients in, candidate steps with reasons out. The category decides
// the kind (a sunscreen's emollients do not make it a moisturiser); the ingredient rules decide
// the kind only for a product without a category step, and the time of day always.
import { stepInWords } from './steps.js';

export type TimeOfDay = 'am' | 'pm';

export interface CandidateIngredient {
  name: string;
  groups: string[];
  effects: string[];
  functions: string[];
}

export interface StepCandidate {
  stepType: string;
  timesOfDay: TimeOfDay[];
  reasons: string[];
}

interface Rule {
  stepType: string;
  times: TimeOfDay[];
  /** Ingredients that make the product fit this step, and why. */
  when: (i: CandidateIngredient, position: number) => string | null;
}

const inGroup = (i: CandidateIngredient, ...groups: string[]) => i.groups.some((g) => groups.includes(g));

const RULES: Rule[] = [
  {
    stepType: 'protect',
    times: ['am'],
    when: (i) =>
      inGroup(i, 'chemical_uv_filters', 'mineral_uv_filters') && i.effects.includes('uv_protecting')
        ? `${i.name} is a UV filter`
        : null,
  },
  {
    stepType: 'treat',
    times: ['pm'],
    when: (i) =>
      inGroup(i, 'retinoids') ? `${i.name} is a retinoid: evenings, as sunlight degrades it and sensitises skin` : null,
  },
  {
    stepType: 'exfoliate',
    times: ['pm'],
    when: (i) =>
      inGroup(i, 'ahas', 'bhas', 'phas', 'exfoliating_enzymes')
        ? `${i.name} exfoliates: evenings, then sunscreen the next morning`
        : null,
  },
  {
    stepType: 'treat',
    times: ['am'],
    when: (i) =>
      inGroup(i, 'vitamin_c') ? `${i.name} is vitamin C: mornings, under sunscreen, for antioxidant protection` : null,
  },
  {
    stepType: 'treat',
    times: ['am', 'pm'],
    when: (i) =>
      inGroup(i, 'benzoyl_peroxide', 'niacinamide', 'peptides', 'copper_peptides')
        ? `${i.name} is a treatment active`
        : null,
  },
  {
    stepType: 'cleanse',
    times: ['am', 'pm'],
    when: (i, position) =>
      position <= 4 && i.functions.some((f) => f === 'cleansing' || f === 'surfactant')
        ? `${i.name} is a cleansing agent high on the list`
        : null,
  },
  {
    stepType: 'moisturise',
    times: ['am', 'pm'],
    when: (i, position) =>
      position <= 6 && i.functions.some((f) => f === 'emollient' || f === 'occlusive')
        ? `${i.name} is an emollient high on the list`
        : null,
  },
];

export function routineCandidates(
  categoryStep: { stepType: string | null; name: string } | null,
  ingredients: CandidateIngredient[],
): StepCandidate[] {
  const byStep = new Map<string, StepCandidate>();
  const add = (stepType: string, times: TimeOfDay[], reason: string) => {
    const candidate = byStep.get(stepType) ?? { stepType, timesOfDay: [], reasons: [] };
    // Times narrow: a retinoid treatment is an evening step even if other actives suit both.
    candidate.timesOfDay = candidate.timesOfDay.length
      ? candidate.timesOfDay.filter((t) => times.includes(t))
      : [...times];
    if (candidate.timesOfDay.length === 0) candidate.timesOfDay = ['pm'];
    if (!candidate.reasons.includes(reason)) candidate.reasons.push(reason);
    byStep.set(stepType, candidate);
  };
  const kind = categoryStep?.stepType ?? null;
  if (kind) add(kind, ['am', 'pm'], `its category, ${categoryStep!.name}, is ${stepInWords(kind)}`);
  ingredients.forEach((ingredient, index) => {
    for (const rule of RULES) {
      const reason = rule.when(ingredient, index + 1);
      if (!reason) continue;
      if (!kind) add(rule.stepType, rule.times, reason);
      // Of a known kind, an active still sets the time of day (a retinol night cream is an evening moisturiser).
      else if (rule.stepType === kind || rule.times.length < 2) add(kind, rule.times, reason);
    }
  });
  // By how many reasons support each step.
  return [...byStep.values()].sort((a, b) => b.reasons.length - a.reasons.length);
}
