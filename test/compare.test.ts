import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { makeCaller, snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';

let t: TestApp;
let products: Array<{ id: string; alias: string; name: string }>;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skin.example' });
  products = ((await t.inject({ method: 'GET', url: '/products?limit=10' })).json() as { items: typeof products }).items;
});
afterAll(async () => {
  await t?.close();
});

type Cell = { present: boolean; ingredients: Array<{ alias: string }> };
type Comparison = {
  token: string | null; url: string | null;
  items: Array<{ kind: string; analysis_token: string | null; product: { id: string } | null; ingredient_count: number; only_here: Array<{ alias: string }> }>;
  shared: Array<{ alias: string }>;
  overlap: Array<{ a: number; b: number; jaccard: number }>;
  flags: Array<{ name: string; label: string; items: Cell[] }>;
  effects: Array<{ name: string; items: Cell[] }>;
  rules: Array<{ name: string; label: string; items: Cell[] }>;
};

const expand = (items: unknown) => t.inject({ method: 'POST', url: '/compare/expand', payload: { items } });

describe('POST /compare/expand', () => {
  it('compares products (by alias or id) and an analysed list ingredient by ingredient', async () => {
    const analysis = (await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: 'Aqua, Glycerin, Parfum, Dimethicone' } })).json() as { token: string };
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
  it('stores a comparison under a token, readable by anyone and listed in the sitemap', async () => {
    const alice = await makeCaller(t, 'compare-alice');
    const response = await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[2].alias, products[3].alias] }, token: alice.token });
    expect(response.statusCode).toBe(201);
    const shared = response.json() as Comparison;
    expect(shared.token).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(shared.url).toBe(`https://skin.example/compare/shared/${shared.token}`);

    const read = await t.inject({ method: 'GET', url: `/compare/shared/${shared.token}` });
    expect(read.statusCode).toBe(200);
    const body = read.json() as Comparison;
    expect(body.items.map((i) => i.product?.id)).toEqual([products[2].id, products[3].id]);
    expect(body.shared).toEqual(shared.shared);

    const sitemap = await t.inject({ method: 'GET', url: '/sitemap/comparisons' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.body).toContain(`<loc>https://skin.example/p/comparisons/${shared.token}</loc>`);
  });

  it('anonymous callers share too; a rejected share writes nothing; unknown tokens are 404', async () => {
    expect((await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[0].id, products[4].id] } })).statusCode).toBe(201);
    const before = await snapshotDb(t);
    expect((await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[0].id] } })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: '/compare/share', payload: { items: [products[0].id, 'nothing-like-it'] } })).statusCode).toBe(404);
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await t.inject({ method: 'GET', url: '/compare/shared/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/compare/shared/x' })).statusCode).toBe(404);
  });
});
