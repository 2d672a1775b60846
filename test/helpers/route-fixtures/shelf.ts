// Fixtures of the routes whose operations live in rest-mappings/shelf.graphql (issue 41: the shelf).
// Items are put on the shelf through the REST routes themselves. Each fixture starts from an empty
// shelf, so an add is an add (201) however often the matrix or the fuzzer builds it, and no shelf
// reaches its limit of 60.
import { analyze, type FixtureContext, type FixtureTable, ok, type RouteFixture } from './base.js';

async function emptyShelf(ctx: FixtureContext): Promise<void> {
  await ctx.t.em().getConnection().execute('delete from shelf_item where owner_id = ?', [ctx.me.id]);
}

/** `me` puts the catalog's product on an empty shelf: the item's id. */
async function onShelf(ctx: FixtureContext): Promise<string> {
  await emptyShelf(ctx);
  const body = await ok(
    await ctx.t.inject({
      method: 'PUT',
      url: `/my/shelf/${ctx.catalog.product.alias}`,
      payload: { opened_on: '2026-01-02' },
      token: ctx.me.token,
    }),
    'PUT /my/shelf/:product_id_or_alias',
    201,
  );
  return (body as { id: string }).id;
}

const fields = {
  status: 'in_use',
  opened_on: '2026-02-03',
  amount_left: 75,
  tolerated: false,
  prescribed: { days: ['mon', 'thu'], time_of_day: 'evening' },
  note: 'From the pharmacy.',
};

// `user` routes, not `owner`: an item is its person's only (admins included), NOT_FOUND to anyone else (test/shelf.test.ts).
export const shelfFixtures: FixtureTable = {
  'GET /my/shelf': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await onShelf(ctx);
    return { params: {}, query: { limit: '10' } };
  },
  'PUT /my/shelf/:product_id_or_alias': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await emptyShelf(ctx);
    return { params: { product_id_or_alias: ctx.catalog.product.alias }, body: fields };
  },
  'POST /my/shelf/analyses': async (ctx: FixtureContext): Promise<RouteFixture> => {
    await emptyShelf(ctx);
    return { params: {}, body: { token: await analyze(ctx.t, ctx.me), ...fields } };
  },
  'DELETE /my/shelf/:item_id': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: { item_id: await onShelf(ctx) },
  }),
};
