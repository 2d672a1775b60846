// Fixtures of the routes whose operations live in rest-mappings/following.graphql.
import { feel, type FixtureTable, follows } from './base.js';

export const followingFixtures: FixtureTable = {
  // Following: `me` follows the fixture admin, who likes glycerin.
  'GET /following/ingredient_feelings/positive': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    await feel(t, await admin(), 'glycerin', 'positive');
    return { params: {}, query: { limit: '5' } };
  },
  'GET /following/ingredient_feelings/negative': async ({ t, me, admin }) => {
    await follows(t, me, await admin());
    await feel(t, await admin(), 'niacinamide', 'negative');
    return { params: {}, query: { limit: '5' } };
  },
};
