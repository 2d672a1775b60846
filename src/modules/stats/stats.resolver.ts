import { Arg, Authorized, Ctx, Field, Int, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { UserType } from '../user/user.entity.js';

/** The series we can count, each a table with a created_at column. */
export enum StatsSeries {
  analyses = 'analyses',
  product_buy_clicks = 'product_buy_clicks',
  products = 'products',
  product_tutorials = 'product_tutorials',
  ingredient_opinions = 'ingredient_opinions',
  routines = 'routines',
  users = 'users',
}
registerEnumType(StatsSeries, { name: 'StatsSeries' });

const TABLE: Record<StatsSeries, string> = {
  [StatsSeries.analyses]: 'ingredient_analysis',
  [StatsSeries.product_buy_clicks]: 'product_buy_click',
  [StatsSeries.products]: 'product',
  [StatsSeries.product_tutorials]: 'product_tutorial',
  [StatsSeries.ingredient_opinions]: 'ingredient_opinion',
  [StatsSeries.routines]: 'routine',
  [StatsSeries.users]: 'app_user',
};

@ObjectType({ description: 'How many were created on one day (in the asked time zone).' })
export class DayCount {
  @Field({ description: 'YYYY-MM-DD' })
  day!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class DayCountSeries {
  @Field()
  series!: string;

  @Field()
  timeZone!: string;

  @Field(() => Int)
  total!: number;

  @Field(() => [DayCount], { description: 'Every day of the range, zero-filled.' })
  items!: DayCount[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

function checkedDate(field: string, text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!DATE.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw validationFailed(field, `${field} must be a date YYYY-MM-DD`);
  return date;
}

function checkedTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw validationFailed('time_zone', `time_zone "${zone}" is not an IANA time zone (e.g. Europe/Paris)`);
  }
  return zone;
}

@Resolver()
export class StatsResolver {
  // Queries
  @Authorized(UserType.admin)
  @Query(() => DayCountSeries, { description: 'How many were created per day over a date range (admins). Computed in SQL, zero-filled.' })
  async createdPerDay(
    @Arg('series', () => StatsSeries) series: StatsSeries,
    @Ctx() ctx: Context,
    @Arg('from', () => String, { nullable: true, description: 'First day, YYYY-MM-DD (default: 29 days before to).' }) from?: string | null,
    @Arg('to', () => String, { nullable: true, description: 'Last day, YYYY-MM-DD (default: today in the time zone).' }) to?: string | null,
    @Arg('timeZone', () => String, { nullable: true, description: 'IANA time zone of the days (default UTC).' }) timeZone?: string | null,
  ): Promise<DayCountSeries> {
    const zone = checkedTimeZone(timeZone ?? 'UTC');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const last = checkedDate('to', to ?? today);
    const first = from ? checkedDate('from', from) : new Date(last.getTime() - 29 * 86_400_000);
    const days = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
    if (days < 1) throw validationFailed('from', 'from must not be after to');
    if (days > MAX_DAYS) throw validationFailed('from', `at most ${MAX_DAYS} days at a time`);
    const rows = await ctx.em.execute<Array<{ day: string; count: number }>>(
      `select to_char(d, 'YYYY-MM-DD') as day, count(t.created_at)::int as count
       from generate_series(?::date, ?::date, interval '1 day') as d
       left join "${TABLE[series]}" as t
         on t.created_at >= (d::timestamp at time zone ?) and t.created_at < ((d + interval '1 day')::timestamp at time zone ?)
       group by d order by d`,
      [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10), zone, zone],
    );
    return { series, timeZone: zone, total: rows.reduce((sum, r) => sum + r.count, 0), items: rows };
  }
}
