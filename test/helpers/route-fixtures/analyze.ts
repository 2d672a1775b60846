// Fixtures of the routes whose operations live in rest-mappings/analyze.graphql.
import { analyze, FIXTURE_LIST, type FixtureTable, none } from './base.js';

export const analyzeFixtures: FixtureTable = {
  'POST /analyze/ingredient_list': async () => ({ params: {}, body: { ingredient_list: FIXTURE_LIST } }),
  'GET /analyze/ingredient_groups': async () => none(),
  'GET /analyze/ingredient_group': async ({ catalog }) => ({ params: {}, query: { group: catalog.group, limit: '5' } }),
  // A fresh anonymous analysis: anyone may claim it once.
  'PATCH /analyze/claim/:token': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/shared/:token': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/categorize': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/missing_ingredients': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/skin_calc': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/rules': async ({ t }) => none({ token: await analyze(t) }),
  'GET /analyze/:token/similar_products': async ({ t }) => ({
    params: { token: await analyze(t) },
    query: { limit: '3' },
  }),
  'POST /analyze/extract_label': async () => ({
    params: {},
    body: { text: `Hydrating serum 30 ml\n${FIXTURE_LIST}\nMade in France.` },
  }),
  'POST /analyze/effects': async () => ({ params: {}, body: { ingredient_list: FIXTURE_LIST } }),
};
