// Fixtures of the routes whose operations live in rest-mappings/ingredients.graphql.
import { type FixtureTable, none } from './base.js';

export const ingredientsFixtures: FixtureTable = {
  'GET /ingredients': async () => ({ params: {}, query: { search: 'glycer', limit: '5' } }),
  'POST /ingredients/create': async ({ unique }) => {
    const u = unique();
    return {
      params: {},
      body: {
        name: `Fixturamide ${u}`,
        alias: `fixturamide-${u}`,
        functions: ['humectant'],
        description: 'Made by a route fixture.',
      },
    };
  },
  'POST /ingredients/:id_or_alias/submit_feedback': async () => ({
    params: { id_or_alias: 'niacinamide' },
    body: { kind: 'other', message: 'Feedback from a route fixture' },
  }),
  'GET /ingredients/:id_or_alias/products': async ({ catalog }) => ({
    params: { id_or_alias: catalog.ingredient.alias },
    query: { limit: '3' },
  }),
  'GET /ingredients/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.ingredient.id }),
};
