// Fixtures of the routes whose operations live in rest-mappings/product-pitches.graphql.
import {
  type Caller,
  type FixtureContext,
  type FixtureTable,
  fixtureUser,
  nextOwnedProduct,
  ok,
  writeOpinion,
} from './base.js';

/** A product handed to `owner` (a brand user) with the id of an ingredient it contains. */
async function ownedProductFor(ctx: FixtureContext, owner: Caller): Promise<{ alias: string; ingredient: string }> {
  const product = nextOwnedProduct(ctx.catalog);
  await ok(
    await ctx.t.inject({
      method: 'PATCH',
      url: `/brands/${product.brand}/transfer_ownership`,
      payload: { to: owner.id },
      token: (await ctx.admin()).token,
    }),
    'transfer_ownership',
  );
  const detail = (await ok(
    await ctx.t.inject({ method: 'GET', url: `/products/${product.alias}` }),
    'GET product',
  )) as { ingredients: Array<{ ingredient: { id: string } | null }> };
  const ingredient = detail.ingredients.find((i) => i.ingredient)?.ingredient?.id;
  if (!ingredient) throw new Error(`Fixture setup: product ${product.alias} has no matched ingredient`);
  return { alias: product.alias, ingredient };
}

/** A new pitch by `owner` (a brand user who is handed the product's brand), with an opinion it may attach. */
async function writePitch(ctx: FixtureContext, owner: Caller): Promise<{ id: string; opinion: string }> {
  const product = await ownedProductFor(ctx, owner);
  const pitch = (await ok(
    await ctx.t.inject({
      method: 'POST',
      url: '/product_pitches/create',
      payload: { product: product.alias, step_types: ['treat', 'moisturise'] },
      token: owner.token,
    }),
    'POST /product_pitches/create',
    201,
  )) as { id: string };
  return { id: pitch.id, opinion: (await writeOpinion(ctx.t, null, product.ingredient, 'Fixture opinion #pitch')).id };
}

async function attach(ctx: FixtureContext, owner: Caller, pitch: string, opinion: string): Promise<void> {
  await ok(
    await ctx.t.inject({
      method: 'PATCH',
      url: `/product_pitches/${pitch}/add_ingredient_opinion`,
      payload: { opinion_uuid: opinion },
      token: owner.token,
    }),
    'add_ingredient_opinion',
  );
}

export const productPitchesFixtures: FixtureTable = {
  // Product pitches (by brand users who own the product's brand)
  'POST /product_pitches/create': async (ctx) => {
    const product = ctx.me.type === 'brand' ? (await ownedProductFor(ctx, ctx.me)).alias : ctx.catalog.product.alias;
    return { params: {}, body: { product, step_types: ['treat'], message: 'Made by a route fixture.' } };
  },
  'PATCH /product_pitches/:id/assign_affiliate': {
    ownerType: 'brand',
    build: async (ctx) => ({
      params: { id: (await writePitch(ctx, ctx.me)).id },
      body: { affiliate_url: 'https://shop.example/ref/fixture', affiliate_user: ctx.me.username },
      strangerStatus: 403,
    }),
  },
  'PATCH /product_pitches/:id/add_ingredient_opinion': {
    ownerType: 'brand',
    build: async (ctx) => {
      const pitch = await writePitch(ctx, ctx.me);
      return { params: { id: pitch.id }, body: { opinion_uuid: pitch.opinion }, strangerStatus: 403 };
    },
  },
  'PATCH /product_pitches/:id/remove_ingredient_opinion': {
    ownerType: 'brand',
    build: async (ctx) => {
      const pitch = await writePitch(ctx, ctx.me);
      await attach(ctx, ctx.me, pitch.id, pitch.opinion);
      return { params: { id: pitch.id }, body: { opinion_uuid: pitch.opinion }, strangerStatus: 403 };
    },
  },
  'GET /product_pitches/:id/ingredient_opinions': async (ctx) => {
    const pitcher = await fixtureUser(ctx.t, 'fixture-pitcher', 'brand');
    const pitch = await writePitch(ctx, pitcher);
    await attach(ctx, pitcher, pitch.id, pitch.opinion);
    return { params: { id: pitch.id }, query: { limit: '5' } };
  },
  'GET /my/product_pitches': async () => ({ params: {}, query: { limit: '5' } }),
};
