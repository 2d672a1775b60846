// The response cache of anonymous public GETs: hits, ETag/304, invalidation by every kind of
// write, and no stale read across two app instances sharing one database and one Redis.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { newId, slugify } from '../src/modules/shared/ids.js';
import { outsideWriteBumps } from '../src/platform/response-cache.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const REDIS_URL = TEST_REDIS_URL;
const withRedis = await sharedRedis('caching.test.ts');
const prefix = `skincare-test-cache-${process.pid}-${Date.now()}:`;

let t: TestApp;
let product: { alias: string; brand: { alias: string; name: string } };
beforeAll(async () => {
  t = await startTestApp();
  const list = (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
    items: Array<{ alias: string }>;
  };
  product = (
    await t.inject({ method: 'GET', url: `/products/${list.items[0].alias}`, headers: { authorization: '' } })
  ).json() as typeof product;
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('anonymous public GETs are cached', () => {
  it('answers the second read from the cache, same body and ETag, and 304 for a matching If-None-Match', async () => {
    const url = `/products/${product.alias}?x=1`.replace('?x=1', '');
    await t.inject({ method: 'GET', url: '/census/countries?limit=2' });
    const first = await get(t.app, '/census/countries?limit=2');
    const second = await get(t.app, '/census/countries?limit=2');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const notModified = await get(t.app, '/census/countries?limit=2', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(t.app, url)).statusCode).toBe(200);
  });

  it('never serves signed-in callers from the cache, nor caches errors', async () => {
    const token = await t.tokenFor('cache-reader');
    const signedIn = await t.inject({ method: 'GET', url: `/products/${product.alias}`, token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    const missing = await get(t.app, '/products/no-such-product-anywhere');
    expect(missing.statusCode).toBe(404);
    expect((await get(t.app, '/products/no-such-product-anywhere')).headers['x-cache']).toBeUndefined();
  });

  it('a REST write is seen by the very next anonymous read (and the ETag changes)', async () => {
    const admin = await t.tokenFor('root', 'admin');
    const before = await get(t.app, `/products/${product.alias}`);
    expect((await get(t.app, `/products/${product.alias}`)).headers['x-cache']).toBe('HIT');
    const name = `Renamed ${Date.now()}`;
    const patch = await t.inject({
      method: 'PATCH',
      url: `/brands/${product.brand.alias}`,
      token: admin,
      payload: { name },
    });
    expect(patch.statusCode).toBe(200);
    const after = await get(t.app, `/products/${product.alias}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().brand.name).toBe(name);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(
      (await get(t.app, `/products/${product.alias}`, { 'if-none-match': String(before.headers.etag) })).statusCode,
    ).toBe(200);
    expect((await get(t.app, `/brands/${product.brand.alias}`)).json().name).toBe(name);
  });

  it('a GraphQL mutation invalidates; a GraphQL query sent by POST does not', async () => {
    // The previous test's write may still owe its delayed bump: a slow machine would see it land here.
    await outsideWriteBumps.settled();
    const admin = await t.tokenFor('root', 'admin');
    await get(t.app, `/brands/${product.brand.alias}`);
    const query = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ brands(limit: 1) { items { name } } }' },
    });
    expect(query.statusCode).toBe(200);
    expect((await get(t.app, `/brands/${product.brand.alias}`)).headers['x-cache']).toBe('HIT');
    const name = `GraphQL renamed ${Date.now()}`;
    const mutation = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: admin,
      payload: {
        query: 'mutation($a: String!, $n: String) { updateBrand(idOrAlias: $a, name: $n) { name } }',
        variables: { a: product.brand.alias, n: name },
      },
    });
    expect(mutation.json()).toEqual({ data: { updateBrand: { name } } });
    expect((await get(t.app, `/brands/${product.brand.alias}`)).json().name).toBe(name);
  });

  it('a write made during a GET (the first call of a new token creates its user) invalidates what it changes', async () => {
    const username = `fresh${Date.now() % 100000}`;
    const token = await t.auth.sign({ sub: `test|fresh-${Date.now()}`, preferred_username: username });
    const users = '/users?limit=100';
    await get(t.app, users);
    expect((await get(t.app, users)).headers['x-cache']).toBe('HIT');
    expect((await t.inject({ method: 'GET', url: '/census/countries?limit=1', token })).statusCode).toBe(200);
    const after = await get(t.app, users);
    expect(after.headers['x-cache']).toBe('MISS');
    // The census does not read accounts: a new account leaves it cached (issue 37: writes drop what they change).
    await get(t.app, '/census/countries?limit=3');
    await t.inject({
      method: 'GET',
      url: '/census/countries?limit=1',
      token: await t.auth.sign({ sub: `test|fresh2-${Date.now()}`, preferred_username: `${username}b` }),
    });
    expect((await get(t.app, '/census/countries?limit=3')).headers['x-cache']).toBe('HIT');
  });

  it('CACHE_ENABLED=false turns it off', async () => {
    const off = await buildApp({
      config: loadConfig({
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'silent',
        CACHE_ENABLED: 'false',
        RATE_LIMIT_ENABLED: 'false',
        PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
        IDP_WEBHOOK_SECRET: 'x',
      }),
      orm: t.orm,
      logger: false,
    });
    await get(off, '/census/countries?limit=2');
    expect((await get(off, '/census/countries?limit=2')).headers['x-cache']).toBeUndefined();
    await off.close();
  });
});

withRedis.describe('two instances on one database and one Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;
  const env = {
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    IDP_WEBHOOK_SECRET: 'test-idp-secret',
    ADMIN_SUBJECTS: 'test|root',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    RATE_LIMIT_ENABLED: 'false',
  };
  beforeAll(async () => {
    a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    b = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await a?.close();
    await b?.close();
  });
  const send = (app: FastifyInstance, options: InjectOptions & { token?: string }) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    });

  it('shares entries: a read cached by one is a hit on the other', async () => {
    const url = `/products/${product.alias}`;
    await get(a, url);
    const onB = await get(b, url);
    expect(onB.headers['x-cache']).toBe('HIT');
    expect(await redis.keys(`${prefix}cache:e:*`)).not.toHaveLength(0);
  });

  it('a write on one instance is seen at once by anonymous reads on the other, both ways', async () => {
    const admin = await t.tokenFor('root', 'admin');
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const url = `/products/${product.alias}`;
      await get(reader, url);
      expect((await get(reader, url)).headers['x-cache']).toBe('HIT');
      const name = `Shared rename ${Math.random().toString(36).slice(2)}`;
      expect(
        (
          await send(writer, {
            method: 'PATCH',
            url: `/brands/${product.brand.alias}`,
            token: admin,
            payload: { name },
          })
        ).statusCode,
      ).toBe(200);
      const read = await get(reader, url);
      expect(read.json().brand.name).toBe(name);
      expect((await get(writer, url)).json().brand.name).toBe(name);
    }
  });

  // The knowledge base lives in each process's memory. Both apps here share one process (and so one
  // copy), so another process is played by a plain Redis client; scripts/two-instances.ts checks
  // it with two server processes.
  const channel = `${prefix}process-cache:drop`;
  const unmatchedOn = async (app: FastifyInstance, list: string) =>
    (
      (
        await send(app, { method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: list } })
      ).json() as { unmatched: string[] }
    ).unmatched;

  it('drops its knowledge base when another instance announces a drop, and only then', async () => {
    const name = `Pubsubamide ${Math.random().toString(36).slice(2, 7)}`;
    expect(await unmatchedOn(a, `Aqua, ${name}`)).toEqual([name]);
    // Another process adds it: this one's copy does not know it until told.
    await t
      .em()
      .execute(
        `insert into ingredient (id, alias, name, other_names, functions, effects, flags, groups, created_at, updated_at) values (?, ?, ?, '{}', '{humectant}', '{}', '{}', '{}', now(), now())`,
        [newId(), slugify(name), name],
      );
    expect(await unmatchedOn(a, `Aqua, ${name}`)).toEqual([name]);
    await redis.publish(channel, JSON.stringify({ name: 'knowledge-base', from: 'another instance' }));
    let unmatched = [name];
    for (let i = 0; i < 50 && unmatched.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      unmatched = await unmatchedOn(b, `Aqua, ${name}`);
    }
    expect(unmatched).toEqual([]);
  });

  it('announces the drops a write makes once it has committed, not before', async () => {
    const listener = redis.duplicate();
    const heard: Array<{ name: string; committed: boolean }> = [];
    const alias = `announced-${Math.random().toString(36).slice(2, 7)}`;
    listener.on('message', (_channel: string, message: string) => {
      const { name } = JSON.parse(message) as { name: string };
      void t
        .em()
        .execute('select count(*)::int as n from ingredient where alias = ?', [alias])
        .then(([row]) => heard.push({ name, committed: (row as { n: number }).n === 1 }));
    });
    await listener.subscribe(channel);
    try {
      const moderator = await t.tokenFor('announcer', 'moderator');
      const created = await send(a, {
        method: 'POST',
        url: '/ingredients/create',
        token: moderator,
        payload: { name: `Announced ${alias}`, alias, functions: ['humectant'] },
      });
      expect(created.statusCode).toBe(201);
      for (let i = 0; i < 50 && !heard.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([{ name: 'knowledge-base', committed: true }]);
      // A refused write drops nothing and announces nothing.
      const refused = await send(a, {
        method: 'POST',
        url: '/ingredients/create',
        token: moderator,
        payload: { name: `Announced ${alias}`, alias, functions: ['humectant'] },
      });
      expect(refused.statusCode).toBe(409);
      // Announcements go out in order: once a later write's is heard, the refused one's would have been.
      const later = `announced-later-${Math.random().toString(36).slice(2, 7)}`;
      expect(
        (
          await send(a, {
            method: 'POST',
            url: '/ingredients/create',
            token: moderator,
            payload: { name: `Announced ${later}`, alias: later, functions: ['humectant'] },
          })
        ).statusCode,
      ).toBe(201);
      for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.map((h) => h.name)).toEqual(['knowledge-base', 'knowledge-base']);
    } finally {
      listener.disconnect();
    }
  });

  it('favourites agree on both instances, for the user and for anonymous readers', async () => {
    const token = await t.tokenFor('two-instance-fan');
    const publicList = `/user/two-instance-fan/favorite_products`;
    await get(a, publicList);
    await get(b, publicList);
    expect((await send(a, { method: 'POST', url: `/products/${product.alias}/favorite`, token })).statusCode).toBe(200);
    for (const app of [a, b]) {
      expect(
        JSON.stringify((await send(app, { method: 'GET', url: '/my/favorite_products', token })).json()),
      ).toContain(product.alias);
      expect(JSON.stringify((await get(app, publicList)).json())).toContain(product.alias);
    }
    expect((await send(b, { method: 'DELETE', url: `/products/${product.alias}/favorite`, token })).statusCode).toBe(
      204,
    );
    for (const app of [a, b]) {
      expect(
        JSON.stringify((await send(app, { method: 'GET', url: '/my/favorite_products', token })).json()),
      ).not.toContain(product.alias);
      expect(JSON.stringify((await get(app, publicList)).json())).not.toContain(product.alias);
    }
  });
});
