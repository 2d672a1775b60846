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
  if (!week)
    throw validationFailed(
      'week_number',
      'week_number must be an ISO week as YYYYWW, e.g. 202648 (weeks 01 to 52, or 53 in long years)',
    );
  return week;
}

// Scores come from routine_week_score, which a trigger on routine_favorite keeps (one row per
// routine and week): a week's ranking reads a few thousand rows, not every favourite.
const SCORES = `ranked as (
    select s.routine_id, s.score, r.owner_id,
      row_number() over (order by s.score desc, r.published_at asc, r.id asc)::int as rank
    from routine_week_score s join routine r on r.id = s.routine_id
    where s.week_start = ? and s.score > 0 and r.status = 'published')`;

export interface EntryRow {
  routine_id: string;
  score: number;
  rank: number;
}

async function withRoutines(em: EntityManager, rows: EntryRow[]) {
  const routines = await em.find(Routine, { id: { $in: rows.map((r) => r.routine_id) } });
  const byId = new Map(routines.map((r) => [r.id, r]));
  return rows.flatMap((r) =>
    byId.has(r.routine_id) ? [{ rank: r.rank, score: r.score, routine: byId.get(r.routine_id)! }] : [],
  );
}

/** The ranked entries of a week, a page at a time. */
export async function leaderboard(em: EntityManager, week: ContestWeek, page: PageArgs) {
  const { limit, offset, next } = offsetPage(page);
  const rows = await em.execute<EntryRow[]>(
    `with ${SCORES} select routine_id, score, rank from ranked order by rank limit ? offset ?`,
    [week.startsAt, limit + 1, offset],
  );
  return { items: await withRoutines(em, rows.slice(0, limit)), nextCursor: next(rows.length) };
}

const statusOf = (week: ContestWeek, now: Date): string =>
  now < week.startsAt ? 'upcoming' : now >= week.endsAt ? 'finished' : 'running';

interface StatsRow {
  entries: number;
  leader_id: string | null;
  leader_score: number | null;
  mine_id: string | null;
  mine_score: number | null;
  mine_rank: number | null;
}

/** Entries, the leader and (for an owner) their best-ranked routine, in one statement. */
async function contestStats(em: EntityManager, week: ContestWeek, ownerId: string | null, now: Date) {
  const [row] = await em.execute<StatsRow[]>(
    `with ${SCORES}
     select (select count(*) from ranked)::int as entries, l.routine_id as leader_id, l.score as leader_score,
       m.routine_id as mine_id, m.score as mine_score, m.rank as mine_rank
     from (select 1) one
     left join ranked l on l.rank = 1
     left join lateral (select routine_id, score, rank from ranked where owner_id = ? order by rank limit 1) m on true`,
    [week.startsAt, ownerId],
  );
  const entries = await withRoutines(em, [
    ...(row.leader_id ? [{ routine_id: row.leader_id, score: row.leader_score!, rank: 1 }] : []),
    ...(row.mine_id ? [{ routine_id: row.mine_id, score: row.mine_score!, rank: row.mine_rank! }] : []),
  ]);
  const leader = entries.find((e) => e.rank === 1) ?? null;
  const mine = row.mine_id ? (entries.find((e) => e.routine.id === row.mine_id) ?? null) : null;
  return {
    contest: { ...week, contest: 'most_liked_routine', status: statusOf(week, now), entries: row.entries, leader },
    mine,
  };
}

/** The week's contest: its bounds, how many routines scored, and the leader. */
export async function describeContest(em: EntityManager, week: ContestWeek, now = new Date()) {
  return (await contestStats(em, week, null, now)).contest;
}

/** The caller's standing: their best-ranked routine of the week, or none. */
export async function myStanding(em: EntityManager, viewer: User, week: ContestWeek, now = new Date()) {
  const { contest, mine } = await contestStats(em, week, viewer.id, now);
  return { contest, entry: mine };
}
