import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context.js';
import { Page, PageArgs, paginate } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { Ingredient } from './ingredient.entity.js';
import { FeedbackKind, IngredientFeedback } from './ingredient-feedback.entity.js';
import { getIngredient } from './ingredient.service.js';
import { createIngredient, submitFeedback } from './ingredient-write.service.js';

@InputType({
  description: 'A new ingredient. Functions, effects, flags and groups come from the published vocabulary.',
})
export class IngredientInput {
  @Field({ description: 'The INCI name.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Lowercase slug; defaults to one made from the name.' })
  alias?: string | null;

  @Field(() => [String], { nullable: true })
  otherNames?: string[] | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String])
  functions!: string[];

  @Field(() => [String], { nullable: true })
  effects?: string[] | null;

  @Field(() => [String], { nullable: true })
  flags?: string[] | null;

  @Field(() => [String], { nullable: true })
  groups?: string[] | null;

  @Field(() => Int, { nullable: true })
  comedogenic?: number | null;

  @Field(() => Int, { nullable: true })
  irritancy?: number | null;

  @Field(() => String, { nullable: true, description: 'fulton-1989, fulton-1976 or community' })
  ratingSource?: string | null;

  @Field(() => String, { nullable: true })
  casNumber?: string | null;
}

@ObjectType()
export class IngredientFeedbackPage extends Page(IngredientFeedback) {}

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
