// Issue 37: a write drops the cached reads it changes, and no others. Before, every committed
// write (an anonymous comparison share included) outdated every cached response. A table of writes,
// each with the reads it must drop (the next read is a MISS and shows the change) and the reads it
// must leave cached (the next read is a HIT), on the in-process cache and on Redis.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { outsideWriteBumps } from '../src/platform/response-cache.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const withRedis = await sharedRedis('cache-invalidation.test.ts');

interface Write {
  what: string;
  send: (t: TestApp, c: Catalog) => Promise<InjectOptions>;
  /** Reads whose answer the write changes: dropped. */
  drops: (c: Catalog) => string[];
  /** Reads it does not change: still cached. */
  keeps: (c: Catalog) => string[];
}
interface Catalog {
  product: string;
  other: string;
  brand: string;
}

const productReads = (c: Catalog) => [`/products/${c.product}`, '/products?limit=5', `/brands/${c.brand}`];
const ingredientReads = ['/ingredients/niacinamide', '/ingredients?limit=5', '/ingredients?search=glycerin'];

const WRITES: Write[] = [
  {
    what: 'an anonymous comparison share',
    send: async (_t, c) => ({ method: 'POST', url: '/compare/share', payload: { items: [c.product, c.other] } }),
    drops: () => ['/sitemap/comparisons'],
    keeps: (c) => [...productReads(c), ...ingredientReads, '/sitemap/products'],
  },
  {
    what: 'a signed-in comparison share',
    send: async (t, c) => ({
      method: 'POST',
      url: '/compare/share',
      payload: { items: [c.other, c.product] },
      // An existing account: a new token's first call creates its user, a write of its own.
      headers: { authorization: `Bearer ${await t.tokenFor('root', 'admin')}` },
    }),
    drops: () => ['/sitemap/comparisons'],
    keeps: (c) => [...productReads(c), ...ingredientReads],
  },
  {
    what: 'an anonymous analysis',
    send: async () => ({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua, Glycerin, Niacinamide' },
    }),
    drops: () => [],
    keeps: (c) => [...productReads(c), ...ingredientReads, '/sitemap/comparisons'],
  },
  {
    // Issue 43: its statement is a `with` query, which counted as a write of what cannot be told and emptied the cache.
    what: 'a product search (a read)',
    send: async () => ({ method: 'GET', url: '/products?search=cream&limit=20' }),
    drops: () => [],
    keeps: (c) => [...productReads(c), ...ingredientReads, '/products?search=serum&limit=20'],
  },
  {
    what: 'a feeling about an ingredient',
    send: async (t) => ({
      method: 'PUT',
      url: '/ingredients/glycerin/feeling/positive',
      headers: { authorization: `Bearer ${await t.tokenFor('root', 'admin')}` },
    }),
    drops: () => [],
    keeps: (c) => [...productReads(c), '/ingredients?search=glycerin', '/ingredients?search=acid&limit=20'],
  },
  {
    what: "a brand's new name",
    send: async (t, c) => ({
      method: 'PATCH',
      url: `/brands/${c.brand}`,
      payload: { name: `Cache Brand ${Date.now()}` },
      headers: { authorization: `Bearer ${await t.tokenFor('root', 'admin')}` },
    }),
    drops: (c) => [`/products/${c.product}`, `/brands/${c.brand}`],
    // (An ingredient's page lists products with their brands: a brand's name changes it.)
    keeps: () => ['/ingredients?limit=5', '/sitemap/comparisons', '/sitemap/ingredients'],
  },
  {
    what: 'a new ingredient',
    send: async (t) => ({
      method: 'POST',
      url: '/ingredients/create',
      payload: { name: `Cache Test Extract ${Date.now()}`, functions: ['humectant'] },
      headers: { authorization: `Bearer ${await t.tokenFor('cache-mod', 'moderator')}` },
    }),
    // (Its triggers rewrite the search documents of products naming it: product reads are changed too.)
    drops: () => ['/ingredients?limit=5'],
    keeps: () => ['/census/countries?limit=3', '/users?limit=5'],
  },
];

function suite(name: string, env: () => Record<string, string>, describeIt: (name: string, body: () => void) => void) {
  describeIt(name, () => {
    let t: TestApp;
    let c: Catalog;
    beforeAll(async () => {
      t = await startTestApp(env());
      const items = (
        (await t.inject({ method: 'GET', url: '/products?limit=2' })).json() as {
          items: Array<{ alias: string; brand: { alias: string } }>;
        }
      ).items;
      c = { product: items[0].alias, other: items[1].alias, brand: items[0].brand.alias };
    });
    afterAll(async () => {
      await t?.close();
    });
    /** A read; one that skipped the cache (a Redis command timed out on a loaded machine: no x-cache) is tried again. */
    const read = async (url: string) => {
      let response = await t.app.inject({ method: 'GET', url });
      for (let i = 0; i < 30 && response.headers['x-cache'] === undefined && response.statusCode === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await t.app.inject({ method: 'GET', url });
      }
      return response;
    };
    beforeAll(async () => {
      // Existing accounts: a new token's first call creates its user, a write of its own (the census reads it).
      for (const [name, type] of [
        ['root', 'admin'],
        ['cache-mod', 'moderator'],
      ] as const)
        await t.app.inject({
          method: 'GET',
          url: '/my/user',
          headers: { authorization: `Bearer ${await t.tokenFor(name, type)}` },
        });
    });

    it.each(WRITES.map((w) => [w.what, w] as const))('%s', async (_what, write) => {
      await outsideWriteBumps.settled();
      const reads = [...write.drops(c), ...write.keeps(c)];
      const before = new Map<string, string>();
      for (const url of reads) {
        await read(url);
        const cached = await read(url);
        expect([url, cached.headers['x-cache']]).toEqual([url, 'HIT']);
        before.set(url, cached.body);
      }
      const response = await t.app.inject(await write.send(t, c));
      expect(response.statusCode).toBeLessThan(300);
      for (const url of write.drops(c)) expect([url, (await read(url)).headers['x-cache']]).toEqual([url, 'MISS']);
      for (const url of write.keeps(c)) {
        const after = await read(url);
        expect([url, after.headers['x-cache']]).toEqual([url, 'HIT']);
        expect(after.body).toBe(before.get(url));
      }
    });

    it('what a write changes is shown at once: a brand renamed shows in its products', async () => {
      const name = `Cache Brand Shown ${Date.now()}`;
      await read(`/products/${c.product}`);
      await t.app.inject({
        method: 'PATCH',
        url: `/brands/${c.brand}`,
        payload: { name },
        headers: { authorization: `Bearer ${await t.tokenFor('root', 'admin')}` },
      });
      expect((await read(`/products/${c.product}`)).json().brand.name).toBe(name);
    });
  });
}

suite('writes drop the cached reads they change (in process)', () => ({}), describe);
suite(
  'writes drop the cached reads they change (Redis)',
  () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `skincare-test-invalidation-${process.pid}-${Date.now()}:` }),
  withRedis.describe,
);
