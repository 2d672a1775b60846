// Fixtures of the routes whose operations live in rest-mappings/product-drafts.graphql.
import {
  createProductDraft,
  FIXTURE_LIST,
  fixtureBarcode,
  type FixtureTable,
  makeCaller,
  productDraftBody,
} from './base.js';

export const productDraftsFixtures: FixtureTable = {
  'GET /product_drafts': async () => ({ params: {}, query: { status: 'pending', limit: '5' } }),
  'POST /product_drafts/create': async (ctx) => ({ params: {}, body: productDraftBody(ctx) }),
  'POST /product_drafts/update': async (ctx) => ({
    params: {},
    body: {
      id: await createProductDraft(ctx, ctx.me),
      name: `Renamed draft ${ctx.unique()}`,
      barcode: fixtureBarcode(),
    },
  }),
  'POST /product_drafts/auto_classify': async ({ catalog }) => ({
    params: {},
    body: { name: `${catalog.products[0].brand} ${catalog.products[0].name}`, ingredient_list: FIXTURE_LIST },
  }),
  // `me` is a moderator or an admin; the draft is another user's.
  'POST /product_drafts/approve': async (ctx) => ({
    params: {},
    body: { id: await createProductDraft(ctx, await makeCaller(ctx.t, 'fixture-draft-author')) },
  }),
  'GET /product_drafts/:id': async (ctx) => ({
    params: { id: await createProductDraft(ctx, ctx.me) },
    strangerStatus: 404,
  }),
  'DELETE /product_drafts/:id': async (ctx) => ({
    params: { id: await createProductDraft(ctx, ctx.me) },
    strangerStatus: 404,
  }),
  'GET /my/product_drafts/authored': async (ctx) => {
    await createProductDraft(ctx, ctx.me);
    return { params: {}, query: { limit: '5' } };
  },
  'GET /my/product_drafts/reviewed': async () => ({ params: {}, query: { limit: '5' } }),
};
