// Fixtures of the routes whose operations live in rest-mappings/product-categories.graphql.
import { type FixtureTable, none } from './base.js';

export const productCategoriesFixtures: FixtureTable = {
  'GET /product_categories': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /product_categories/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.category.alias }),
  'GET /product_categories/:id_or_alias/products': async ({ catalog }) => ({
    params: { id_or_alias: catalog.category.alias },
    query: { limit: '3' },
  }),
  'GET /product_categories/:id_or_alias/best_in': async ({ catalog }) => none({ id_or_alias: catalog.category.alias }),
};
