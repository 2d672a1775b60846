import { Arg, Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { contestWeek, describeContest, leaderboard, myStanding, type WeekChoice } from './contest.service.js';
import { Contest, ContestEntryPage, ContestStanding } from './contest.types.js';

const WEEK_DESCRIPTION =
  'An ISO week as YYYYWW (e.g. 202648); when omitted, the current week (or the previous one with previous: true).';
const PREVIOUS_DESCRIPTION = 'Without weekNumber: the week before the current one.';
const choiceOf = (week: string | null | undefined, previous: boolean | null | undefined): WeekChoice =>
  week != null ? { kind: 'number', weekNumber: week } : previous ? { kind: 'previous' } : { kind: 'current' };

@Resolver()
export class ContestResolver {
  // Queries
  @Query(() => Contest, { description: 'A week\'s "most liked routine" contest.' })
  contest(
    @Arg('weekNumber', () => String, { nullable: true, description: WEEK_DESCRIPTION }) weekNumber: string | null,
    @Arg('previous', () => Boolean, { nullable: true, description: PREVIOUS_DESCRIPTION }) previous: boolean | null,
    @Ctx() ctx: Context,
  ) {
    return describeContest(ctx.em, contestWeek(choiceOf(weekNumber, previous)));
  }

  @Query(() => ContestEntryPage, {
    description: "A week's ranked routines: most favourites received that week first, ties to the earliest published.",
  })
  mostLikedRoutineLeaderboard(
    @Arg('weekNumber', () => String, { nullable: true, description: WEEK_DESCRIPTION }) weekNumber: string | null,
    @Arg('previous', () => Boolean, { nullable: true, description: PREVIOUS_DESCRIPTION }) previous: boolean | null,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return leaderboard(ctx.em, contestWeek(choiceOf(weekNumber, previous)), page);
  }

  @Authorized()
  @Query(() => ContestStanding, { description: "The caller's standing in a week's contest." })
  myContestStanding(
    @Arg('weekNumber', () => String, { nullable: true, description: WEEK_DESCRIPTION }) weekNumber: string | null,
    @Arg('previous', () => Boolean, { nullable: true, description: PREVIOUS_DESCRIPTION }) previous: boolean | null,
    @Ctx() ctx: Context,
  ) {
    return myStanding(ctx.em, ctx.viewer!, contestWeek(choiceOf(weekNumber, previous)));
  }
}
