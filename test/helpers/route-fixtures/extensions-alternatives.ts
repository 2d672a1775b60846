// Fixtures of the routes whose operations live in rest-mappings/extensions-alternatives.graphql
// (better alternatives).
import type { FixtureContext, FixtureTable, RouteFixture } from './base.js';

export const extensionsAlternativesFixtures: FixtureTable = {
  'GET /products/:id_or_alias/better_alternatives': async (ctx: FixtureContext): Promise<RouteFixture> => ({
    params: { id_or_alias: ctx.catalog.product.alias },
    query: { limit: '3' },
  }),
};
