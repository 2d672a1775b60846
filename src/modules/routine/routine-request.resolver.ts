import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { skinProfileOf } from '../feeling/skin-profile.service.js';
import { SkinProfile } from '../feeling/skin-profile.types.js';
import { PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { RoutineRequest } from './routine-request.entity.js';
import { deleteRoutineRequest, listMyRoutineRequests, requestRoutine } from './routine-request.service.js';
import { RoutineTimeOfDay } from './routine.entity.js';
import { RoutineRequestPage } from './routine.types.js';

@Resolver(() => RoutineRequest)
export class RoutineRequestResolver {
  // Queries
  @Authorized()
  @Query(() => RoutineRequestPage, { description: "The caller's routine requests, newest first." })
  myRoutineRequests(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listMyRoutineRequests(ctx.em, ctx.viewer!, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => RoutineRequest, {
    description: "Asks experts for a routine; keeps the caller's skin profile as it is now.",
  })
  requestRoutine(
    @Arg('message') message: string,
    @Arg('timeOfDay', () => RoutineTimeOfDay, { nullable: true }) timeOfDay: RoutineTimeOfDay | null,
    @Ctx() ctx: Context,
  ) {
    return requestRoutine(ctx.em, ctx.viewer!, { message, timeOfDay });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Withdraws a routine request (its requester).' })
  deleteRoutineRequest(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteRoutineRequest(ctx.em, id, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => SkinProfile, { description: "The requester's skin profile when asking." })
  skinProfile(@Root() request: RoutineRequest): SkinProfile {
    return skinProfileOf({ skinProfile: request.skinProfile } as User);
  }
}
