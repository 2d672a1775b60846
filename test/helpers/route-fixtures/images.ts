// Fixtures of the routes whose operations live in rest-mappings/images.graphql.
import { createProductDraft, fixtureImage, type FixtureTable, handBrandTo, nextOwnedProduct, ok } from './base.js';

export const imagesFixtures: FixtureTable = {
  // The product's brand is handed to `me` (a brand user) by an admin.
  'PATCH /products/:id_or_alias/product_image': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      return { params: { id_or_alias: product.alias }, body: { image: await fixtureImage() }, strangerStatus: 403 };
    },
  },
  'DELETE /products/:id_or_alias/product_image': {
    ownerType: 'brand',
    build: async (ctx) => {
      const product = nextOwnedProduct(ctx.catalog);
      await handBrandTo(ctx, product.brand);
      await ok(
        await ctx.t.inject({
          method: 'PATCH',
          url: `/products/${product.alias}/product_image`,
          payload: { image: await fixtureImage() },
          token: (await ctx.admin()).token,
        }),
        'PATCH product_image',
      );
      return { params: { id_or_alias: product.alias }, strangerStatus: 403 };
    },
  },
  'PATCH /users/:id/profile_picture': async ({ me }) => ({
    params: { id: me.id },
    body: { image: await fixtureImage() },
    strangerStatus: 403,
  }),
  'DELETE /users/:id/profile_picture': async ({ t, me }) => {
    await ok(
      await t.inject({
        method: 'PATCH',
        url: `/users/${me.id}/profile_picture`,
        payload: { image: await fixtureImage() },
        token: me.token,
      }),
      'PATCH profile_picture',
    );
    return { params: { id: me.id }, strangerStatus: 403 };
  },
  'PATCH /product_drafts/:id/product_image': async (ctx) => ({
    params: { id: await createProductDraft(ctx, ctx.me) },
    body: { image: await fixtureImage() },
    strangerStatus: 404,
  }),
};
