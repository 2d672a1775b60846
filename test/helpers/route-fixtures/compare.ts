// Fixtures of the routes whose operations live in rest-mappings/compare.graphql.
import { analyze, type FixtureTable, none, ok } from './base.js';

export const compareFixtures: FixtureTable = {
  'POST /compare/expand': async ({ t, catalog }) => ({
    params: {},
    body: { items: [catalog.products[0].alias, catalog.products[2].id, await analyze(t)] },
  }),
  'POST /compare/share': async ({ catalog }) => ({
    params: {},
    body: { items: [catalog.products[0].alias, catalog.products[3].alias] },
  }),
  'GET /compare/shared/:token': async ({ t, catalog }) => {
    const shared = (await ok(
      await t.inject({
        method: 'POST',
        url: '/compare/share',
        payload: { items: [catalog.products[0].alias, catalog.products[4].alias] },
      }),
      'POST /compare/share',
      201,
    )) as { token: string };
    return none({ token: shared.token });
  },
  'GET /sitemap/comparisons': async () => none(),
};
