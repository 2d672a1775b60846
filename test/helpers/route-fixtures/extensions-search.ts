// Fixtures of the routes whose operations live in rest-mappings/extensions-search.graphql (as-you-type
// suggestions for products, brands and ingredients).
import type { FixtureTable } from './base.js';

export const extensionsSearchFixtures: FixtureTable = {
  'GET /search/suggestions': async () => ({ params: {}, query: { query: 'nia', limit: '5' } }),
};
