import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let alias: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  const page = (await t.inject({ method: 'GET', url: '/products?limit=2' })).json() as {
    items: Array<{ alias: string }>;
  };
  [alias, other] = page.items.map((p) => p.alias);
});
afterAll(async () => {
  await t?.close();
});

describe('product favourites', () => {
  it('favours idempotently, unfavours idempotently, and needs a token', async () => {
    expect((await t.inject({ method: 'POST', url: `/products/${alias}/favorite` })).statusCode).toBe(401);
    const lena = await t.tokenFor('lena');
    const first = await t.inject({ method: 'POST', url: `/products/${alias}/favorite`, token: lena });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ alias, favorite_count: 1 });
    expect((await t.inject({ method: 'POST', url: `/products/${alias}/favorite`, token: lena })).json()).toMatchObject({
      favorite_count: 1,
    });
    const removed = await t.inject({ method: 'DELETE', url: `/products/${alias}/favorite`, token: lena });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await t.inject({ method: 'DELETE', url: `/products/${alias}/favorite`, token: lena })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'POST', url: '/products/nope/favorite', token: lena })).statusCode).toBe(404);
  });

  it('finds an unpublished product only for those who may see it, and answers with the whole product', async () => {
    const moderator = await t.tokenFor('fav-mod', 'moderator');
    const brand = (
      (await t.inject({ method: 'GET', url: '/brands?limit=1' })).json() as {
        items: Array<{ alias: string; name: string }>;
      }
    ).items[0];
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: moderator,
      payload: { name: 'Unpublished favourite', brand: brand.alias, ingredient_list: 'Water, Glycerin' },
    });
    expect(created.statusCode).toBe(201);
    const hidden = created.json() as { id: string; alias: string; status: string };
    expect(hidden.status).not.toBe('published');
    const stranger = await t.tokenFor('fav-stranger');
    for (const method of ['POST', 'DELETE'] as const) {
      const answer = await t.inject({ method, url: `/products/${hidden.alias}/favorite`, token: stranger });
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer).code).toBe('NOT_FOUND');
    }
    // Its creator (a moderator) may; the answer serves any field a client asks for.
    const mine = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: moderator,
      payload: {
        query: `mutation { favoriteProduct(idOrAlias: "${hidden.id}") { alias status ingredientList brand { name } favoriteCount } }`,
      },
    });
    expect(mine.json()).toEqual({
      data: {
        favoriteProduct: {
          alias: hidden.alias,
          status: hidden.status,
          ingredientList: 'Water, Glycerin',
          brand: { name: brand.name },
          favoriteCount: 1,
        },
      },
    });
    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${hidden.id}/favorite`, token: moderator })).statusCode,
    ).toBe(204);
  });

  it('keeps counts right when 50 requests arrive at once', async () => {
    const tokens = await Promise.all(Array.from({ length: 25 }, (_, i) => t.tokenFor(`fan${i}`)));
    const responses = await Promise.all(
      [...tokens, ...tokens].map((token) => t.inject({ method: 'POST', url: `/products/${other}/favorite`, token })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute(
        `select count(*)::int as n from product_favorite f join product p on p.id = f.product_id where p.alias = ?`,
        [other],
      );
    expect(n).toBe(25);
  });

  it("lists mine and another user's favourites, and looks up which I favour", async () => {
    const milo = await t.tokenFor('milo');
    await t.inject({ method: 'POST', url: `/products/${alias}/favorite`, token: milo });
    await t.inject({ method: 'POST', url: `/products/${other}/favorite`, token: milo });
    const mine = (await t.inject({ method: 'GET', url: '/my/favorite_products', token: milo })).json() as {
      items: Array<{ alias: string }>;
    };
    expect(mine.items.map((p) => p.alias)).toEqual([other, alias]);
    const theirs = (await t.inject({ method: 'GET', url: '/user/milo/favorite_products' })).json() as {
      items: Array<{ alias: string }>;
    };
    expect(theirs.items.map((p) => p.alias)).toEqual([other, alias]);
    expect((await t.inject({ method: 'GET', url: '/user/nobody-here/favorite_products' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/my/favorite_products' })).statusCode).toBe(401);

    const lookup = (
      await t.inject({ method: 'GET', url: `/products/favorite_lookup?ids=${alias},no-such-product`, token: milo })
    ).json() as { items: Array<{ key: string; favorited: boolean; product_id: string | null }> };
    expect(lookup.items).toEqual([
      { key: alias, product_id: expect.any(String), favorited: true },
      { key: 'no-such-product', product_id: null, favorited: false },
    ]);
    expect(errorOf(await t.inject({ method: 'GET', url: '/products/favorite_lookup', token: milo }))).toMatchObject({
      details: { field: 'ids' },
    });
  });
});
