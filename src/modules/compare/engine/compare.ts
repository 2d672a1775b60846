// Ingredient-level comparison of 2-5 lists: what they share, what only each has, and their
// flags, effects and free-of rules side by side. Pure: plain data in, plain data out.
import { RULES } from '../../analysis/engine/rules.js';

export interface CompareIngredient {
  id: string;
  flags: string[];
  effects: string[];
}

export interface CompareItem {
  key: string;
  /** Matched ingredients in label order (duplicates are kept once). */
  ingredients: CompareIngredient[];
}

export interface SideBySide {
  /** The flag, effect or rule. */
  name: string;
  /** One entry per item, in item order. */
  present: boolean[];
  /** Per item, the ingredient ids behind it (for rules: the ones that break it). */
  ingredientIds: string[][];
}

export interface Comparison {
  /** Ingredient ids in every item, in the first item's label order. */
  shared: string[];
  /** Per item, in item order: ingredient ids no other item has, in its label order. */
  onlyIn: string[][];
  /** Per pair of items: the share of their union they have in common (Jaccard, 0-1). */
  overlap: Array<{ a: number; b: number; jaccard: number }>;
  flags: SideBySide[];
  effects: SideBySide[];
  /** Per rule: `present` is whether each item passes it. */
  rules: SideBySide[];
}

export const MIN_ITEMS = 2;
export const MAX_ITEMS = 5;

const unique = (ingredients: CompareIngredient[]): CompareIngredient[] => {
  const seen = new Set<string>();
  return ingredients.filter((i) => {
    if (seen.has(i.id)) return false;
    seen.add(i.id);
    return true;
  });
};

function sideBySide(items: CompareIngredient[][], valuesOf: (i: CompareIngredient) => string[]): SideBySide[] {
  const names = [...new Set(items.flatMap((list) => list.flatMap(valuesOf)))].sort();
  return names.map((name) => {
    const ingredientIds = items.map((list) => list.filter((i) => valuesOf(i).includes(name)).map((i) => i.id));
    return { name, present: ingredientIds.map((ids) => ids.length > 0), ingredientIds };
  });
}

export function compareItems(input: CompareItem[]): Comparison {
  if (input.length < MIN_ITEMS || input.length > MAX_ITEMS)
    throw new RangeError(`compare takes ${MIN_ITEMS} to ${MAX_ITEMS} items`);
  const items = input.map((item) => unique(item.ingredients));
  const sets = items.map((list) => new Set(list.map((i) => i.id)));
  const shared = items[0].filter((i) => sets.every((s) => s.has(i.id))).map((i) => i.id);
  const onlyIn = items.map((list, index) =>
    list.filter((i) => sets.every((s, j) => j === index || !s.has(i.id))).map((i) => i.id),
  );
  const overlap: Comparison['overlap'] = [];
  for (let a = 0; a < sets.length; a++) {
    for (let b = a + 1; b < sets.length; b++) {
      const common = [...sets[a]].filter((id) => sets[b].has(id)).length;
      const union = sets[a].size + sets[b].size - common;
      overlap.push({ a, b, jaccard: union ? Math.round((common / union) * 1000) / 1000 : 0 });
    }
  }
  const rules = RULES.map(({ rule, brokenBy }) => {
    const ingredientIds = items.map((list) =>
      list.filter((i) => i.flags.some((f) => brokenBy.includes(f))).map((i) => i.id),
    );
    return { name: rule, present: ingredientIds.map((ids) => ids.length === 0), ingredientIds };
  });
  return {
    shared,
    onlyIn,
    overlap,
    flags: sideBySide(items, (i) => i.flags),
    effects: sideBySide(items, (i) => i.effects),
    rules,
  };
}
