// Fixtures of the routes whose operations live in rest-mappings/featured.graphql.
import { type FixtureTable, none } from './base.js';

export const featuredFixtures: FixtureTable = {
  'GET /featured': async () => none(),
};
