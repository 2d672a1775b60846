import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

interface Pitch {
  id: string;
  step_types: string[];
  message: string;
  affiliate_url: string | null;
  affiliate_user: { username: string } | null;
  affiliate_assigned_at: string | null;
  product: { alias: string };
  author: { username: string };
  ingredient_opinions: Array<{ id: string }>;
}
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
interface ProductDetail {
  alias: string;
  brand: { alias: string };
  ingredients: Array<{ ingredient: { id: string; alias: string } | null }>;
}

let t: TestApp;
let admin: string;
let bea: string; // brand user who owns the brand of `product`
let rex: string; // another brand user
let mod: string;
let expert: string;
let product: ProductDetail;
let contained: string; // alias of an ingredient the product contains
let absent: string; // alias of one it does not contain

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor('root', 'admin');
  bea = await t.tokenFor('bea', 'brand');
  rex = await t.tokenFor('rex', 'brand');
  mod = await t.tokenFor('mia', 'moderator');
  expert = await t.tokenFor('eli', 'expert');
  const alias = ((await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as Page<{ alias: string }>)
    .items[0].alias;
  product = (await t.inject({ method: 'GET', url: `/products/${alias}` })).json() as ProductDetail;
  const bi = await t.user('bea');
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/brands/${product.brand.alias}/transfer_ownership`,
        payload: { to: bi.id },
        token: admin,
      })
    ).statusCode,
  ).toBe(200);
  const aliases = product.ingredients.flatMap((i) => (i.ingredient ? [i.ingredient.alias] : []));
  contained = aliases[0];
  absent = ['retinol', 'salicylic-acid', 'zinc-oxide', 'squalane'].find((a) => !aliases.includes(a))!;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.inject({ method, url, token, payload });
async function pitch(token = bea, stepTypes: string[] = ['treat']): Promise<Pitch> {
  const response = await send('POST', '/product_pitches/create', token, {
    product: product.alias,
    step_types: stepTypes,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Pitch;
}
async function opinion(ingredient: string): Promise<string> {
  const response = await send('POST', '/ingredient_opinions/create', expert, {
    ingredient,
    text: `About ${ingredient}. #pitch`,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}
const pitchCount = async (): Promise<number> =>
  (await t.em().getConnection().execute('select count(*)::int as n from product_pitch'))[0].n as number;

describe('pitching', () => {
  it("lets the brand's owner pitch its product for step types", async () => {
    const created = await send('POST', '/product_pitches/create', bea, {
      product: product.alias,
      step_types: ['Treat', 'moisturise', 'treat'],
      message: ' For dry skin. ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      step_types: ['treat', 'moisturise'],
      message: 'For dry skin.',
      affiliate_url: null,
      affiliate_user: null,
      ingredient_opinions: [],
      product: { alias: product.alias },
      author: { username: 'bea' },
    });
  });

  it('refuses anonymous (401), non-brand users and other brands (403), bad step types (400), unknown products (404), writing nothing', async () => {
    const before = await pitchCount();
    const body = { product: product.alias, step_types: ['treat'] };
    expect(errorOf(await send('POST', '/product_pitches/create', undefined, body)).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await send('POST', '/product_pitches/create', expert, body)).code).toBe('FORBIDDEN');
    expect(errorOf(await send('POST', '/product_pitches/create', mod, body)).code).toBe('FORBIDDEN');
    expect(errorOf(await send('POST', '/product_pitches/create', rex, body)).code).toBe('FORBIDDEN');
    expect(
      errorOf(await send('POST', '/product_pitches/create', bea, { ...body, step_types: ['levitate'] })).details,
    ).toMatchObject({ field: 'step_types' });
    expect(
      errorOf(await send('POST', '/product_pitches/create', bea, { ...body, step_types: [] })).details,
    ).toMatchObject({ field: 'step_types' });
    expect(
      errorOf(await send('POST', '/product_pitches/create', bea, { ...body, message: 'x'.repeat(2001) })).details,
    ).toMatchObject({ field: 'message' });
    expect(
      (await send('POST', '/product_pitches/create', bea, { ...body, product: 'no-such-product' })).statusCode,
    ).toBe(404);
    expect(await pitchCount()).toBe(before);
    // Admins may pitch any product.
    expect((await send('POST', '/product_pitches/create', admin, body)).statusCode).toBe(201);
  });
});

describe('affiliate', () => {
  it('stores an https URL and an optional credited user; each call replaces both', async () => {
    const p = await pitch();
    const url = `/product_pitches/${p.id}/assign_affiliate`;
    expect(
      (await send('PATCH', url, bea, { affiliate_url: 'https://shop.example/ref?id=1', affiliate_user: 'eli' })).json(),
    ).toMatchObject({
      affiliate_url: 'https://shop.example/ref?id=1',
      affiliate_user: { username: 'eli' },
      affiliate_assigned_at: expect.any(String),
    });
    expect((await send('PATCH', url, bea, { affiliate_url: 'https://shop.example/other' })).json()).toMatchObject({
      affiliate_url: 'https://shop.example/other',
      affiliate_user: null,
    });
    for (const bad of ['http://shop.example', 'ftp://shop.example', 'shop.example', '']) {
      expect(errorOf(await send('PATCH', url, bea, { affiliate_url: bad })).details).toMatchObject({
        field: 'affiliate_url',
      });
    }
    expect(
      (await send('PATCH', url, bea, { affiliate_url: 'https://shop.example/x', affiliate_user: 'nobody-like-this' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', url, bea, { affiliate_url: 'https://shop.example/x', affiliate_user: 'e\u0000li' }))
        .statusCode,
    ).toBe(400);
    expect(
      ((await send('GET', '/my/product_pitches', bea)).json() as Page<Pitch>).items.find((x) => x.id === p.id),
    ).toMatchObject({ affiliate_url: 'https://shop.example/other' });
  });

  it("lets only the author, the brand's current owner and moderators change a pitch", async () => {
    const p = await pitch();
    const url = `/product_pitches/${p.id}/assign_affiliate`;
    const body = { affiliate_url: 'https://shop.example/a' };
    expect(errorOf(await send('PATCH', url, undefined, body)).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await send('PATCH', url, rex, body)).code).toBe('FORBIDDEN');
    expect(errorOf(await send('PATCH', url, expert, body)).code).toBe('FORBIDDEN');
    expect((await send('PATCH', url, mod, body)).statusCode).toBe(200);
    expect((await send('PATCH', '/product_pitches/not-a-uuid/assign_affiliate', bea, body)).statusCode).toBe(404);
    expect(
      (await send('PATCH', '/product_pitches/0190a1b2-0000-7000-8000-000000000000/assign_affiliate', bea, body))
        .statusCode,
    ).toBe(404);
    // The brand changes hands: the new owner may change the pitch, the author still may.
    const rexId = (await t.user('rex')).id;
    await send('PATCH', `/brands/${product.brand.alias}/transfer_ownership`, admin, { to: rexId });
    try {
      expect((await send('PATCH', url, rex, body)).statusCode).toBe(200);
      expect((await send('PATCH', url, bea, body)).statusCode).toBe(200);
    } finally {
      await send('PATCH', `/brands/${product.brand.alias}/transfer_ownership`, admin, { to: (await t.user('bea')).id });
    }
  });
});

describe('ingredient opinions of a pitch', () => {
  it('attaches opinions about ingredients the product contains, lists and detaches them', async () => {
    const p = await pitch();
    const good = await opinion(contained);
    const other = await opinion(contained);
    const bad = await opinion(absent);
    const add = (uuid: string, token = bea) =>
      send('PATCH', `/product_pitches/${p.id}/add_ingredient_opinion`, token, { opinion_uuid: uuid });
    const remove = (uuid: string, token = bea) =>
      send('PATCH', `/product_pitches/${p.id}/remove_ingredient_opinion`, token, { opinion_uuid: uuid });
    expect(errorOf(await add(bad)).details).toMatchObject({ field: 'opinion_uuid' });
    expect((await add('0190a1b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await add('nope')).statusCode).toBe(404);
    expect(errorOf(await add(good, rex)).code).toBe('FORBIDDEN');
    expect(((await add(good)).json() as Pitch).ingredient_opinions.map((o) => o.id)).toEqual([good]);
    expect(((await add(good)).json() as Pitch).ingredient_opinions.map((o) => o.id)).toEqual([good]);
    await add(other);
    const listed = (await send('GET', `/product_pitches/${p.id}/ingredient_opinions`)).json() as Page<{
      id: string;
      ingredient: { alias: string };
    }>;
    expect(listed.items.map((o) => o.id)).toEqual([good, other]);
    expect(listed.items[0].ingredient.alias).toBe(contained);
    expect(
      ((await send('GET', `/product_pitches/${p.id}/ingredient_opinions?limit=1`)).json() as Page<unknown>).next_cursor,
    ).toEqual(expect.any(String));

    expect(((await remove(good)).json() as Pitch).ingredient_opinions.map((o) => o.id)).toEqual([other]);
    expect(errorOf(await remove(good)).code).toBe('NOT_FOUND');
    // Deleting an opinion takes it off every pitch.
    expect((await send('GET', `/ingredient_opinions/${other}/current`)).statusCode).toBe(200);
    await t.inject({ method: 'DELETE', url: `/ingredient_opinions/${other}`, token: expert });
    expect(((await send('GET', `/product_pitches/${p.id}/ingredient_opinions`)).json() as Page<unknown>).items).toEqual(
      [],
    );
    expect((await send('GET', '/product_pitches/nope/ingredient_opinions')).statusCode).toBe(404);
  });
});

describe('my pitches', () => {
  it('lists mine, newest first, in a constant number of statements whatever the page size', async () => {
    const zed = await t.tokenFor('zed', 'brand');
    await send('PATCH', `/brands/${product.brand.alias}/transfer_ownership`, admin, { to: (await t.user('zed')).id });
    const made: string[] = [];
    try {
      const about = await opinion(contained);
      for (let i = 0; i < 12; i++) {
        const p = await pitch(zed, [['treat', 'moisturise', 'protect'][i % 3]]);
        await send('PATCH', `/product_pitches/${p.id}/add_ingredient_opinion`, zed, { opinion_uuid: about });
        await send('PATCH', `/product_pitches/${p.id}/assign_affiliate`, zed, {
          affiliate_url: 'https://shop.example/z',
          affiliate_user: 'eli',
        });
        made.unshift(p.id);
      }
    } finally {
      await send('PATCH', `/brands/${product.brand.alias}/transfer_ownership`, admin, { to: (await t.user('bea')).id });
    }
    const small = await t.countStatements({ method: 'GET', url: '/my/product_pitches?limit=2', token: zed });
    const large = await t.countStatements({ method: 'GET', url: '/my/product_pitches?limit=12', token: zed });
    const items = (large.response.json() as Page<Pitch>).items;
    expect(items.map((p) => p.id)).toEqual(made);
    expect(items.every((p) => p.ingredient_opinions.length === 1)).toBe(true);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(8);
    expect((await send('GET', '/my/product_pitches')).statusCode).toBe(401);
  });
});
