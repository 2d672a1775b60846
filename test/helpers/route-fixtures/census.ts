// Fixtures of the routes whose operations live in rest-mappings/census.graphql.
import type { FixtureTable } from './base.js';

export const censusFixtures: FixtureTable = {
  'GET /census/countries': async () => ({ params: {}, query: { search: 'fra', limit: '5' } }),
};
