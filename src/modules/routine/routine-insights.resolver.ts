import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { getUser } from '../user/user.service.js';
import { favoriteRoutine, unfavoriteRoutine } from './routine-favorite.service.js';
import {
  analysisFit,
  routineCompatibility,
  routineDetailedSummary,
  routinePitches,
} from './routine-insights.service.js';
import {
  listFavoriteRoutines,
  routineFans,
  topRoutinesForProduct,
  topUsersForProduct,
} from './routine-lists.service.js';
import { Routine } from './routine.entity.js';
import { getRoutine } from './routine.service.js';
import {
  ProductRoutineUserPage,
  RankedRoutinePage,
  RoutineCompatibility,
  RoutineDetailedSummary,
  RoutineFanPage,
  RoutinePage,
  RoutinePitchMatch,
  RoutinePitchMatchPage,
  RoutineProductFit,
} from './routine.types.js';

@Resolver(() => RoutinePitchMatch)
export class RoutineInsightsResolver {
  // Queries
  @Query(() => RoutineCompatibility, { description: "How a routine's products go together and with its time of day." })
  routineCompatibility(@Arg('id') id: string, @Ctx() ctx: Context) {
    return routineCompatibility(ctx, id);
  }

  @Query(() => RoutineProductFit, {
    description: 'Whether the product of an analysis would fit a routine, where, and what it would add.',
  })
  routineAnalysisFit(@Arg('id') id: string, @Arg('token') token: string, @Ctx() ctx: Context) {
    return analysisFit(ctx, id, token);
  }

  @Query(() => RoutineDetailedSummary, {
    description: 'Per step the product, key actives, flags and effects; and the totals.',
  })
  routineDetailedSummary(@Arg('id') id: string, @Ctx() ctx: Context) {
    return routineDetailedSummary(ctx, id);
  }

  @Query(() => RoutinePitchMatchPage, {
    description: "Pitches for the routine's step types and those assigned to its steps.",
  })
  routineProductPitches(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return routinePitches(ctx, id, page);
  }

  @Query(() => RoutineFanPage, { description: 'Who favours a routine, most recent first.' })
  async routineFavoritedBy(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return routineFans(ctx.em, (await getRoutine(ctx.em, id, ctx.viewer)).id, page);
  }

  @Authorized()
  @Query(() => RoutinePage, { description: "The caller's favourite routines, most recently favoured first." })
  myFavoriteRoutines(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listFavoriteRoutines(ctx.em, ctx.viewer!.id, ctx.viewer, page);
  }

  @Query(() => RoutinePage, { description: "A user's favourite routines (those the caller may see)." })
  async userFavoriteRoutines(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listFavoriteRoutines(ctx.em, (await getUser(ctx.em, idOrUsername)).id, ctx.viewer, page);
  }

  @Query(() => RankedRoutinePage, { description: 'Published routines using a product, most favoured first.' })
  productTopRoutines(@Arg('idOrAlias') idOrAlias: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return topRoutinesForProduct(ctx.em, idOrAlias, ctx.viewer, page);
  }

  @Query(() => ProductRoutineUserPage, {
    description: 'Users whose published routines use a product: most such routines first, then most favourites.',
  })
  productTopUsers(@Arg('idOrAlias') idOrAlias: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return topUsersForProduct(ctx.em, idOrAlias, ctx.viewer, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => Routine, { description: 'Favours a routine (idempotent).' })
  favoriteRoutine(@Arg('id') id: string, @Ctx() ctx: Context) {
    return favoriteRoutine(ctx.em, id, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Stops favouring a routine (idempotent).' })
  unfavoriteRoutine(@Arg('id') id: string, @Ctx() ctx: Context) {
    return unfavoriteRoutine(ctx.em, id, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Product, { nullable: true, description: 'The pitched product.' })
  product(@Root() match: RoutinePitchMatch, @Ctx() ctx: Context) {
    return ctx.loaders.productById.load(match.productId);
  }
}
