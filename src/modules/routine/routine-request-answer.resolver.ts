import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { answerRoutineRequest, routineRequestsForExpert } from './routine-request-answer.service.js';
import { RoutineRequest, RoutineRequestAnswer } from './routine-request.entity.js';
import { Routine } from './routine.entity.js';
import { RoutineRequestPage } from './routine.types.js';

@Resolver(() => RoutineRequestAnswer)
export class RoutineRequestAnswerResolver {
  // Queries
  @Authorized()
  @Query(() => RoutineRequestPage, {
    description:
      'Open routine requests in the interest groups the calling expert covers (their supergroups; all when they ' +
      'joined none), oldest first; not their own, not those they answered (experts and admins).',
  })
  routineRequestsForMe(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('supergroup', () => String, {
      nullable: true,
      description: 'Only requests in this group (one the expert covers).',
    })
    supergroup?: string | null,
    @Arg('includeAnswered', () => Boolean, {
      nullable: true,
      description: 'Also requests another expert has answered.',
    })
    includeAnswered?: boolean | null,
  ) {
    return routineRequestsForExpert(ctx.em, ctx.viewer!, { supergroup, includeAnswered }, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => RoutineRequestAnswer, {
    description:
      "Answers a routine request with one of the expert's published routines; the requester is told by e-mail and reads it in myRoutineRequests (experts and admins; once per request).",
  })
  answerRoutineRequest(
    @Arg('requestId', () => ID) requestId: string,
    @Arg('routineId', () => ID) routineId: string,
    @Ctx() ctx: Context,
    @Arg('note', () => String, { nullable: true }) note?: string | null,
  ) {
    return answerRoutineRequest(ctx, requestId, ctx.viewer!, routineId, note);
  }

  // Field resolvers
  @FieldResolver(() => User)
  async expert(@Root() answer: RoutineRequestAnswer, @Ctx() ctx: Context) {
    return ctx.loaders.userById.load(answer.expert.id);
  }

  @FieldResolver(() => Routine, {
    nullable: true,
    description: 'Null once the routine is no longer visible to the reader.',
  })
  async routine(@Root() answer: RoutineRequestAnswer, @Ctx() ctx: Context) {
    return ctx.loaders.routineById.load(answer.routine.id);
  }
}

@Resolver(() => RoutineRequest)
export class RoutineRequestAnswersFieldResolver {
  // Field resolvers
  @FieldResolver(() => [RoutineRequestAnswer], { description: "Experts' answers, oldest first." })
  answers(@Root() request: RoutineRequest, @Ctx() ctx: Context) {
    return ctx.loaders.answersByRoutineRequest.load(request.id);
  }
}
