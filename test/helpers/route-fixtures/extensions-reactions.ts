// Fixtures of the routes whose operations live in rest-mappings/extensions-reactions.graphql (the
// reaction detective). Reactions are recorded through the REST routes themselves.
import { type FixtureContext, type FixtureTable, ok, type RouteFixture } from './base.js';

/** An analysed list of `me`: its token. */
async function analysed(ctx: FixtureContext, list: string): Promise<string> {
  const body = await ok(
    await ctx.t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: list },
      token: ctx.me.token,
    }),
    'POST /analyze/ingredient_list',
    201,
  );
  return (body as { token: string }).token;
}

/** `me` records a reaction: its id. */
export async function react(ctx: FixtureContext, payload: Record<string, unknown>): Promise<string> {
  const body = await ok(
    await ctx.t.inject({ method: 'POST', url: '/my/reactions', payload, token: ctx.me.token }),
    'POST /my/reactions',
    201,
  );
  return (body as { id: string }).id;
}

/** Two lists with linalool went badly, one without went well: the detective has a suspect. */
async function withSuspect(ctx: FixtureContext): Promise<void> {
  const u = ctx.unique();
  await react(ctx, { analysis: await analysed(ctx, `Water, Glycerin, Linalool, Qwerty ${u}`), outcome: 'irritated' });
  await react(ctx, { analysis: await analysed(ctx, `Water, Squalane, Linalool, Qwerty ${u}`), outcome: 'itched' });
  await react(ctx, { analysis: await analysed(ctx, `Water, Glycerin, Squalane, Qwerty ${u}`), outcome: 'fine' });
}

// `user` routes, not `owner`: a reaction is its person's only (admins included), NOT_FOUND to anyone else (test/reactions.test.ts).
const mine = async (ctx: FixtureContext): Promise<RouteFixture> => ({
  params: { id: await react(ctx, { product: ctx.catalog.product.alias, outcome: 'fine', date: '2026-01-02' }) },
});

export const extensionsReactionsFixtures: FixtureTable = {
  'GET /my/reactions': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await react(ctx, { product: ctx.catalog.product.alias, outcome: 'loved' });
    return { params: {}, query: { limit: '5', outcome: 'loved' } };
  },
  'POST /my/reactions': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: {},
    body: {
      product: ctx.catalog.product.alias,
      outcome: 'broke_out',
      date: '2026-02-03',
      note: 'Two spots on the chin.',
    },
  }),
  'GET /my/reactions/suspects': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await withSuspect(ctx);
    return { params: {}, query: { limit: '5' } };
  },
  'POST /my/reactions/suspects/mark_negative': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await withSuspect(ctx);
    return { params: {}, body: { top: 1, confirm_low_confidence: true } };
  },
  'GET /my/reactions/:id': mine,
  'PATCH /my/reactions/:id': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    ...(await mine(ctx)),
    body: { outcome: 'itched', note: null },
  }),
  'DELETE /my/reactions/:id': mine,
};
