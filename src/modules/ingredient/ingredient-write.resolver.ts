import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs, paginate } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { Ingredient } from './ingredient.entity.js';
import { FeedbackKind, IngredientFeedback } from './ingredient-feedback.entity.js';
import { getIngredient } from './ingredient.service.js';
import { createIngredient, submitFeedback } from './ingredient-write.service.js';
import { IngredientFeedbackPage } from './ingredient-write.types.js';
import { IngredientInput } from './ingredient-write.input.js';

@Resolver(() => IngredientFeedback)
export class IngredientWriteResolver {
  // Queries
  @Authorized()
  @Query(() => IngredientFeedbackPage, {
    description: "The caller's feedback, newest first; optionally on one ingredient.",
  })
  async myIngredientFeedback(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('ingredient', () => String, { nullable: true, description: 'Ingredient id or alias.' }) ingredient?:
      | string
      | null,
  ) {
    const where = ingredient
      ? { user: ctx.viewer!.id, ingredient: (await getIngredient(ctx.em, ingredient)).id }
      : { user: ctx.viewer!.id };
    return paginate(ctx.em, IngredientFeedback, where, { createdAt: 'desc', id: 'desc' }, page);
  }

  // Mutations
  @Authorized(UserType.moderator)
  @Mutation(() => Ingredient, { description: 'Adds an ingredient to the knowledge base (moderators and admins).' })
  createIngredient(@Arg('input') input: IngredientInput, @Ctx() ctx: Context) {
    return createIngredient(ctx.em, input);
  }

  @Authorized()
  @Mutation(() => IngredientFeedback, { description: 'Reports a reaction to, or a correction of, an ingredient.' })
  submitIngredientFeedback(
    @Arg('idOrAlias') idOrAlias: string,
    @Arg('kind', () => FeedbackKind) kind: FeedbackKind,
    @Arg('message') message: string,
    @Ctx() ctx: Context,
  ) {
    return submitFeedback(ctx.em, idOrAlias, ctx.viewer!, kind, message);
  }

  // Field resolvers
  @FieldResolver(() => Ingredient)
  async ingredient(@Root() feedback: IngredientFeedback, @Ctx() ctx: Context): Promise<Ingredient> {
    return (await ctx.loaders.ingredientById.load(feedback.ingredient.id))!;
  }
}
