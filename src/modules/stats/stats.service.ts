import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { StatsSeries, type DayCountSeries } from './stats.types.js';

const TABLE: Record<StatsSeries, string> = {
  [StatsSeries.analyses]: 'ingredient_analysis',
  [StatsSeries.product_buy_clicks]: 'product_buy_click',
  [StatsSeries.products]: 'product',
  [StatsSeries.product_tutorials]: 'product_tutorial',
  [StatsSeries.ingredient_opinions]: 'ingredient_opinion',
  [StatsSeries.routines]: 'routine',
  [StatsSeries.users]: 'app_user',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

function checkedDate(field: string, text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!DATE.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw validationFailed(field, `${field} must be a date YYYY-MM-DD`);
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

/** Counts per day of one series over a date range, zero-filled, in one SQL statement. */
export async function createdPerDay(
  em: EntityManager,
  series: StatsSeries,
  range: { from?: string | null; to?: string | null; timeZone?: string | null },
): Promise<DayCountSeries> {
  const zone = checkedTimeZone(range.timeZone ?? 'UTC');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const last = checkedDate('to', range.to ?? today);
  const first = range.from ? checkedDate('from', range.from) : new Date(last.getTime() - 29 * 86_400_000);
  const days = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
  if (days < 1) throw validationFailed('from', 'from must not be after to');
  if (days > MAX_DAYS) throw validationFailed('from', `at most ${MAX_DAYS} days at a time`);
  const rows = await em.execute<Array<{ day: string; count: number }>>(
    `select to_char(d, 'YYYY-MM-DD') as day, count(t.created_at)::int as count
     from generate_series(?::date, ?::date, interval '1 day') as d
     left join "${TABLE[series]}" as t
       on t.created_at >= (d::timestamp at time zone ?) and t.created_at < ((d + interval '1 day')::timestamp at time zone ?)
     group by d order by d`,
    [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10), zone, zone],
  );
  return { series, timeZone: zone, total: rows.reduce((sum, r) => sum + r.count, 0), items: rows };
}
