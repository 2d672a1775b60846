import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { IngredientFeeling } from '../feeling/ingredient-feeling.entity.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { markSuspectsNegative, reactionSuspects } from './detective.service.js';
import { ProductReaction, ReactionOutcome } from './product-reaction.entity.js';
import { deleteReaction, listReactions, ownReaction, recordReaction, updateReaction } from './reaction.service.js';
import { ProductReactionPage, ReactionSuspects } from './reaction.types.js';

const dateArg = { nullable: true, description: 'YYYY-MM-DD, not in the future (default today).' } as const;

@Resolver(() => ProductReaction)
export class ReactionResolver {
  // Queries
  @Authorized()
  @Query(() => ProductReactionPage, { description: "The caller's reactions, latest day first." })
  myReactions(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('outcome', () => ReactionOutcome, { nullable: true }) outcome?: ReactionOutcome | null,
  ) {
    return listReactions(ctx.em, ctx.viewer!, outcome, page);
  }

  @Authorized()
  @Query(() => ProductReaction, { description: "One of the caller's reactions (NOT_FOUND for anyone else's)." })
  myReaction(@Arg('id') id: string, @Ctx() ctx: Context) {
    return ownReaction(ctx.em, ctx.viewer!, id);
  }

  @Authorized()
  @Query(() => ReactionSuspects, {
    description:
      "The reaction detective: which ingredients or groups the caller's bad reactions point at, with the evidence, or a status saying why nothing can be said yet.",
  })
  reactionSuspects(
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { nullable: true, description: 'Suspects to list, 1-50 (default 10).' }) limit?:
      | number
      | null,
  ) {
    return reactionSuspects(ctx, limit);
  }

  // Mutations
  @Authorized()
  @Mutation(() => ProductReaction, {
    description:
      'Records how a product (or an analysed list) went. One per product and day: the same day again replaces the ' +
      'outcome and note.',
  })
  recordReaction(
    @Arg('outcome', () => ReactionOutcome) outcome: ReactionOutcome,
    @Ctx() ctx: Context,
    @Arg('product', () => String, { nullable: true, description: 'Product id or alias.' }) product?: string | null,
    @Arg('analysis', () => String, { nullable: true, description: 'Or the token of an analysed list.' }) analysis?:
      | string
      | null,
    @Arg('date', () => String, dateArg) date?: string | null,
    @Arg('note', () => String, { nullable: true, description: 'At most 1,000 characters.' }) note?: string | null,
  ) {
    return recordReaction(ctx.em, ctx.viewer!, { product, analysis, outcome, date, note });
  }

  @Authorized()
  @Mutation(() => ProductReaction, {
    description: "Changes a reaction of the caller's; omitted fields stay, note null clears it.",
  })
  updateReaction(
    @Arg('id') id: string,
    @Ctx() ctx: Context,
    @Arg('outcome', () => ReactionOutcome, { nullable: true }) outcome?: ReactionOutcome | null,
    @Arg('date', () => String, { nullable: true, description: 'YYYY-MM-DD, not in the future.' }) date?: string | null,
    @Arg('note', () => String, { nullable: true }) note?: string | null,
  ) {
    return updateReaction(ctx.em, ctx.viewer!, id, { outcome, date, note });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Deletes a reaction of the caller's." })
  deleteReaction(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteReaction(ctx.em, ctx.viewer!, id);
  }

  @Authorized()
  @Mutation(() => [IngredientFeeling], {
    description:
      "Marks reaction suspects as the caller's negative ingredient feelings, in one step: the suspects named by `ids` (ingredient ids; a group name marks each of its members found in bad products), else the `top` ones (default 1). CONFLICT when the detective has no suspect; a low-confidence suspect needs confirmLowConfidence: true.",
  })
  markReactionSuspectsNegative(
    @Ctx() ctx: Context,
    @Arg('ids', () => [String], { nullable: true }) ids?: string[] | null,
    @Arg('top', () => Int, { nullable: true, description: '1-10.' }) top?: number | null,
    @Arg('confirmLowConfidence', () => Boolean, {
      nullable: true,
      description:
        'Required (true) to mark a suspect of low confidence: without it such a request is a 400 (VALIDATION_FAILED, field confirm_low_confidence) naming the suspects, and nothing is written.',
    })
    confirmLowConfidence?: boolean | null,
  ) {
    return markSuspectsNegative(ctx, ids, top, confirmLowConfidence ?? false);
  }

  // Field resolvers
  @FieldResolver(() => Product, { nullable: true, description: 'The product rated (null when an analysed list was).' })
  async product(@Root() reaction: ProductReaction, @Ctx() ctx: Context): Promise<Product | null> {
    return reaction.product ? ctx.loaders.productById.load(reaction.product.id) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The token of the analysed list rated.' })
  async analysisToken(@Root() reaction: ProductReaction, @Ctx() ctx: Context): Promise<string | null> {
    return reaction.analysis
      ? ((await ctx.loaders.reactionAnalysisById.load(reaction.analysis.id))?.token ?? null)
      : null;
  }
}
