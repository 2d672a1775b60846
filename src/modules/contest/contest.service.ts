// The weekly "most liked routine" contest: a published routine scores the favourites it
// received during the ISO week (UTC). Ranks are computed in SQL: most favourites first, ties to
// the routine published first.
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import type { PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { Routine } from '../routine/routine.entity.js';
import { offsetPage } from '../routine/routine-lists.service.js';
import { parseWeekNumber, previousWeek, weekOf, type ContestWeek } from '../routine/engine/contest-weeks.js';

export type WeekChoice = { kind: 'current' } | { kind: 'previous' } | { kind: 'number'; weekNumber: string };

export function contestWeek(choice: WeekChoice, now = new Date()): ContestWeek {
  if (choice.kind === 'current') return weekOf(now);
  if (choice.kind === 'previous') return previousWeek(weekOf(now));
  const week = parseWeekNumber(choice.weekNumber.trim());
  if (!week) throw validationFailed('week_number', 'week_number must be an ISO week as YYYYWW, e.g. 202648 (weeks 01 to 52, or 53 in long years)');
  return week;
}

const SCORES = `scores as (
    select f.routine_id, count(*)::int as score from routine_favorite f
    where f.created_at >= ? and f.created_at < ? group by f.routine_id),
  ranked as (
    select s.routine_id, s.score, r.owner_id,
      row_number() over (order by s.score desc, r.published_at asc, r.id asc)::int as rank
    from scores s join routine r on r.id = s.routine_id where r.status = 'published')`;

export interface EntryRow { routine_id: string; score: number; rank: number }

async function withRoutines(em: EntityManager, rows: EntryRow[]) {
  const routines = await em.find(Routine, { id: { $in: rows.map((r) => r.routine_id) } });
  const byId = new Map(routines.map((r) => [r.id, r]));
  return rows.flatMap((r) => (byId.has(r.routine_id) ? [{ rank: r.rank, score: r.score, routine: byId.get(r.routine_id)! }] : []));
}

/** The ranked entries of a week, a page at a time. */
export async function leaderboard(em: EntityManager, week: ContestWeek, page: PageArgs) {
  const { limit, offset, next } = offsetPage(page);
  const rows = await em.execute<EntryRow[]>(
    `with ${SCORES} select routine_id, score, rank from ranked order by rank limit ? offset ?`,
    [week.startsAt, week.endsAt, limit + 1, offset]);
  return { items: await withRoutines(em, rows.slice(0, limit)), nextCursor: next(rows.length) };
}

const statusOf = (week: ContestWeek, now: Date): string =>
  now < week.startsAt ? 'upcoming' : now >= week.endsAt ? 'finished' : 'running';

/** The week's contest: its bounds, how many routines scored, and the leader. */
export async function describeContest(em: EntityManager, week: ContestWeek, now = new Date()) {
  const [stats] = await em.execute<Array<{ entries: number; routine_id: string | null; score: number | null; rank: number | null }>>(
    `with ${SCORES} select (select count(*) from ranked)::int as entries, l.routine_id, l.score, l.rank
     from (select 1) one left join ranked l on l.rank = 1`,
    [week.startsAt, week.endsAt]);
  const leader = stats.routine_id ? (await withRoutines(em, [{ routine_id: stats.routine_id, score: stats.score!, rank: 1 }]))[0] ?? null : null;
  return { ...week, contest: 'most_liked_routine', status: statusOf(week, now), entries: stats.entries, leader };
}

/** The caller's standing: their best-ranked routine of the week, or none. */
export async function myStanding(em: EntityManager, viewer: User, week: ContestWeek, now = new Date()) {
  const rows = await em.execute<EntryRow[]>(
    `with ${SCORES} select routine_id, score, rank from ranked where owner_id = ? order by rank limit 1`,
    [week.startsAt, week.endsAt, viewer.id]);
  return { contest: await describeContest(em, week, now), entry: (await withRoutines(em, rows))[0] ?? null };
}
