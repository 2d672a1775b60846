// Fixtures of the routes whose operations live in rest-mappings/facets.graphql.
import { firstSeededAlias, type FixtureContext, type FixtureTable, none, ok } from './base.js';

const facetBody = (ctx: FixtureContext) => {
  const u = ctx.unique();
  return {
    name: `Fixture facet ${u}`,
    alias: `fixture-facet-${u}`,
    parameter: 'free_of',
    values: [{ value: 'fragrance', label: 'Fragrance' }],
    position: 900,
  };
};

export const facetsFixtures: FixtureTable = {
  'GET /facets': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /facets/:id': async ({ t }) => none({ id: await firstSeededAlias(t, '/facets') }),
  // A facet made for the purpose, so the seeded ones stay as they are.
  'PATCH /facets/update/:id': async (ctx) => {
    const created = (await ok(
      await ctx.t.inject({
        method: 'POST',
        url: '/facets/create',
        payload: facetBody(ctx),
        token: (await ctx.admin()).token,
      }),
      'POST /facets/create',
      201,
    )) as { id: string };
    return {
      params: { id: created.id },
      body: {
        name: `Renamed facet ${ctx.unique()}`,
        position: 901,
        values: [{ value: 'parabens', label: 'Parabens' }],
      },
    };
  },
  'POST /facets/create': async (ctx) => ({ params: {}, body: facetBody(ctx) }),
};
