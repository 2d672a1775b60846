// Fixtures of the routes whose operations live in rest-mappings/ingredient-feelings.graphql.
import { analyze, feel, type FixtureTable, none } from './base.js';

export const ingredientFeelingsFixtures: FixtureTable = {
  'GET /analyze/:token/ingredient_feelings': async ({ t, me }) => {
    await feel(t, me, 'glycerin');
    return none({ token: await analyze(t, me) });
  },
  'GET /analyze/:token/personalize': async ({ t, me }) => none({ token: await analyze(t, me) }),
  'PUT /ingredients/:id_or_alias/feeling/positive': async () => none({ id_or_alias: 'glycerin' }),
  'PUT /ingredients/:id_or_alias/feeling/negative': async () => none({ id_or_alias: 'niacinamide' }),
  'DELETE /ingredients/:id_or_alias/feeling': async ({ t, me }) => {
    await feel(t, me, 'water');
    return none({ id_or_alias: 'water' });
  },
  'GET /ingredient_feelings/:id': async ({ t, me }) => none({ id: await feel(t, me, 'glycerin') }),
};
