// The weekly "most liked routine" contest: scores are favourites received during the ISO week
// (UTC), ranked in SQL with ties going to the routine published first.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { previousWeek, weekOf } from '../src/modules/routine/engine/contest-weeks.js';
import { newId } from '../src/modules/shared/ids.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The demo community's favourites would lead these weeks: the contests here start empty.
  await t.em().getConnection().execute('delete from routine_favorite');
});
afterAll(async () => {
  await t?.close();
});

interface Entry {
  rank: number;
  score: number;
  routine: { id: string; name: string };
}
interface ContestBody {
  contest: string;
  week_number: string;
  year: number;
  week: number;
  starts_at: string;
  ends_at: string;
  status: string;
  entries: number;
  leader: Entry | null;
}

async function routine(owner: string, name: string, publishedAt: Date | null): Promise<string> {
  const token = await t.tokenFor(owner);
  const created = (
    await t.inject({ method: 'POST', url: '/routines/create', token, payload: { name, time_of_day: 'evening' } })
  ).json() as { id: string };
  if (publishedAt) {
    expect((await t.inject({ method: 'PATCH', url: `/routines/${created.id}/publish`, token })).statusCode).toBe(200);
    await t.em().getConnection().execute('update routine set published_at = ? where id = ?', [publishedAt, created.id]);
  }
  return created.id;
}

/** Favourites of a routine by fresh users, at given times (inserted directly: contests read created_at). */
async function favourites(routineId: string, times: Date[]): Promise<void> {
  for (const at of times) {
    const userId = newId();
    await t
      .em()
      .getConnection()
      .execute(
        `insert into app_user (id, subject, username, user_type, bio, email, created_at, updated_at) values (?, ?, ?, 'member', '', null, ?, ?)`,
        [userId, `test|fan-${userId}`, `fan-${userId.slice(-12)}`, at, at],
      );
    await t
      .em()
      .getConnection()
      .execute('insert into routine_favorite (id, user_id, routine_id, created_at) values (?, ?, ?, ?)', [
        newId(),
        userId,
        routineId,
        at,
      ]);
  }
}

describe('week numbers', () => {
  it.each(['202600', '202654', '2026', '2026-01', 'abcdef', '20261', '1969w1', '202053x'])(
    'rejects %s naming week_number',
    async (week) => {
      for (const url of [`/contests/${week}`, `/contests/most_liked_routine/leaderboard/${week}`]) {
        const response = await t.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).details?.field).toBe('week_number');
      }
    },
  );

  it('accepts week 53 of a long ISO year only', async () => {
    expect((await t.inject({ method: 'GET', url: '/contests/202053' })).json()).toMatchObject({
      week_number: '202053',
      starts_at: '2020-12-28T00:00:00.000Z',
      ends_at: '2021-01-04T00:00:00.000Z',
      status: 'finished',
      entries: 0,
      leader: null,
    });
    expect((await t.inject({ method: 'GET', url: '/contests/202153' })).statusCode).toBe(400);
  });
});

describe("a past week's leaderboard", () => {
  // ISO week 2025-W10: Monday 3 March to Monday 10 March 2025 (UTC).
  const start = Date.UTC(2025, 2, 3);
  const inWeek = (hours: number) => new Date(start + hours * 3_600_000);
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {
      early: await routine('contest-ada', 'Early', new Date(Date.UTC(2025, 0, 1))),
      late: await routine('contest-ben', 'Late', new Date(Date.UTC(2025, 1, 1))),
      top: await routine('contest-ben', 'Top', new Date(Date.UTC(2025, 1, 2))),
      hidden: await routine('contest-cy', 'Private', null),
      outside: await routine('contest-cy', 'Outside', new Date(Date.UTC(2025, 0, 5))),
    };
    await favourites(ids.top, [inWeek(0), inWeek(1), inWeek(100), inWeek(167.99)]);
    // Early and Late tie on 2: Early was published first.
    await favourites(ids.late, [inWeek(2), inWeek(3)]);
    await favourites(ids.early, [inWeek(5), inWeek(6), inWeek(-1), inWeek(168)]);
    await favourites(ids.hidden, [inWeek(7), inWeek(8), inWeek(9), inWeek(10), inWeek(11)]);
    await favourites(ids.outside, [inWeek(-24), inWeek(200)]);
  });

  it('ranks by favourites received that week, ties to the earliest published', async () => {
    const board = (
      await t.inject({ method: 'GET', url: '/contests/most_liked_routine/leaderboard/202510' })
    ).json() as { items: Entry[]; next_cursor: string | null };
    expect(board.items.map((e) => [e.rank, e.routine.id, e.score])).toEqual([
      [1, ids.top, 4],
      [2, ids.early, 2],
      [3, ids.late, 2],
    ]);
    expect(board.next_cursor).toBeNull();

    const first = (
      await t.inject({ method: 'GET', url: '/contests/most_liked_routine/leaderboard/202510?limit=2' })
    ).json() as { items: Entry[]; next_cursor: string };
    expect(first.items.map((e) => e.rank)).toEqual([1, 2]);
    const second = (
      await t.inject({
        method: 'GET',
        url: `/contests/most_liked_routine/leaderboard/202510?limit=2&cursor=${first.next_cursor}`,
      })
    ).json() as { items: Entry[]; next_cursor: string | null };
    expect(second).toMatchObject({ items: [{ rank: 3, routine: { id: ids.late } }], next_cursor: null });
  });

  it('describes the contest: bounds, entries and leader', async () => {
    const contest = (await t.inject({ method: 'GET', url: '/contests/202510' })).json() as ContestBody;
    expect(contest).toEqual({
      contest: 'most_liked_routine',
      week_number: '202510',
      year: 2025,
      week: 10,
      status: 'finished',
      starts_at: '2025-03-03T00:00:00.000Z',
      ends_at: '2025-03-10T00:00:00.000Z',
      entries: 3,
      leader: expect.objectContaining({
        rank: 1,
        score: 4,
        routine: expect.objectContaining({ id: ids.top, name: 'Top' }),
      }),
    });
    expect((await t.inject({ method: 'GET', url: '/contests/202509' })).json()).toMatchObject({
      entries: 2,
      leader: { routine: { id: ids.early } },
    });
  });

  it('answers in a constant number of statements', async () => {
    const { statements } = await t.countStatements({
      method: 'GET',
      url: '/contests/most_liked_routine/leaderboard/202510',
    });
    expect(statements).toBeLessThanOrEqual(4);
  });
});

describe('the current and previous weeks', () => {
  it('counts favourites as they come, and tells each user their standing', async () => {
    const now = weekOf(new Date());
    const mine = await routine('contest-dot', "Dot's", new Date(Date.now() - 86_400_000 * 30));
    const theirs = await routine('contest-eli', "Eli's", new Date(Date.now() - 86_400_000 * 20));
    for (const fan of ['cf1', 'cf2', 'cf3'])
      expect(
        (await t.inject({ method: 'POST', url: `/routines/${theirs}/favorite`, token: await t.tokenFor(fan) }))
          .statusCode,
      ).toBe(200);
    await t.inject({ method: 'POST', url: `/routines/${mine}/favorite`, token: await t.tokenFor('cf1') });
    // Favouring again in the same week changes nothing.
    await t.inject({ method: 'POST', url: `/routines/${theirs}/favorite`, token: await t.tokenFor('cf1') });

    const current = (await t.inject({ method: 'GET', url: '/contests/current_week' })).json() as ContestBody;
    expect(current).toMatchObject({
      week_number: now.weekNumber,
      status: 'running',
      leader: { score: 3, routine: { id: theirs } },
    });
    const board = (await t.inject({ method: 'GET', url: '/contests/most_liked_routine/leaderboard' })).json() as {
      items: Entry[];
    };
    expect(board.items.slice(0, 2).map((e) => [e.routine.id, e.score])).toEqual([
      [theirs, 3],
      [mine, 1],
    ]);
    expect(
      (await t.inject({ method: 'GET', url: `/contests/most_liked_routine/leaderboard/${now.weekNumber}` })).json(),
    ).toEqual(board);

    expect(
      (
        await t.inject({ method: 'GET', url: '/my/contests/current_week', token: await t.tokenFor('contest-dot') })
      ).json(),
    ).toMatchObject({
      contest: { week_number: now.weekNumber },
      entry: { rank: 2, score: 1, routine: { id: mine } },
    });
    expect(
      (
        await t.inject({ method: 'GET', url: '/my/contests/current_week', token: await t.tokenFor('nobody-entered') })
      ).json(),
    ).toMatchObject({ entry: null });
    expect((await t.inject({ method: 'GET', url: '/my/contests/current_week' })).statusCode).toBe(401);

    const previous = previousWeek(now);
    expect((await t.inject({ method: 'GET', url: '/contests/previous_week' })).json()).toMatchObject({
      week_number: previous.weekNumber,
      status: 'finished',
    });
    expect(
      (await t.inject({ method: 'GET', url: '/contests/most_liked_routine/leaderboard/previous_week' })).json(),
    ).toMatchObject({
      items: expect.not.arrayContaining([
        expect.objectContaining({ routine: expect.objectContaining({ id: theirs }) }),
      ]),
    });
    expect(
      (
        await t.inject({ method: 'GET', url: '/my/contests/previous_week', token: await t.tokenFor('contest-dot') })
      ).json(),
    ).toMatchObject({ contest: { week_number: previous.weekNumber }, entry: null });
  });

  it("takes back an unfavoured or deleted routine's favourites from its week", async () => {
    const owner = await t.tokenFor('contest-fin');
    const gone = await routine('contest-fin', "Fin's", new Date(Date.now() - 86_400_000 * 40));
    const fans = await Promise.all(['uf1', 'uf2', 'uf3', 'uf4', 'uf5'].map((name) => t.tokenFor(name)));
    await Promise.all(fans.map((token) => t.inject({ method: 'POST', url: `/routines/${gone}/favorite`, token })));
    const scoreOf = async (id: string) =>
      (
        (await t.inject({ method: 'GET', url: '/contests/most_liked_routine/leaderboard?limit=100' })).json() as {
          items: Entry[];
        }
      ).items.find((e) => e.routine.id === id)?.score;
    expect(await scoreOf(gone)).toBe(5);
    await t.inject({ method: 'DELETE', url: `/routines/${gone}/favorite`, token: fans[0] });
    await t.inject({ method: 'DELETE', url: `/routines/${gone}/favorite`, token: fans[0] });
    expect(await scoreOf(gone)).toBe(4);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from routine_favorite where routine_id = ?', [gone]);
    expect(n).toBe(4);
    expect((await t.inject({ method: 'DELETE', url: `/routines/${gone}`, token: owner })).statusCode).toBe(204);
    expect(await scoreOf(gone)).toBeUndefined();
  });
});
