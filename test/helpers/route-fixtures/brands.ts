// Fixtures of the routes whose operations live in rest-mappings/brands.graphql.
import { type FixtureTable, handOwnedBrand, makeCaller, none } from './base.js';

export const brandsFixtures: FixtureTable = {
  'GET /brands': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /brands/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.brand.alias }),
  'GET /brands/:id_or_alias/products': async ({ catalog }) => ({
    params: { id_or_alias: catalog.brand.id },
    query: { limit: '3' },
  }),
  // The brand of a product is handed to `me` (a brand user) by an admin.
  'PATCH /brands/:id_or_alias': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = await handOwnedBrand(ctx);
      return {
        params: { id_or_alias: brand },
        body: {
          description: 'Changed by a route fixture.',
          website: 'https://brand.example',
          founded: 2001,
          country: 'FR',
        },
        strangerStatus: 403,
      };
    },
  },
  'PATCH /brands/:id_or_alias/transfer_ownership': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = await handOwnedBrand(ctx);
      const heir = await makeCaller(ctx.t, 'fixture-brand-heir', 'brand');
      return { params: { id_or_alias: brand }, body: { to: heir.username }, strangerStatus: 403 };
    },
  },
};
