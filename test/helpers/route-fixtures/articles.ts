// Fixtures of the routes whose operations live in rest-mappings/articles.graphql.
import { type FixtureTable, none, ok } from './base.js';

export const articlesFixtures: FixtureTable = {
  'GET /articles': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /articles/:id_or_alias': async ({ t }) => {
    const page = (await ok(await t.inject({ method: 'GET', url: '/articles?limit=1' }), 'GET /articles')) as { items: Array<{ alias: string }> };
    if (!page.items.length) throw new Error('Fixture setup: no article is seeded');
    return none({ id_or_alias: page.items[0].alias });
  },
};
