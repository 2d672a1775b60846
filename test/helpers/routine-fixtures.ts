// Fixtures of the routine and contest routes (merged into routeFixtures under the routines
// marker of route-fixtures.ts). Pitches and tutorials are inserted directly: their REST
// routes belong to another module.
import type { LightMyRequestResponse } from 'fastify';
import { weekOf } from '../../src/modules/routine/engine/contest-weeks.js';
import { newId } from '../../src/modules/shared/ids.js';
import type { FixtureContext, RouteFixture } from './route-fixtures.js';

async function ok(response: LightMyRequestResponse, what: string, status = 200): Promise<unknown> {
  if (response.statusCode !== status) throw new Error(`Fixture setup: ${what} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  return status === 204 ? null : response.json();
}

interface Made { id: string; steps: Array<{ id: string }> }

/** A routine of `me` with two steps (the second with a catalog product); published unless asked. */
export async function makeRoutine(ctx: FixtureContext, publish = true, token = ctx.me.token): Promise<Made> {
  const body = { name: `Fixture routine ${ctx.unique()}`, time_of_day: 'evening', steps: [{ step_type: 'cleanse' }, { step_type: 'moisturise', product: ctx.catalog.product.alias }] };
  const routine = (await ok(await ctx.t.inject({ method: 'POST', url: '/routines/create', payload: body, token }), 'POST /routines/create', 201)) as Made;
  if (publish) await ok(await ctx.t.inject({ method: 'PATCH', url: `/routines/${routine.id}/publish`, token }), 'PATCH /routines/:id/publish');
  return routine;
}

/** Nobody favours their own routine (a favourite is a contest vote): favoured routines belong to another user. */
const otherToken = (ctx: FixtureContext) => ctx.t.tokenFor('routine-fixture-other');
const othersRoutine = async (ctx: FixtureContext) => makeRoutine(ctx, true, await otherToken(ctx));

async function insertPitch(ctx: FixtureContext): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.t.em().getConnection().execute(
    `insert into product_pitch (id, product_id, author_id, step_types, message, created_at, updated_at) values (?, ?, ?, '{moisturise}', 'Pitched by a route fixture', ?, ?)`,
    [id, ctx.catalog.product.id, ctx.me.id, now, now]);
  return id;
}

async function insertTutorial(ctx: FixtureContext): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.t.em().getConnection().execute(
    `insert into product_tutorial (id, product_id, author_id, title, status, published_at, created_at, updated_at) values (?, ?, ?, 'Fixture tutorial', 'published', ?, ?, ?)`,
    [id, ctx.catalog.product.id, ctx.me.id, now, now, now]);
  return id;
}

async function favourRoutine(ctx: FixtureContext, id: string, token = ctx.me.token): Promise<void> {
  await ok(await ctx.t.inject({ method: 'POST', url: `/routines/${id}/favorite`, token }), 'POST /routines/:id/favorite');
}

async function analyzeList(ctx: FixtureContext): Promise<string> {
  const body = await ok(await ctx.t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: 'Water, Glycerin, Niacinamide, Squalane, Phenoxyethanol' } }), 'POST /analyze/ingredient_list', 201);
  return (body as { token: string }).token;
}

type Builder = (ctx: FixtureContext) => Promise<RouteFixture>;
const none = (params: Record<string, string> = {}): RouteFixture => ({ params });
const list = (params: Record<string, string> = {}): RouteFixture => ({ params, query: { limit: '5' } });

export const routineFixtures: Record<string, Builder> = {
  'GET /routines': async () => ({ params: {}, query: { limit: '5', time_of_day: 'evening' } }),
  'POST /routines/create': async (ctx) => ({ params: {}, body: { name: `Fixture ${ctx.unique()}`, time_of_day: 'morning', description: 'From a fixture', current: true, steps: [{ step_type: 'cleanse', product: ctx.catalog.product.alias, note: 'gently' }] } }),
  'POST /routines/request': async () => ({ params: {}, body: { message: 'A routine for dry skin, please', time_of_day: 'evening' } }),
  'DELETE /routines/request/:id': async (ctx) => {
    const request = (await ok(await ctx.t.inject({ method: 'POST', url: '/routines/request', payload: { message: 'Fixture request' }, token: ctx.me.token }), 'POST /routines/request', 201)) as { id: string };
    return { params: { id: request.id }, strangerStatus: 403 };
  },
  'GET /routines/:id': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  // Published, so a stranger sees it and is refused: FORBIDDEN.
  'DELETE /routines/:id': async (ctx) => ({ params: { id: (await makeRoutine(ctx)).id }, strangerStatus: 403 }),
  'GET /routines/:id/compatibility': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  'GET /routines/:id/analyze/:token/compatibility': async (ctx) => none({ id: (await makeRoutine(ctx)).id, token: await analyzeList(ctx) }),
  'POST /routines/:id/favorite': async (ctx) => none({ id: (await othersRoutine(ctx)).id }),
  'DELETE /routines/:id/favorite': async (ctx) => {
    const routine = await othersRoutine(ctx);
    await favourRoutine(ctx, routine.id);
    return none({ id: routine.id });
  },
  'GET /routines/:id/favorited_by': async (ctx) => {
    const routine = await othersRoutine(ctx);
    await favourRoutine(ctx, routine.id);
    return list({ id: routine.id });
  },
  'PATCH /routines/:id/publish': async (ctx) => ({ params: { id: (await makeRoutine(ctx, false)).id }, strangerStatus: 404 }),
  'PATCH /routines/:id/update': async (ctx) => ({ params: { id: (await makeRoutine(ctx, false)).id }, body: { name: `Renamed ${ctx.unique()}`, description: 'Changed', time_of_day: 'weekly', current: true }, strangerStatus: 404 }),
  'PATCH /routines/:id/update_routine_step_order': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return { params: { id: routine.id }, body: { routine_step_ids: routine.steps.map((s) => s.id).reverse() }, strangerStatus: 404 };
  },
  'PATCH /routines/:id/add_routine_step': async (ctx) => ({ params: { id: (await makeRoutine(ctx, false)).id }, body: { step_type: 'protect', product: ctx.catalog.products[1].alias, note: 'last', position: 3 }, strangerStatus: 404 }),
  'GET /routines/:id/product_pitches': async (ctx) => {
    await insertPitch(ctx);
    return list({ id: (await makeRoutine(ctx)).id });
  },
  'GET /routines/:id/detailed_summary': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  'GET /routines/:id/routine_steps': async (ctx) => list({ id: (await makeRoutine(ctx)).id }),
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_pitch': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return { params: { id: routine.id, routine_step_id: routine.steps[1].id }, body: { product_pitch_id: await insertPitch(ctx) }, strangerStatus: 404 };
  },
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_product': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return { params: { id: routine.id, routine_step_id: routine.steps[0].id }, body: { product: ctx.catalog.products[1].id }, strangerStatus: 404 };
  },
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_product_tutorial': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return { params: { id: routine.id, routine_step_id: routine.steps[0].id }, body: { product_tutorial_id: await insertTutorial(ctx) }, strangerStatus: 404 };
  },
  'GET /my/routines': async () => list(),
  'GET /my/current_routine_ids': async () => none(),
  'GET /my/favorite_routines': async (ctx) => {
    await favourRoutine(ctx, (await othersRoutine(ctx)).id);
    return list();
  },
  'GET /my/routine_requests': async () => list(),
  'GET /users/:id_or_username/routines': async (ctx) => {
    await makeRoutine(ctx);
    return list({ id_or_username: ctx.me.username });
  },
  'GET /user/:id_or_username/favorite_routines': async (ctx) => {
    await favourRoutine(ctx, (await othersRoutine(ctx)).id);
    return list({ id_or_username: ctx.me.id });
  },
  'GET /products/:id_or_alias/top_routines': async (ctx) => {
    await makeRoutine(ctx);
    return list({ id_or_alias: ctx.catalog.product.alias });
  },
  'GET /products/:id_or_alias/top_users': async (ctx) => {
    await makeRoutine(ctx);
    return list({ id_or_alias: ctx.catalog.product.id });
  },
  'GET /contests/most_liked_routine/leaderboard': async () => list(),
  'GET /contests/most_liked_routine/leaderboard/previous_week': async () => list(),
  'GET /contests/most_liked_routine/leaderboard/:week_number': async () => list({ week_number: weekOf(new Date()).weekNumber }),
  'GET /contests/current_week': async () => none(),
  'GET /contests/previous_week': async () => none(),
  'GET /contests/:week_number': async () => none({ week_number: '202401' }),
  'GET /my/contests/current_week': async (ctx) => {
    await favourRoutine(ctx, (await makeRoutine(ctx)).id, await otherToken(ctx));
    return none();
  },
  'GET /my/contests/previous_week': async () => none(),
};
