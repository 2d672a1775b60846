import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { feelingsOwner, getFeeling, getFeelingOn, listFeelings, removeFeeling, setFeeling } from './feeling.service.js';
import { IngredientFeeling, Sentiment } from './ingredient-feeling.entity.js';
import { IngredientFeelingPage } from './feeling.types.js';

const sentimentArg = { nullable: true, description: 'Only positive or only negative feelings.' } as const;

@Resolver(() => IngredientFeeling)
export class IngredientFeelingResolver {
  // Queries
  @Authorized()
  @Query(() => IngredientFeelingPage, { description: "The caller's ingredient feelings, most recently changed first." })
  myIngredientFeelings(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('sentiment', () => Sentiment, sentimentArg) sentiment?: Sentiment | null,
  ) {
    return listFeelings(ctx.em, ctx.viewer!.id, sentiment, page);
  }

  @Authorized()
  @Query(() => IngredientFeeling, {
    description: "The caller's feeling on one ingredient (NOT_FOUND when there is none).",
  })
  myIngredientFeeling(
    @Arg('ingredient', { description: 'Ingredient id or alias.' }) ingredient: string,
    @Ctx() ctx: Context,
  ) {
    return getFeelingOn(ctx.em, ctx.viewer!.id, ingredient);
  }

  @Query(() => IngredientFeeling, {
    description: "One feeling by id: to anyone when its user's feelings are public, else to the user and admins.",
  })
  ingredientFeeling(@Arg('id') id: string, @Ctx() ctx: Context) {
    return getFeeling(ctx.em, id, ctx.viewer);
  }

  @Query(() => IngredientFeelingPage, {
    description: "A user's ingredient feelings, when public (or to the user and admins).",
  })
  async userIngredientFeelings(
    @Arg('idOrUsername') idOrUsername: string,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('sentiment', () => Sentiment, sentimentArg) sentiment?: Sentiment | null,
  ) {
    const owner = await feelingsOwner(ctx.em, idOrUsername, ctx.viewer);
    return listFeelings(ctx.em, owner.id, sentiment, page);
  }

  @Query(() => IngredientFeeling, {
    description: "A user's feeling on one ingredient, when public (or to the user and admins).",
  })
  async userIngredientFeeling(
    @Arg('idOrUsername') idOrUsername: string,
    @Arg('ingredient', { description: 'Ingredient id or alias.' }) ingredient: string,
    @Ctx() ctx: Context,
  ) {
    const owner = await feelingsOwner(ctx.em, idOrUsername, ctx.viewer);
    return getFeelingOn(ctx.em, owner.id, ingredient);
  }

  // Mutations
  @Authorized()
  @Mutation(() => IngredientFeeling, {
    description: 'Marks an ingredient positive or negative for the caller (replacing the other sentiment).',
  })
  setIngredientFeeling(
    @Arg('idOrAlias') idOrAlias: string,
    @Arg('sentiment', () => Sentiment) sentiment: Sentiment,
    @Ctx() ctx: Context,
  ) {
    return setFeeling(ctx.em, idOrAlias, ctx.viewer!, sentiment);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Removes the caller's feeling on an ingredient; true also when there was none.",
  })
  removeIngredientFeeling(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return removeFeeling(ctx.em, idOrAlias, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Ingredient)
  async ingredient(@Root() feeling: IngredientFeeling, @Ctx() ctx: Context): Promise<Ingredient> {
    return (await ctx.loaders.ingredientById.load(feeling.ingredient.id))!;
  }

  @FieldResolver(() => User, { description: 'Whose feeling it is (public profile).' })
  async user(@Root() feeling: IngredientFeeling, @Ctx() ctx: Context): Promise<User> {
    return (await ctx.loaders.userById.load(feeling.user.id))!;
  }
}
