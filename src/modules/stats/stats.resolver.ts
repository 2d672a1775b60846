import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { UserType } from '../user/user.entity.js';
import { createdPerDay } from './stats.service.js';
import { DayCountSeries, StatsSeries } from './stats.types.js';

@Resolver()
export class StatsResolver {
  // Queries
  @Authorized(UserType.admin)
  @Query(() => DayCountSeries, {
    description: 'How many were created per day over a date range (admins). Computed in SQL, zero-filled.',
  })
  createdPerDay(
    @Arg('series', () => StatsSeries) series: StatsSeries,
    @Ctx() ctx: Context,
    @Arg('from', () => String, { nullable: true, description: 'First day, YYYY-MM-DD (default: 29 days before to).' })
    from?: string | null,
    @Arg('to', () => String, { nullable: true, description: 'Last day, YYYY-MM-DD (default: today in the time zone).' })
    to?: string | null,
    @Arg('timeZone', () => String, { nullable: true, description: 'IANA time zone of the days (default UTC).' })
    timeZone?: string | null,
  ): Promise<DayCountSeries> {
    return createdPerDay(ctx.em, series, { from, to, timeZone });
  }
}
