// How good a label looks on paper, 0..1: how much of it we recognise, how many free-of rules
// it keeps, and how many different benefits it brings. Pure.
import { evaluateRules, type RuleIngredient } from './rules.js';

export interface QualityIngredient extends RuleIngredient {
  effects: string[];
}

export function labelQuality(entries: number, ingredients: QualityIngredient[]): number {
  if (entries === 0) return 0;
  const recognised = Math.min(1, ingredients.length / entries);
  const rules = evaluateRules(ingredients);
  const kept = rules.filter((r) => r.passes).length / rules.length;
  const benefits = Math.min(1, new Set(ingredients.flatMap((i) => i.effects)).size / 5);
  return 0.4 * recognised + 0.3 * kept + 0.3 * benefits;
}

/** Favourites count with diminishing returns; quality breaks ties among the unloved. */
export const bestInScore = (favourites: number, quality: number): number => 0.5 * Math.log1p(favourites) + quality;
