// Fixtures of the routes whose operations live in rest-mappings/breadcrumbs.graphql.
import { type FixtureTable, none } from './base.js';

export const breadcrumbsFixtures: FixtureTable = {
  'GET /breadcrumbs/product_category/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.category.id }),
  'GET /breadcrumbs/product/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
};
