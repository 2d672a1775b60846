import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gs1CheckDigit, normalizeBarcode } from '../src/modules/product/barcode.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Summary = { id: string; alias: string; name: string; brand: { alias: string } };
const first = async (): Promise<Summary & { barcode: string }> => {
  const [row] = await t
    .em()
    .getConnection()
    .execute(
      `select p.alias from product p where p.status = 'published' and p.barcode is not null order by p.name limit 1`,
    );
  return (await t.inject({ method: 'GET', url: `/products/${row.alias}` })).json() as Summary & { barcode: string };
};

describe('barcodes', () => {
  it('verifies EAN-13, UPC-A and EAN-8 check digits', () => {
    expect(normalizeBarcode('4006381333931')).toBe('4006381333931');
    expect(normalizeBarcode('4006381333932')).toBeNull();
    expect(normalizeBarcode('036000291452')).toBe('036000291452');
    expect(normalizeBarcode('9638-5074')).toBe('96385074');
    expect(normalizeBarcode('12345')).toBeNull();
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
});

describe('GET /products/recent and /products/lookup', () => {
  it('lists the newest published products first', async () => {
    const page = (await t.inject({ method: 'GET', url: '/products/recent?limit=10' })).json() as {
      items: Array<{ published_at: string }>;
    };
    const dates = page.items.map((p) => p.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('finds a product by barcode or by brand and name, and rejects a bad check digit', async () => {
    const product = await first();
    const byBarcode = await t.inject({ method: 'GET', url: `/products/lookup?barcode=${product.barcode}` });
    expect(byBarcode.statusCode).toBe(200);
    expect((byBarcode.json() as Summary).id).toBe(product.id);
    const byName = await t.inject({
      method: 'GET',
      url: `/products/lookup?brand=${product.brand.alias}&name=${encodeURIComponent(product.name.toUpperCase())}`,
    });
    expect((byName.json() as Summary).id).toBe(product.id);
    const wrongDigit = product.barcode.slice(0, -1) + ((Number(product.barcode.at(-1)) + 1) % 10);
    expect(errorOf(await t.inject({ method: 'GET', url: `/products/lookup?barcode=${wrongDigit}` }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'barcode' },
    });
    expect((await t.inject({ method: 'GET', url: '/products/lookup?barcode=4006381333931' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/products/lookup' })).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'GET', url: `/products/lookup?brand=${product.brand.alias}&name=No%20Such%20Thing` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('product analysis, effects and similar products', () => {
  it("analyses a product's label", async () => {
    const product = await first();
    const response = await t.inject({ method: 'GET', url: `/products/${product.alias}/analysis` });
    expect(response.statusCode).toBe(200);
    const analysis = response.json() as {
      passes_all: boolean;
      rules: Array<{ rule: string }>;
      skin_types: Array<{ verdict: string }>;
    };
    expect(analysis.rules.map((r) => r.rule)).toContain('fragrance_free');
    expect(analysis.skin_types).toHaveLength(7);
    const effects = (await t.inject({ method: 'GET', url: `/products/${product.alias}/effects` })).json() as {
      effects: Array<{ effect: string; ingredients: unknown[] }>;
    };
    for (const e of effects.effects) expect(e.ingredients.length).toBeGreaterThan(0);
    expect((await t.inject({ method: 'GET', url: '/products/nope/analysis' })).statusCode).toBe(404);
  });

  it('ranks similar products without the product itself', async () => {
    const product = await first();
    const similar = (await t.inject({ method: 'GET', url: `/products/${product.alias}/similar?limit=5` })).json() as {
      items: Array<{ score: number; product: { id: string } }>;
    };
    expect(similar.items).toHaveLength(5);
    expect(similar.items.map((i) => i.product.id)).not.toContain(product.id);
    expect(similar.items[0].score).toBeGreaterThanOrEqual(similar.items[4].score);
    expect((await t.inject({ method: 'GET', url: `/products/${product.alias}/similar?limit=0` })).statusCode).toBe(400);
  });
});

describe('buy links', () => {
  it('lists offers and redirects to a retailer, recording the click', async () => {
    const product = await first();
    const offers = (await t.inject({ method: 'GET', url: `/buy/${product.alias}` })).json() as {
      items: Array<{ retailer: string; url: string; price: number }>;
    };
    expect(offers.items.length).toBeGreaterThan(0);
    const [{ n: before }] = await t.em().getConnection().execute('select count(*)::int as n from product_buy_click');
    const redirect = await t.inject({ method: 'GET', url: `/buy/${product.alias}/retailer` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(offers.items[0].url);
    const named = await t.inject({
      method: 'GET',
      url: `/buy/${product.alias}/retailer?retailer=${encodeURIComponent(offers.items.at(-1)!.retailer)}`,
    });
    expect(named.headers.location).toBe(offers.items.at(-1)!.url);
    const [{ n: after }] = await t.em().getConnection().execute('select count(*)::int as n from product_buy_click');
    expect(after).toBe(before + 2);
    expect(
      errorOf(await t.inject({ method: 'GET', url: `/buy/${product.alias}/retailer?retailer=nowhere` })),
    ).toMatchObject({ details: { field: 'retailer' } });
    expect((await t.inject({ method: 'GET', url: '/buy/nope' })).statusCode).toBe(404);
  });
});

describe('sitemaps', () => {
  it('serves valid sitemaps.org XML with absolute URLs', async () => {
    const products = await t.inject({ method: 'GET', url: '/sitemap/products' });
    expect(products.statusCode).toBe(200);
    expect(products.headers['content-type']).toMatch(/application\/xml/);
    expect(products.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...products.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(300);
    // The pages people open, not the JSON API.
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\/p\/products\/[a-z0-9-]+$/);
    const ingredients = await t.inject({ method: 'GET', url: '/sitemap/ingredients' });
    expect([...ingredients.body.matchAll(/<url>/g)].length).toBeGreaterThan(2500);
    expect((await t.inject({ method: 'GET', url: '/sitemap/products?page=2' })).statusCode).toBe(400);
  });
});
