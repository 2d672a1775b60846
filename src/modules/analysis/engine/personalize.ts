// How an analysed list suits one person: good / neutral / caution / avoid, with every reason.
// Pure. It combines the general skin-type verdicts (skin-types.ts) for the person's skin type and
// concerns with what only they can tell us: pregnancy and the ingredients they have marked.

import { evaluateSkinTypes, type SkinIngredient } from './skin-types.js';

export type PersonalVerdict = 'good' | 'neutral' | 'caution' | 'avoid';

/** Where a reason comes from. */
export type ReasonSource = 'skin_type' | 'concern' | 'pregnancy' | 'feeling';

export interface PersonalProfile {
  /** oily, dry, combination, normal or sensitive; null when not given. */
  skinType: string | null;
  /** acne, fungal_acne, rosacea, redness, dryness, aging, hyperpigmentation, large_pores, sensitivity */
  concerns: string[];
  pregnant: boolean;
}

export interface PersonalFeelings {
  /** Ingredient ids the person marked positive. */
  positive: Iterable<string>;
  /** Ingredient ids the person marked negative. */
  negative: Iterable<string>;
}

export interface PersonalReason<I> {
  verdict: Exclude<PersonalVerdict, 'neutral'>;
  source: ReasonSource;
  /** The skin type, concern, `pregnant`, or the feeling (positive/negative) behind the reason. */
  basis: string;
  reason: string;
  ingredient: I;
}

export interface Personalization<I> {
  verdict: PersonalVerdict;
  /** The skin-type profiles of skin-types.ts that were applied, e.g. ['oily', 'acne_prone']. */
  skinTypes: string[];
  /** Avoid first, then caution, then good; in list order within each. */
  reasons: Array<PersonalReason<I>>;
}

/** A skin type of the profile → the skin-type profile judging it. Normal skin has none. */
const SKIN_TYPE_PROFILES: Record<string, string | null> = {
  oily: 'oily',
  dry: 'dry',
  combination: 'combination',
  sensitive: 'sensitive',
  normal: null,
};

/** Concerns that are a skin-type profile of their own. Dryness reads as dry skin. */
const CONCERN_PROFILES: Record<string, string> = {
  acne: 'acne_prone',
  fungal_acne: 'fungal_acne_prone',
  rosacea: 'rosacea_prone',
  redness: 'rosacea_prone',
  sensitivity: 'sensitive',
  dryness: 'dry',
};

/** Concerns that no skin-type profile covers: what in a list works towards them (sources: data/flags-and-ratings.yaml). */
export const CONCERN_GOALS: Record<string, { reason: string; test: (i: SkinIngredient) => boolean }> = {
  aging: {
    reason: 'works against signs of aging',
    test: (i) => i.effects.includes('anti_aging') || i.groups.some((g) => ['retinoids', 'peptides'].includes(g)),
  },
  hyperpigmentation: {
    reason: 'evens tone and fades dark spots',
    test: (i) => i.effects.includes('brightening') || i.groups.includes('vitamin_c'),
  },
  large_pores: {
    reason: 'minimises the look of pores',
    test: (i) => i.effects.includes('pore_minimizing') || i.groups.includes('bhas'),
  },
};

const RANK: Record<PersonalReason<unknown>['verdict'], number> = { avoid: 0, caution: 1, good: 2 };

/**
 * The verdict is the worst reason: avoid > caution > good; no reason at all is neutral.
 * - A negative feeling on an ingredient of the list is an avoid: the person knows their skin.
 * - When pregnant, an ingredient advised against in pregnancy is an avoid.
 * - Their own experience outranks a general rule: a skin-type caution is waived for an
 *   ingredient they marked positive, and general reasons in favour of one they marked negative
 *   are dropped. Pregnancy is never waived.
 */
export function personalize<I extends SkinIngredient>(
  ingredients: I[],
  profile: PersonalProfile,
  feelings: PersonalFeelings,
): Personalization<I> {
  const positive = new Set(feelings.positive);
  const negative = new Set(feelings.negative);
  const reasons: Array<PersonalReason<I>> = [];

  // Which skin-type profiles apply, and on whose account (the skin type first, then each concern).
  const applied = new Map<string, { source: ReasonSource; basis: string }>();
  const skinTypeProfile = profile.skinType ? SKIN_TYPE_PROFILES[profile.skinType] : null;
  if (skinTypeProfile) applied.set(skinTypeProfile, { source: 'skin_type', basis: profile.skinType! });
  for (const concern of profile.concerns) {
    const name = CONCERN_PROFILES[concern];
    if (name && !applied.has(name)) applied.set(name, { source: 'concern', basis: concern });
  }

  for (const result of evaluateSkinTypes(ingredients)) {
    const on = applied.get(result.skinType);
    if (!on) continue;
    for (const { ingredient, reason } of result.caution) {
      if (!positive.has(ingredient.id))
        reasons.push({ verdict: 'caution', ...on, reason: `${result.label}: ${reason}`, ingredient });
    }
    for (const { ingredient, reason } of result.good) {
      if (!negative.has(ingredient.id))
        reasons.push({ verdict: 'good', ...on, reason: `${result.label}: ${reason}`, ingredient });
    }
  }
  for (const concern of profile.concerns) {
    const goal = CONCERN_GOALS[concern];
    if (!goal) continue;
    for (const ingredient of ingredients) {
      // A substance EU law prohibits (Annex II) is no reason in a product's favour (as in evaluateSkinTypes).
      if (goal.test(ingredient) && !negative.has(ingredient.id) && !ingredient.flags.includes('eu_prohibited'))
        reasons.push({ verdict: 'good', source: 'concern', basis: concern, reason: goal.reason, ingredient });
    }
  }
  for (const ingredient of ingredients) {
    if (profile.pregnant && ingredient.flags.includes('pregnancy_caution')) {
      reasons.push({
        verdict: 'avoid',
        source: 'pregnancy',
        basis: 'pregnant',
        reason: 'advised against during pregnancy',
        ingredient,
      });
    }
    if (negative.has(ingredient.id)) {
      reasons.push({
        verdict: 'avoid',
        source: 'feeling',
        basis: 'negative',
        reason: 'you marked this ingredient negative',
        ingredient,
      });
    } else if (positive.has(ingredient.id)) {
      reasons.push({
        verdict: 'good',
        source: 'feeling',
        basis: 'positive',
        reason: 'you marked this ingredient positive',
        ingredient,
      });
    }
  }

  const order = new Map(ingredients.map((ingredient, index) => [ingredient, index]));
  reasons.sort((a, b) => RANK[a.verdict] - RANK[b.verdict] || order.get(a.ingredient)! - order.get(b.ingredient)!);
  const worst = reasons[0]?.verdict;
  return { verdict: worst ?? 'neutral', skinTypes: [...applied.keys()], reasons };
}
