import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { IngredientFeelingPage } from './feeling.types.js';
import { analysisFeelings, Personalization, personalizeAnalysis } from './personalization.js';

/** The two signed-in views of an analysis: GET /analyze/:token/ingredient_feelings and /personalize. */
@Resolver(() => Personalization)
export class PersonalizationResolver {
  // Queries
  @Authorized()
  @Query(() => IngredientFeelingPage, {
    description: "The caller's feelings on the ingredients of an analysis, in list order (one page).",
  })
  async analysisIngredientFeelings(@Arg('token') token: string, @Ctx() ctx: Context): Promise<IngredientFeelingPage> {
    return { items: await analysisFeelings(ctx, token), nextCursor: null };
  }

  @Authorized()
  @Query(() => Personalization, {
    description:
      'Good, neutral, caution or avoid for the caller, from their skin profile, pregnancy and feelings, with the ' +
      'reasons.',
  })
  analysisPersonalize(@Arg('token') token: string, @Ctx() ctx: Context): Promise<Personalization> {
    return personalizeAnalysis(ctx, token);
  }
}
