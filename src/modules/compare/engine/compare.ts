// Ingredient-level comparison of 2-5 lists: what they share, what only each has, and their
// flags, effects and free-of rules side by side. Pure: plain data in, plain data out.
import { RULES } from '../../analysis/engine/rules.js';

export interface CompareIngredient {
  id: string;
  /** Its flags in this item: as the analysis reads them there (dose, product type), not the catalogue's. */
  flags: string[];
  effects: string[];
}

export interface CompareItem {
  key: string;
  /** Matched ingredients in label order (an ingredient printed twice is kept once, with the flags of both). */
  ingredients: CompareIngredient[];
  /** Part of its list could not be read: a rule nothing read breaks cannot be judged (unknown). */
  unread?: boolean;
}

/** A free-of rule for one item: broken by an ingredient, passed, or not to be judged (an unread entry). */
export type RuleAnswer = 'passes' | 'fails' | 'unknown';

export interface SideBySide {
  /** The flag, effect or rule. */
  name: string;
  /** One entry per item, in item order. */
  present: boolean[];
  /** Per item, the ingredient ids behind it (for rules: the ones that break it). */
  ingredientIds: string[][];
  /** Rules only: per item, passes, fails or unknown. */
  answers?: RuleAnswer[];
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
  const seen = new Map<string, CompareIngredient>();
  for (const i of ingredients) {
    const first = seen.get(i.id);
    if (!first) seen.set(i.id, i);
    else if (i.flags.some((f) => !first.flags.includes(f)))
      seen.set(i.id, { ...first, flags: [...new Set([...first.flags, ...i.flags])] });
  }
  return [...seen.values()];
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
    const answers = ingredientIds.map(
      (ids, n): RuleAnswer => (ids.length ? 'fails' : input[n].unread ? 'unknown' : 'passes'),
    );
    return { name: rule, present: answers.map((a) => a === 'passes'), ingredientIds, answers };
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
