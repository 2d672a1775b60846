// Fixtures of the routes whose operations live in rest-mappings/ingredient-opinions.graphql.
import { endorse, type FixtureTable, fixtureUser, none, writeOpinion } from './base.js';

export const ingredientOpinionsFixtures: FixtureTable = {
  // Ingredient opinions (written by experts; the fixture expert where `me` may be a member)
  'POST /ingredient_opinions/create': async () => ({
    params: {},
    body: { ingredient: 'glycerin', text: 'A humectant that suits every skin type. #humectant' },
  }),
  'PATCH /ingredient_opinions/:opinion_uuid': {
    ownerType: 'expert',
    build: async ({ t, me }) => ({
      params: { opinion_uuid: (await writeOpinion(t, me)).id },
      body: { text: 'Edited by a route fixture. #edited' },
      strangerStatus: 403,
    }),
  },
  'DELETE /ingredient_opinions/:opinion_uuid': {
    ownerType: 'expert',
    build: async ({ t, me }) => ({ params: { opinion_uuid: (await writeOpinion(t, me)).id }, strangerStatus: 403 }),
  },
  'GET /ingredient_opinions/:opinion_uuid/current': async ({ t }) =>
    none({ opinion_uuid: (await writeOpinion(t, null)).id }),
  'GET /ingredient_opinions/:opinion_uuid/history': async ({ t }) => ({
    params: { opinion_uuid: (await writeOpinion(t, null)).id },
    query: { limit: '5' },
  }),
  'GET /ingredient_opinions/entry/:entry_uuid': async ({ t }) =>
    none({ entry_uuid: (await writeOpinion(t, null)).current_entry_id }),
  'GET /ingredient_opinions/hashtag/:hashtag': async ({ t }) => {
    await writeOpinion(t, null);
    return { params: { hashtag: 'Humectant' }, query: { limit: '5' } };
  },
  'GET /ingredients/:id_or_alias/endorsed_opinions': async ({ t }) => {
    await endorse(t, (await writeOpinion(t, null, 'niacinamide', 'Niacinamide calms redness. #niacinamide')).id);
    return { params: { id_or_alias: 'niacinamide' }, query: { limit: '5' } };
  },
  'GET /ingredients/:id_or_alias/featured_opinion': async ({ t }) => {
    await endorse(t, (await writeOpinion(t, null, 'niacinamide', 'Niacinamide calms redness. #niacinamide')).id);
    return none({ id_or_alias: 'niacinamide' });
  },
  'GET /my/ingredient_opinions': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /my/ingredient_opinions/:ingredient_id_or_alias': async () => ({
    params: { ingredient_id_or_alias: 'glycerin' },
    query: { limit: '5' },
  }),
  'GET /users/:id_or_username/ingredient_opinions': async ({ t }) => ({
    params: { id_or_username: (await fixtureUser(t, 'fixture-expert', 'expert')).username },
    query: { limit: '5' },
  }),
};
