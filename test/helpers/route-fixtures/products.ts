// Fixtures of the routes whose operations live in rest-mappings/products.graphql.
import {
  type Caller,
  FIXTURE_LIST,
  type FixtureContext,
  type FixtureTable,
  handBrandTo,
  handOwnedBrand,
  nextOwnedProduct,
  none,
  ok,
} from './base.js';

const draftBody = (ctx: FixtureContext, brand: string) => {
  const u = ctx.unique();
  return {
    name: `Fixture serum ${u}`,
    brand,
    ingredient_list: FIXTURE_LIST,
    category: ctx.catalog.category.alias,
    description: 'Made by a route fixture.',
    size_amount: 30,
    size_unit: 'ml',
  };
};

/** A new draft product of a brand, added by `author` (a moderator, an admin or the brand's owner). */
async function createDraft(ctx: FixtureContext, brand: string, author: Caller): Promise<{ id: string; alias: string }> {
  return (await ok(
    await ctx.t.inject({
      method: 'POST',
      url: '/products/create',
      payload: draftBody(ctx, brand),
      token: author.token,
    }),
    'POST /products/create',
    201,
  )) as { id: string; alias: string };
}

export const productsFixtures: FixtureTable = {
  'GET /products': async () => ({ params: {}, query: { limit: '3', free_of: 'fragrance' } }),
  'GET /products/recent': async () => ({ params: {}, query: { limit: '3' } }),
  'GET /products/lookup': async ({ catalog }) => ({
    params: {},
    query: { brand: catalog.products[0].brand, name: catalog.products[0].name },
  }),
  'GET /products/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /products/:id_or_alias/analysis': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
  'GET /products/:id_or_alias/effects': async ({ catalog }) => none({ id_or_alias: catalog.product.id }),
  'GET /products/:id_or_alias/similar': async ({ catalog }) => ({
    params: { id_or_alias: catalog.product.alias },
    query: { limit: '3' },
  }),
  // A new draft of a brand `me` owns; drafts are hidden from strangers: NOT_FOUND.
  'PATCH /products/:id_or_alias/publish': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = await handOwnedBrand(ctx);
      return { params: { id_or_alias: (await createDraft(ctx, brand, ctx.me)).alias }, strangerStatus: 404 };
    },
  },
  'PATCH /products/:id_or_alias/attest_brand': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      return { params: { id_or_alias: product.alias }, strangerStatus: 403 };
    },
  },
  // A product `me` added to a brand `me` owns, that no one else has built on.
  'DELETE /products/:id': {
    ownerType: 'brand',
    build: async (ctx) => {
      const brand = await handOwnedBrand(ctx);
      return { params: { id: (await createDraft(ctx, brand, ctx.me)).id }, strangerStatus: 403 };
    },
  },
  // Brand users add products of their own brands: `me` is handed one when a brand user.
  'POST /products/create': async (ctx) => {
    const brand = nextOwnedProduct(ctx.catalog).brand;
    if (ctx.me.type === 'brand') await handBrandTo(ctx, brand);
    return { params: {}, body: draftBody(ctx, brand) };
  },
  'GET /products/:id_or_alias/routine_candidates': async ({ catalog }) => none({ id_or_alias: catalog.product.alias }),
};
