// Fixtures of the routes whose operations live in rest-mappings/product-search.graphql.
import type { FixtureTable } from './base.js';

export const productSearchFixtures: FixtureTable = {
  'POST /products/search': async () => ({
    params: {},
    body: {
      query: 'e',
      include_ingredients: ['water'],
      exclude_ingredients: ['alcohol-denat'],
      free_of: ['fragrance'],
      limit: 5,
    },
  }),
};
