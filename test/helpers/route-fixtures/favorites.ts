// Fixtures of the routes whose operations live in rest-mappings/favorites.graphql.
import { favour, type FixtureTable, none } from './base.js';

export const favoritesFixtures: FixtureTable = {
  'GET /products/favorite_lookup': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: {}, query: { ids: `${catalog.product.alias},${catalog.products[1].id}` } };
  },
  'POST /products/:id_or_alias/favorite': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'DELETE /products/:id_or_alias/favorite': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.products[1].alias);
    return none({ id_or_alias: catalog.products[1].id });
  },
  'GET /my/favorite_products': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /user/:id_or_username/favorite_products': async ({ t, me, catalog }) => {
    await favour(t, me, catalog.product.alias);
    return { params: { id_or_username: me.username }, query: { limit: '5' } };
  },
};
