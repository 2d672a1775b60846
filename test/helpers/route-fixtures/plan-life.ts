// Fixtures of the routes whose operations live in rest-mappings/plan-life.graphql: a stored plan of `me` over two
// catalog products, inserted as the planning service stores it (its own route is another group's).
import { insertPlanFor, twoProductPlan } from '../stored-plans.js';
import type { FixtureContext, FixtureTable } from './base.js';

async function myPlan(ctx: FixtureContext): Promise<string> {
  const [cleanser, sunscreen] = ctx.catalog.products;
  return insertPlanFor(ctx.t, ctx.me.id, twoProductPlan(cleanser.id, sunscreen.id));
}

export const planLifeFixtures: FixtureTable = {
  'POST /my/routine_plans/:id/accept': async (ctx) => ({
    params: { id: await myPlan(ctx) },
    body: { replace_current: false },
  }),
  'GET /my/routine_plans/:id/days/:date': async (ctx) => ({
    params: { id: await myPlan(ctx), date: '2026-12-10' },
    query: { missed_nights: '3' },
  }),
  'DELETE /my/routine_plans/:id': async (ctx) => ({ params: { id: await myPlan(ctx) } }),
  'POST /my/routine_plans/:id/page_link': async (ctx) => ({ params: { id: await myPlan(ctx) } }),
  'DELETE /my/routine_plans/:id/page_link': async (ctx) => ({ params: { id: await myPlan(ctx) } }),
};
