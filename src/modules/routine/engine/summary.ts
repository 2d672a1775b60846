// A routine step by step: each product's key actives, flags and effects, and the routine's
// totals. Pure: plain steps in, plain summary out.
import type { EngineIngredient, EngineStep } from './compatibility.js';

/** Groups that make an ingredient a key active of a product. */
export const ACTIVE_GROUPS = [
  'retinoids',
  'ahas',
  'bhas',
  'phas',
  'vitamin_c',
  'niacinamide',
  'ceramides',
  'peptides',
  'copper_peptides',
  'hyaluronic_acid',
  'benzoyl_peroxide',
  'chemical_uv_filters',
  'mineral_uv_filters',
  'exfoliating_enzymes',
] as const;

export interface KeyActive {
  ingredient: EngineIngredient;
  groups: string[];
}

export interface StepSummary {
  step: EngineStep;
  keyActives: KeyActive[];
  flags: string[];
  effects: string[];
}

export interface Tally {
  name: string;
  steps: number;
}

export interface RoutineTotals {
  steps: number;
  stepsWithProduct: number;
  distinctIngredients: number;
  keyActives: Tally[];
  flags: Tally[];
  effects: Tally[];
}

const active = new Set<string>(ACTIVE_GROUPS);

function tally(lists: string[][]): Tally[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const name of new Set(list)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .map(([name, steps]) => ({ name, steps }))
    .sort((a, b) => b.steps - a.steps || a.name.localeCompare(b.name));
}

export function summarizeRoutine(steps: EngineStep[]): { steps: StepSummary[]; totals: RoutineTotals } {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  const summaries = ordered.map((step): StepSummary => {
    const ingredients = step.product?.ingredients ?? [];
    return {
      step,
      keyActives: ingredients.flatMap((ingredient) => {
        const groups = ingredient.groups.filter((g) => active.has(g));
        return groups.length ? [{ ingredient, groups }] : [];
      }),
      flags: [...new Set(ingredients.flatMap((i) => i.flags))].sort(),
      effects: [...new Set(ingredients.flatMap((i) => i.effects))].sort(),
    };
  });
  return {
    steps: summaries,
    totals: {
      steps: ordered.length,
      stepsWithProduct: ordered.filter((s) => s.product).length,
      distinctIngredients: new Set(ordered.flatMap((s) => s.product?.ingredients.map((i) => i.id) ?? [])).size,
      keyActives: tally(summaries.map((s) => s.keyActives.flatMap((a) => a.groups))),
      flags: tally(summaries.map((s) => s.flags)),
      effects: tally(summaries.map((s) => s.effects)),
    },
  };
}
