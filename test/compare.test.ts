import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { outsideWriteBumps } from '../src/platform/response-cache.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';

let t: TestApp;
let products: Array<{ id: string; alias: string; name: string }>;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skin.example' });
  products = ((await t.inject({ method: 'GET', url: '/products?limit=10' })).json() as { items: typeof products })
    .items;
});
afterAll(async () => {
  await t?.close();
});

type Cell = { present: boolean; ingredients: Array<{ alias: string }> };
type Comparison = {
  token: string | null;
  url: string | null;
  page_url: string | null;
  items: Array<{
    kind: string;
    analysis_token: string | null;
    product: { id: string } | null;
    ingredient_count: number;
    only_here: Array<{ alias: string }>;
  }>;
  shared: Array<{ alias: string }>;
  overlap: Array<{ a: number; b: number; jaccard: number }>;
  flags: Array<{ name: string; label: string; items: Cell[] }>;
  effects: Array<{ name: string; items: Cell[] }>;
  rules: Array<{ name: string; label: string; items: Cell[] }>;
};

const expand = (items: unknown) => t.inject({ method: 'POST', url: '/compare/expand', payload: { items } });

describe('POST /compare/expand', () => {
  it('compares products (by alias or id) and an analysed list ingredient by ingredient', async () => {
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Aqua, Glycerin, Parfum, Dimethicone' },
      })
    ).json() as { token: string };
    const response = await expand([products[0].alias, products[1].id, analysis.token]);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Comparison;
    expect(body.token).toBeNull();
    expect(body.items.map((i) => i.kind)).toEqual(['product', 'product', 'analysis']);
    expect(body.items[1].product?.id).toBe(products[1].id);
    expect(body.items[2].analysis_token).toBe(analysis.token);
    expect(body.items[2].ingredient_count).toBe(4);
    expect(body.overlap).toHaveLength(3);
    for (const row of [...body.flags, ...body.effects, ...body.rules]) expect(row.items).toHaveLength(3);
    const fragranceFree = body.rules.find((r) => r.name === 'fragrance_free')!;
    expect(fragranceFree.items[2].present).toBe(false);
    expect(fragranceFree.items[2].ingredients.map((i) => i.alias)).toContain('fragrance');
    const shared = new Set(body.shared.map((i) => i.alias));
    for (const item of body.items) for (const only of item.only_here) expect(shared.has(only.alias)).toBe(false);
  });

  it.each([
    [[], 'items'],
    [['one-product'], 'items'],
    [['a', 'b', 'c', 'd', 'e', 'f'], 'items'],
  ])('takes 2 to 5 items: %j is a 400', async (items, field) => {
    const response = await expand(items);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.field).toBe(field);
  });

  it('answers 404 naming an unknown item', async () => {
    const response = await expand([products[0].alias, 'no-such-product-or-token']);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toContain('no-such-product-or-token');
  });
});

describe('sharing', () => {
  it("stores a comparison under a token, readable by anyone; its owner's is not listed in the sitemap", async () => {
    const alice = await makeCaller(t, 'compare-alice');
    const response = await t.inject({
      method: 'POST',
      url: '/compare/share',
      payload: { items: [products[2].alias, products[3].alias] },
      token: alice.token,
    });
    expect(response.statusCode).toBe(201);
    const shared = response.json() as Comparison;
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(shared.url).toBe(`https://skin.example/compare/shared/${shared.token}`);
    // The page a person shares, named apart from the JSON address; both answer.
    expect(shared.page_url).toBe(`https://skin.example/p/comparisons/${shared.token}`);
    const opened = await t.inject({ method: 'GET', url: new URL(shared.page_url!).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);

    const read = await t.inject({ method: 'GET', url: `/compare/shared/${shared.token}` });
    expect(read.statusCode).toBe(200);
    const body = read.json() as Comparison;
    expect(body.items.map((i) => i.product?.id)).toEqual([products[2].id, products[3].id]);
    expect(body.shared).toEqual(shared.shared);

    const sitemap = await t.inject({ method: 'GET', url: '/sitemap/comparisons' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // Owned by a signed-in person, who has no way to publish it: not listed (issue 37).
    expect(sitemap.body).not.toContain(shared.token);
  });

  it('lists in the sitemap only comparisons nobody owns of published catalog products', async () => {
    const share = async (items: string[], token?: string) =>
      ((await t.inject({ method: 'POST', url: '/compare/share', payload: { items }, token })).json() as Comparison)
        .token;
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Aqua, Glycerin' },
      })
    ).json() as { token: string };
    const bob = await makeCaller(t, 'compare-sitemap-bob');
    const anonymousProducts = await share([products[6].alias, products[7].alias]);
    const anonymousPasted = await share([products[6].alias, analysis.token]);
    const ownedProducts = await share([products[6].alias, products[8].alias], bob.token);
    const listed = (await t.inject({ method: 'GET', url: '/sitemap/comparisons' })).body;
    expect(listed).toContain(`/p/comparisons/${anonymousProducts}</loc>`);
    expect(listed).not.toContain(anonymousPasted);
    expect(listed).not.toContain(ownedProducts);
    // Still readable by link, whoever made them.
    for (const token of [anonymousPasted, ownedProducts])
      expect((await t.inject({ method: 'GET', url: `/compare/shared/${token}` })).statusCode).toBe(200);
    // A product unpublished since takes its comparisons out of the listing.
    await t.em().getConnection().execute(`update product set status = 'draft' where alias = ?`, [products[7].alias]);
    // Written outside a request: the response cache hears of it a moment later.
    await outsideWriteBumps.settled();
    expect((await t.inject({ method: 'GET', url: '/sitemap/comparisons' })).body).not.toContain(anonymousProducts);
    await t
      .em()
      .getConnection()
      .execute(`update product set status = 'published' where alias = ?`, [products[7].alias]);
  });

  it('never hands out the token of an analysis it holds (which would let a stranger claim it)', async () => {
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Aqua, Glycerin, Niacinamide' },
      })
    ).json() as { token: string };
    const share = await t.inject({
      method: 'POST',
      url: '/compare/share',
      payload: { items: [products[5].alias, analysis.token] },
    });
    expect(share.statusCode).toBe(201);
    expect(share.body).not.toContain(analysis.token);
    const { token } = share.json() as Comparison;
    const read = await t.inject({ method: 'GET', url: `/compare/shared/${token}` });
    expect(read.body).not.toContain(analysis.token);
    const body = read.json() as Comparison;
    expect(body.items[1]).toMatchObject({ kind: 'analysis', analysis_token: null, ingredient_count: 3 });
    expect((await t.inject({ method: 'GET', url: '/sitemap/comparisons' })).body).not.toContain(analysis.token);
    const [row] = await t
      .em()
      .getConnection()
      .execute(`select items::text as items from shared_comparison where token = ?`, [token]);
    expect(row.items).not.toContain(analysis.token);
    // The analysis stays anonymous and claimable by whoever analysed it (who holds the token).
    const [{ owner_id: owner }] = await t
      .em()
      .getConnection()
      .execute(`select owner_id from ingredient_analysis where token = ?`, [analysis.token]);
    expect(owner).toBeNull();
  });

  it('keeps a deleted product in the comparisons that shared it, as it was', async () => {
    const admin = await t.tokenFor('compare-admin', 'admin');
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: admin,
      payload: {
        name: 'Short-Lived Toner',
        brand: (await t.inject({ method: 'GET', url: `/products/${products[0].alias}` })).json().brand.alias,
        category: 'toners',
        ingredient_list: 'Aqua, Glycerin, Parfum',
      },
    });
    expect(created.statusCode).toBe(201);
    const doomed = created.json() as { id: string; alias: string };
    await t.inject({ method: 'PATCH', url: `/products/${doomed.id}/publish`, token: admin });
    const { token } = (
      await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[6].alias, doomed.id] } })
    ).json() as Comparison;
    const before = (await t.inject({ method: 'GET', url: `/compare/shared/${token}` })).json() as Comparison;
    expect((await t.inject({ method: 'DELETE', url: `/products/${doomed.id}`, token: admin })).statusCode).toBe(204);
    const read = await t.inject({ method: 'GET', url: `/compare/shared/${token}` });
    expect(read.statusCode).toBe(200);
    const after = read.json() as Comparison & {
      items: Array<{ name: string; removed: boolean; brand_name: string | null }>;
    };
    expect(after.items).toHaveLength(2);
    expect(after.items[1]).toMatchObject({
      kind: 'product',
      product: null,
      name: 'Short-Lived Toner',
      removed: true,
      ingredient_count: before.items[1].ingredient_count,
    });
    expect(after.items[1].brand_name).toEqual(expect.any(String));
    expect(after.items[0]).toMatchObject({ removed: false, product: { id: products[6].id } });
    expect(after.shared).toEqual(before.shared);
    expect(after.rules).toEqual(before.rules);
  });

  it('anonymous callers share too; a rejected share writes nothing; unknown tokens are 404', async () => {
    expect(
      (await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[0].id, products[4].id] } }))
        .statusCode,
    ).toBe(201);
    const before = await snapshotDb(t);
    expect(
      (await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[0].id] } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/compare/share',
          payload: { items: [products[0].id, 'nothing-like-it'] },
        })
      ).statusCode,
    ).toBe(404);
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/compare/shared/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/compare/shared/x' })).statusCode).toBe(404);
  });
});
