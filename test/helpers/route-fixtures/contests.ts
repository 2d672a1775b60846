// Fixtures of the routes whose operations live in rest-mappings/contests.graphql.
import { weekOf } from '../../../src/modules/routine/engine/contest-weeks.js';
import { favourRoutine, type FixtureTable, list, makeRoutine, none, otherToken } from './base.js';

export const contestsFixtures: FixtureTable = {
  'GET /contests/most_liked_routine/leaderboard': async () => list(),
  'GET /contests/most_liked_routine/leaderboard/previous_week': async () => list(),
  'GET /contests/most_liked_routine/leaderboard/:week_number': async () =>
    list({ week_number: weekOf(new Date()).weekNumber }),
  'GET /contests/current_week': async () => none(),
  'GET /contests/previous_week': async () => none(),
  'GET /contests/:week_number': async () => none({ week_number: '202401' }),
  'GET /my/contests/current_week': async (ctx) => {
    await favourRoutine(ctx, (await makeRoutine(ctx)).id, await otherToken(ctx));
    return none();
  },
  'GET /my/contests/previous_week': async () => none(),
};
