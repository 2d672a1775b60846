// Fixtures of the routes whose operations live in rest-mappings/user-relationships.graphql.
import type { FixtureTable } from './base.js';

export const userRelationshipsFixtures: FixtureTable = {
  'GET /user_relationships/lookup': async ({ admin }) => ({
    params: {},
    query: { ids: `${(await admin()).id},${(await admin()).username},nobody-here` },
  }),
};
