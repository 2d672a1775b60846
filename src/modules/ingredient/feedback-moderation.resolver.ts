import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { FeedbackKind, FeedbackStatus, IngredientFeedback } from './ingredient-feedback.entity.js';
import { IngredientFeedbackPage } from './ingredient-write.types.js';
import { acceptFeedback, dismissFeedback, feedbackQueue } from './feedback-moderation.service.js';
import { FeedbackChange } from './feedback-moderation.types.js';
import { IngredientCorrectionInput } from './feedback-moderation.input.js';

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
