// What the survey's "has your skin reacted badly to…" answers mean for a list of ingredients:
// a caution on each ingredient that belongs to something the person reacted to. Pure.

export interface SensitiveIngredient {
  id: string;
  alias?: string;
  flags: string[];
  groups: string[];
}

interface Trigger {
  reason: string;
  test: (i: SensitiveIngredient) => boolean;
}

const has = (list: string[], ...names: string[]): boolean => names.some((n) => list.includes(n));

/** The survey's sensitivity answers (data/survey.yaml) → which ingredients they concern. */
export const SENSITIVITY_TRIGGERS: Record<string, Trigger> = {
  fragrance: { reason: 'fragrance, which your skin reacted to', test: (i) => has(i.flags, 'fragrance', 'eu_allergen') },
  essential_oils: {
    reason: 'an essential oil, which your skin reacted to',
    test: (i) => has(i.flags, 'essential_oil') || has(i.groups, 'essential_oils'),
  },
  alcohol: {
    reason: 'a drying alcohol, which your skin reacted to',
    test: (i) => has(i.flags, 'drying_alcohol') || has(i.groups, 'drying_alcohols'),
  },
  sulfates: {
    reason: 'a sulfate, which your skin reacted to',
    test: (i) => has(i.flags, 'sulfate') || has(i.groups, 'sulfates'),
  },
  chemical_sunscreen: {
    reason: 'a chemical UV filter, which your skin reacted to',
    test: (i) => has(i.groups, 'chemical_uv_filters'),
  },
  acids: { reason: 'an exfoliating acid, which your skin reacted to', test: (i) => has(i.groups, 'ahas', 'bhas') },
  retinoids: { reason: 'a retinoid, which your skin reacted to', test: (i) => has(i.groups, 'retinoids') },
  lanolin: { reason: 'lanolin, which your skin reacted to', test: (i) => (i.alias ?? '').includes('lanolin') },
};

export interface SensitivityReason<I> {
  verdict: 'caution';
  source: 'sensitivity';
  /** The survey answer, e.g. fragrance. */
  basis: string;
  reason: string;
  ingredient: I;
}

/**
 * One caution per ingredient and sensitivity it triggers, in list order. An ingredient the person
 * marked positive is spared: their own experience outranks the general answer.
 */
export function sensitivityReasons<I extends SensitiveIngredient>(
  ingredients: I[],
  sensitivities: string[],
  positive: Iterable<string> = [],
): Array<SensitivityReason<I>> {
  const spared = new Set(positive);
  const reasons: Array<SensitivityReason<I>> = [];
  for (const ingredient of ingredients) {
    if (spared.has(ingredient.id)) continue;
    for (const sensitivity of sensitivities) {
      const trigger = SENSITIVITY_TRIGGERS[sensitivity];
      if (trigger?.test(ingredient))
        reasons.push({
          verdict: 'caution',
          source: 'sensitivity',
          basis: sensitivity,
          reason: `Contains ${trigger.reason}`,
          ingredient,
        });
    }
  }
  return reasons;
}

const RANK = { avoid: 0, caution: 1, good: 2 } as const;

/** Merges extra reasons into a verdict's: avoid first, then caution, then good, in list order; the worst decides. */
export function mergeReasons<I, R extends { verdict: keyof typeof RANK; ingredient: I }>(
  ingredients: I[],
  reasons: R[],
): { verdict: keyof typeof RANK | 'neutral'; reasons: R[] } {
  const order = new Map(ingredients.map((ingredient, index) => [ingredient, index]));
  const sorted = [...reasons].sort(
    (a, b) => RANK[a.verdict] - RANK[b.verdict] || (order.get(a.ingredient) ?? 0) - (order.get(b.ingredient) ?? 0),
  );
  return { verdict: sorted[0]?.verdict ?? 'neutral', reasons: sorted };
}
