// Fixtures of the routes whose operations live in rest-mappings/ingredient-matchers.graphql.
import { analyze, FIXTURE_UNMATCHED, type FixtureTable, none } from './base.js';

export const ingredientMatchersFixtures: FixtureTable = {
  'GET /:token/suggested_category': async ({ t }) => none({ token: await analyze(t) }),
  // A fresh analysis each time, so the proposal is never a duplicate (409).
  'POST /:token': async ({ t }) => ({
    params: { token: await analyze(t) },
    body: { input: FIXTURE_UNMATCHED, ingredient: 'glycerin' },
  }),
};
