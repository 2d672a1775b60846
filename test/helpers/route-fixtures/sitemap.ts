// Fixtures of the routes whose operations live in rest-mappings/sitemap.graphql.
import { type FixtureTable, none } from './base.js';

export const sitemapFixtures: FixtureTable = {
  'GET /sitemap/products': async () => none(),
  'GET /sitemap/ingredients': async () => none(),
};
