// Fixtures of the routes whose operations live in rest-mappings/routines.graphql. Pitches and
// tutorials are inserted directly: their REST routes belong to other groups.
import { newId } from '../../../src/modules/shared/ids.js';
import {
  analyze,
  favourRoutine,
  type FixtureContext,
  type FixtureTable,
  list,
  makeRoutine,
  none,
  ok,
  otherToken,
} from './base.js';

const othersRoutine = async (ctx: FixtureContext) => makeRoutine(ctx, true, await otherToken(ctx));

async function insertPitch(ctx: FixtureContext): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.t
    .em()
    .getConnection()
    .execute(
      `insert into product_pitch (id, product_id, author_id, step_types, message, created_at, updated_at) values (?, ?, ?, '{moisturise}', 'Pitched by a route fixture', ?, ?)`,
      [id, ctx.catalog.product.id, ctx.me.id, now, now],
    );
  return id;
}

async function insertTutorial(ctx: FixtureContext): Promise<string> {
  const id = newId();
  const now = new Date();
  await ctx.t
    .em()
    .getConnection()
    .execute(
      `insert into product_tutorial (id, product_id, author_id, title, status, published_at, created_at, updated_at) values (?, ?, ?, 'Fixture tutorial', 'published', ?, ?, ?)`,
      [id, ctx.catalog.product.id, ctx.me.id, now, now, now],
    );
  return id;
}

export const routinesFixtures: FixtureTable = {
  'GET /routines': async () => ({ params: {}, query: { limit: '5', time_of_day: 'evening' } }),
  'POST /routines/create': async (ctx) => ({
    params: {},
    body: {
      name: `Fixture ${ctx.unique()}`,
      time_of_day: 'morning',
      description: 'From a fixture',
      current: true,
      steps: [{ step_type: 'cleanse', product: ctx.catalog.product.alias, note: 'gently', allow_other_kind: true }],
    },
  }),
  'POST /routines/request': async () => ({
    params: {},
    body: { message: 'A routine for dry skin, please', time_of_day: 'evening' },
  }),
  'DELETE /routines/request/:id': async (ctx) => {
    const request = (await ok(
      await ctx.t.inject({
        method: 'POST',
        url: '/routines/request',
        payload: { message: 'Fixture request' },
        token: ctx.me.token,
      }),
      'POST /routines/request',
      201,
    )) as { id: string };
    return { params: { id: request.id }, strangerStatus: 403 };
  },
  'GET /routines/:id': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  'GET /sitemap/routines': async () => none(),
  // Published, so a stranger sees it and is refused: FORBIDDEN.
  'DELETE /routines/:id': async (ctx) => ({ params: { id: (await makeRoutine(ctx)).id }, strangerStatus: 403 }),
  'GET /routines/:id/compatibility': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  'GET /routines/:id/analyze/:token/compatibility': async (ctx) =>
    none({
      id: (await makeRoutine(ctx)).id,
      token: await analyze(ctx.t, undefined, 'Water, Glycerin, Niacinamide, Squalane, Phenoxyethanol'),
    }),
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
  'PATCH /routines/:id/publish': async (ctx) => ({
    params: { id: (await makeRoutine(ctx, false)).id },
    strangerStatus: 404,
  }),
  'PATCH /routines/:id/update': async (ctx) => ({
    params: { id: (await makeRoutine(ctx, false)).id },
    body: { name: `Renamed ${ctx.unique()}`, description: 'Changed', time_of_day: 'weekly', current: true },
    strangerStatus: 404,
  }),
  'PATCH /routines/:id/update_routine_step_order': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return {
      params: { id: routine.id },
      body: { routine_step_ids: routine.steps.map((s) => s.id).reverse() },
      strangerStatus: 404,
    };
  },
  'PATCH /routines/:id/add_routine_step': async (ctx) => ({
    params: { id: (await makeRoutine(ctx, false)).id },
    body: {
      step_type: 'protect',
      product: ctx.catalog.products[1].alias,
      note: 'last',
      position: 3,
      allow_other_kind: true,
    },
    strangerStatus: 404,
  }),
  'GET /routines/:id/product_pitches': async (ctx) => {
    await insertPitch(ctx);
    return list({ id: (await makeRoutine(ctx)).id });
  },
  'GET /routines/:id/detailed_summary': async (ctx) => none({ id: (await makeRoutine(ctx)).id }),
  'GET /routines/:id/routine_steps': async (ctx) => list({ id: (await makeRoutine(ctx)).id }),
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_pitch': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return {
      params: { id: routine.id, routine_step_id: routine.steps[1].id },
      body: { product_pitch_id: await insertPitch(ctx), allow_other_kind: true },
      strangerStatus: 404,
    };
  },
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_product': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return {
      params: { id: routine.id, routine_step_id: routine.steps[0].id },
      body: { product: ctx.catalog.products[1].id, allow_other_kind: true },
      strangerStatus: 404,
    };
  },
  'PATCH /routines/:id/routine_steps/:routine_step_id/assign_product_tutorial': async (ctx) => {
    const routine = await makeRoutine(ctx, false);
    return {
      params: { id: routine.id, routine_step_id: routine.steps[0].id },
      body: { product_tutorial_id: await insertTutorial(ctx), replace_product: true },
      strangerStatus: 404,
    };
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
};
