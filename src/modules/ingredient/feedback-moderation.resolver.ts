import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { FeedbackKind, FeedbackStatus, IngredientFeedback } from './ingredient-feedback.entity.js';
import { IngredientFeedbackPage } from './ingredient-write.resolver.js';
import { acceptFeedback, dismissFeedback, feedbackQueue } from './feedback-moderation.service.js';

@InputType({ description: 'What accepting feedback changes on its ingredient; fields left out stay as they are.' })
export class IngredientCorrectionInput {
  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String], { nullable: true })
  addOtherNames?: string[] | null;

  @Field(() => [String], { nullable: true })
  removeOtherNames?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the functions (vocabulary values).' })
  functions?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the effects.' })
  effects?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the flags.' })
  flags?: string[] | null;

  @Field(() => Int, { nullable: true })
  comedogenic?: number | null;

  @Field(() => Int, { nullable: true })
  irritancy?: number | null;

  @Field(() => String, { nullable: true, description: 'fulton-1989, fulton-1976 or community' })
  ratingSource?: string | null;
}

@ObjectType({ description: 'One field an accepted correction changed (values as JSON).' })
export class FeedbackChange {
  @Field()
  field!: string;

  @Field({ description: 'The value before, as JSON.' })
  from!: string;

  @Field({ description: 'The value after, as JSON.' })
  to!: string;
}

@Resolver(() => IngredientFeedback)
export class FeedbackModerationResolver {
  // Queries
  @Authorized()
  @Query(() => IngredientFeedbackPage, {
    description: "Moderators' queue of ingredient feedback: open by default, oldest first (moderators and admins).",
  })
  ingredientFeedbackQueue(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('status', () => FeedbackStatus, { defaultValue: FeedbackStatus.open }) status: FeedbackStatus,
    @Arg('kind', () => FeedbackKind, { nullable: true }) kind?: FeedbackKind | null,
  ) {
    return feedbackQueue(ctx.em, ctx.viewer!, status, kind, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => IngredientFeedback, {
    description:
      'Accepts open feedback as a correction, applied to its ingredient in the same transaction (moderators and ' +
      'admins).',
  })
  acceptIngredientFeedback(
    @Arg('id', () => ID) id: string,
    @Arg('correction', () => IngredientCorrectionInput) correction: IngredientCorrectionInput,
    @Ctx() ctx: Context,
    @Arg('note', () => String, { nullable: true, description: 'Shown to the author.' }) note?: string | null,
  ) {
    return acceptFeedback(ctx.em, id, ctx.viewer!, correction, note);
  }

  @Authorized()
  @Mutation(() => IngredientFeedback, {
    description: 'Dismisses open feedback with a reason shown to its author (moderators and admins).',
  })
  dismissIngredientFeedback(@Arg('id', () => ID) id: string, @Arg('reason') reason: string, @Ctx() ctx: Context) {
    return dismissFeedback(ctx.em, id, ctx.viewer!, reason);
  }

  // Field resolvers
  @FieldResolver(() => User, { nullable: true, description: 'The moderator who reviewed it.' })
  reviewedBy(@Root() feedback: IngredientFeedback, @Ctx() ctx: Context) {
    return feedback.reviewedBy ? ctx.loaders.userById.load(feedback.reviewedBy.id) : null;
  }

  @FieldResolver(() => User, { description: 'Who sent it (moderators read the queue; authors read their own).' })
  author(@Root() feedback: IngredientFeedback, @Ctx() ctx: Context) {
    return ctx.loaders.userById.load(feedback.user.id);
  }

  @FieldResolver(() => [FeedbackChange], { description: 'What an accepted correction changed; empty otherwise.' })
  appliedChanges(@Root() feedback: IngredientFeedback): FeedbackChange[] {
    return Object.entries(feedback.appliedChanges ?? {}).map(([field, c]) => ({
      field,
      from: JSON.stringify(c.from ?? null),
      to: JSON.stringify(c.to ?? null),
    }));
  }
}
