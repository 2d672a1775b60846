// Fixtures of the routes whose operations live in rest-mappings/articles.graphql.
import { firstSeededAlias, type FixtureTable, none } from './base.js';

export const articlesFixtures: FixtureTable = {
  'GET /articles': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /articles/:id_or_alias': async ({ t }) => none({ id_or_alias: await firstSeededAlias(t, '/articles') }),
};
