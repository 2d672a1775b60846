// The caller's view of an analysis: their feelings on its ingredients, and a verdict for them
// from the pure engine (analysis/engine/personalize.ts).
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { Context } from '../../context.js';
import { getAnalysis } from '../analysis/analysis.service.js';
import { personalize } from '../analysis/engine/personalize.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { feelingsOn } from './feeling.service.js';
import { Sentiment, type IngredientFeeling } from './ingredient-feeling.entity.js';
import { skinProfileOf } from './skin-profile.service.js';
import { SkinProfile } from './skin-profile.types.js';
import { readAnalysis } from '../analysis/analysis-entries.js';
import { dosedIngredients } from '../analysis/list-reading.js';
import { mergeReasons, sensitivityReasons } from '../survey/engine/sensitivities.js';
type StoredProfile = ReturnType<typeof skinProfileOf>;

export enum PersonalVerdict {
  good = 'good',
  neutral = 'neutral',
  caution = 'caution',
  avoid = 'avoid',
}
registerEnumType(PersonalVerdict, {
  name: 'PersonalVerdict',
  description: 'How a list suits one person; the worst reason decides.',
});

@ObjectType({ description: 'One reason behind a personal verdict.' })
export class PersonalReason {
  @Field(() => PersonalVerdict, { description: 'avoid, caution or good' })
  verdict!: PersonalVerdict;

  @Field({ description: 'skin_type, concern, pregnancy or feeling' })
  source!: string;

  @Field({ description: 'The skin type or concern, `pregnant`, or the feeling (positive/negative) it comes from.' })
  basis!: string;

  @Field()
  reason!: string;

  @Field(() => Ingredient)
  ingredient!: Ingredient;
}

@ObjectType({ description: 'How an analysed list suits the caller, from their skin profile and ingredient feelings.' })
export class Personalization {
  @Field()
  token!: string;

  @Field(() => PersonalVerdict)
  verdict!: PersonalVerdict;

  @Field(() => [String], {
    description: 'The skin-type profiles applied (as in skin_calc), from the skin type and concerns.',
  })
  skinTypes!: string[];

  @Field(() => SkinProfile, { description: "The caller's profile the verdict used." })
  skinProfile!: SkinProfile;

  @Field(() => [PersonalReason], { description: 'Avoid first, then caution, then good; in list order within each.' })
  reasons!: PersonalReason[];
}

/** The caller's feelings on the ingredients of an analysis, in list order. */
export async function analysisFeelings(ctx: Context, token: string): Promise<IngredientFeeling[]> {
  const analysis = await getAnalysis(ctx.em, token);
  return feelingsOn(ctx.em, ctx.viewer!.id, analysis.ingredientIds);
}

type Dosed = ReturnType<typeof dosedIngredients>[number];

/**
 * Everything the person told us, applied to a list: skin type, concerns and pregnancy
 * (personalize), their ingredient feelings, and what the survey says their skin reacted to.
 */
export function personalVerdict(ingredients: Dosed[], profile: StoredProfile, feelings: IngredientFeeling[]) {
  const idsOf = (sentiment: Sentiment) => feelings.filter((f) => f.sentiment === sentiment).map((f) => f.ingredient.id);
  const positive = idsOf(Sentiment.positive);
  const result = personalize(ingredients, profile, { positive, negative: idsOf(Sentiment.negative) });
  const merged = mergeReasons<
    Dosed,
    { verdict: 'avoid' | 'caution' | 'good'; source: string; basis: string; reason: string; ingredient: Dosed }
  >(ingredients, [...result.reasons, ...sensitivityReasons(ingredients, profile.sensitivities, positive)]);
  return {
    verdict: merged.verdict as PersonalVerdict,
    skinTypes: result.skinTypes,
    reasons: merged.reasons.map((r) => ({ ...r, verdict: r.verdict as PersonalVerdict })),
  };
}

export async function personalizeAnalysis(ctx: Context, token: string): Promise<Personalization> {
  const analysis = await getAnalysis(ctx.em, token);
  // As read at their dose and in this kind of product (a rinse-off salicylate is no pregnancy avoid).
  const ingredients = dosedIngredients((await readAnalysis(ctx, analysis)).reading);
  const feelings = await feelingsOn(ctx.em, ctx.viewer!.id, analysis.ingredientIds);
  const profile = skinProfileOf(ctx.viewer!);
  return { token, skinProfile: profile, ...personalVerdict(ingredients, profile, feelings) };
}
