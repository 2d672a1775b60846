// Fixtures of the routes whose operations live in rest-mappings/routine-plans.graphql (issue 41). Plans are made
// through the REST route itself; the shelf is listed (the demo catalog's product), so no stored shelf is needed.
import { type FixtureContext, type FixtureTable, ok, type RouteFixture } from './base.js';

const body = (ctx: FixtureContext) => ({
  shelf: [{ product: ctx.catalog.product.alias }],
  steps: { morning_max: 2, evening_max: 3 },
  budget: { amount: 20, currency: 'EUR' },
});

/** `me` plans a routine: its id. */
async function planned(ctx: FixtureContext): Promise<string> {
  const answer = await ok(
    await ctx.t.inject({ method: 'POST', url: '/my/routine_plans', payload: body(ctx), token: ctx.me.token }),
    'POST /my/routine_plans',
    201,
  );
  return (answer as { id: string }).id;
}

export const routinePlansFixtures: FixtureTable = {
  'POST /routine_plans/preview': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: {},
    body: body(ctx),
  }),
  'POST /my/routine_plans': async (ctx: FixtureContext): Promise<RouteFixture> => ({ params: {}, body: body(ctx) }),
  'GET /my/routine_plans': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await planned(ctx);
    return { params: {}, query: { limit: '5', status: 'proposed' } };
  },
  'GET /my/routine_plans/:id': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: { id: await planned(ctx) },
  }),
  'POST /my/routine_plans/:id/replan': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: { id: await planned(ctx) },
    body: { reason: 'season' },
  }),
};
