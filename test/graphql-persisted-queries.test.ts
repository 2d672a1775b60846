// Automatic persisted queries (Apollo's protocol) on POST and GET /graphql: a client sends the
// sha256 of its document; the first time it is unknown, the client sends both, and from then on
// the hash alone runs it, on every instance when they share Redis. Limits apply to the document
// the hash names.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { eventually } from './helpers/eventually.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_MAX: '1000',
  RATE_LIMIT_ANALYSIS_MAX: '2',
};

const withRedis = await sharedRedis('graphql-persisted-queries.test.ts');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(LIMITS);
});
afterAll(async () => {
  await t?.close();
});

let ip = 1;
const nextIp = () => `10.7.0.${ip++}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
const post = (payload: unknown, app: FastifyInstance = t.app, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/graphql', remoteAddress, payload: payload as object });

describe('persisted queries', () => {
  const query = 'query Brands($limit: Int) { brands(limit: $limit) { items { alias name } } }';
  const hash = sha256(query);

  it('an unknown hash is PERSISTED_QUERY_NOT_FOUND; hash and document register it; the hash alone then runs it', async () => {
    const unknown = await post({ extensions: persisted(hash), variables: { limit: 2 } });
    expect(unknown.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.json().data).toBeUndefined();
    const registered = await post({ query, extensions: persisted(hash), variables: { limit: 2 } });
    expect(registered.statusCode).toBe(200);
    const hit = await post({ extensions: persisted(hash), variables: { limit: 2 } });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual(registered.json());
    expect(hit.json().data.brands.items.length).toBeGreaterThan(0);
    // Answers are never cached by intermediaries (Apollo's cache-control plugin is off; the header stays).
    for (const answer of [unknown, registered, hit]) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a document whose sha256 is not the hash sent, and does not register it', async () => {
    const other = '{ brands(limit: 1) { items { name } } }';
    const wrong = await post({ query: other, extensions: persisted(sha256('something else')) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/sha does not match/),
      extensions: { code: 'VALIDATION_FAILED' },
    });
    expect((await post({ extensions: persisted(sha256('something else')) })).json().errors[0].extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });

  it('works over GET, the hash in the extensions parameter', async () => {
    const get = '{ brands(limit: 1) { items { alias } } }';
    const extensions = encodeURIComponent(JSON.stringify(persisted(sha256(get))));
    const url = (withQuery: boolean) =>
      `/graphql?extensions=${extensions}${withQuery ? `&query=${encodeURIComponent(get)}` : ''}`;
    const inject = (withQuery: boolean) =>
      t.app.inject({
        method: 'GET',
        url: url(withQuery),
        remoteAddress: nextIp(),
        headers: { 'apollo-require-preflight': 'true' },
      });
    expect((await inject(false)).json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await inject(true)).statusCode).toBe(200);
    const hit = await inject(false);
    expect(hit.statusCode).toBe(200);
    expect(hit.json().data.brands.items).toHaveLength(1);
  });

  it('a persisted document meets the same limits: cost, repeats and the rate budget of what it runs', async () => {
    // Over the cost limit: refused when registered, so its hash never runs.
    const sitemaps = `query { ${Array.from({ length: 6 }, (_, i) => `s${i}: productSitemap`).join(' ')} }`;
    const costly = await post({ query: sitemaps, extensions: persisted(sha256(sitemaps)) });
    expect(costly.statusCode).toBe(400);
    expect(costly.json().errors[0].extensions.details).toMatchObject({ limit: 'complexity' });
    expect((await post({ extensions: persisted(sha256(sitemaps)) })).json().errors[0].extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
    // Analyses are budgeted per caller: sending the hash alone counts as sending the document.
    const analyse = 'mutation($l: String!) { analyzeIngredientList(ingredientList: $l) { token } }';
    const remoteAddress = nextIp();
    const send = (withQuery: boolean) =>
      post(
        {
          ...(withQuery ? { query: analyse } : {}),
          extensions: persisted(sha256(analyse)),
          variables: { l: 'Aqua, Glycerin' },
        },
        t.app,
        remoteAddress,
      );
    expect((await send(true)).json().data.analyzeIngredientList.token).toBeTruthy();
    expect((await send(false)).json().data.analyzeIngredientList.token).toBeTruthy();
    const limited = await send(false);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].extensions.code).toBe('RATE_LIMITED');
  });

  it('in a batch, each operation by its hash or its document', async () => {
    const batch = await post([
      { extensions: persisted(hash), variables: { limit: 1 } },
      { query: '{ brands(limit: 1) { items { name } } }' },
      { extensions: persisted(sha256('{ nothing }')) },
    ]);
    expect(batch.statusCode).toBe(200);
    const [first, second, third] = batch.json();
    expect(first.data.brands.items).toHaveLength(1);
    expect(second.data.brands.items).toHaveLength(1);
    expect(third.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('a document over 32 kB runs when sent whole, but is not kept: its hash alone is not found', async () => {
    const long = `{ brands(limit: 1) { items { alias } } }\n# ${'padding '.repeat(5000)}`;
    expect(long.length).toBeGreaterThan(32 * 1024);
    const sent = await post({ query: long, extensions: persisted(sha256(long)) });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.brands.items).toHaveLength(1);
    // Documents are stored after the answer, in order: once a small one sent next is known, the long one would be too.
    const next = '{ brands(limit: 1) { items { id alias } } } # after the long one';
    await post({ query: next, extensions: persisted(sha256(next)) });
    expect(
      (
        await eventually(
          () => post({ extensions: persisted(sha256(next)) }),
          (r) => r.statusCode === 200 && !r.json().errors,
        )
      ).json().errors,
    ).toBeUndefined();
    expect((await post({ extensions: persisted(sha256(long)) })).json().errors[0].extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });

  withRedis.it('with Redis, one caller keeps at most 100 documents an hour there, each for a day', async () => {
    const prefix = `skincare-test-apq-budget-${process.pid}:`;
    const env = {
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      IDP_WEBHOOK_SECRET: 'x',
      LOG_LEVEL: 'silent',
      PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_ENABLED: 'false',
    };
    const a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    const redis = new Redis(env.REDIS_URL);
    try {
      const remoteAddress = '10.7.9.1';
      for (let i = 0; i < 105; i++) {
        const document = `{ brands(limit: 1) { items { alias } } } # ${i}`;
        expect(
          (await post({ query: document, extensions: persisted(sha256(document)) }, a, remoteAddress)).statusCode,
        ).toBe(200);
      }
      // Another caller still has its allowance. Apollo stores a document after answering, in
      // order: once this one is there, so is everything the first caller was allowed to keep.
      const other = '{ brands(limit: 1) { items { name } } } # other caller';
      await post({ query: other, extensions: persisted(sha256(other)) }, a, '10.7.9.2');
      const otherKey = `${prefix}graphql:apq:${sha256(other)}`;
      expect(
        await eventually(
          () => redis.exists(otherKey),
          (n) => n === 1,
        ),
      ).toBe(1);
      const kept = (await redis.keys(`${prefix}graphql:apq:*`)).filter((key) => key !== otherKey);
      expect(kept).toHaveLength(100);
      expect(await redis.ttl(kept[0])).toBeLessThanOrEqual(24 * 3600);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await a.close();
    }
  });

  withRedis.it('with Redis, a document registered through one instance runs by its hash on another', async () => {
    const prefix = `skincare-test-apq-${process.pid}:`;
    const env = {
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      IDP_WEBHOOK_SECRET: 'x',
      LOG_LEVEL: 'silent',
      PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_ENABLED: 'false',
    };
    const a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    const b = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    const redis = new Redis(env.REDIS_URL);
    try {
      const shared = '{ brands(limit: 1) { items { id } } }';
      expect((await post({ query: shared, extensions: persisted(sha256(shared)) }, a)).statusCode).toBe(200);
      // Apollo stores the document after answering: wait until it is in Redis.
      await eventually(
        () => redis.exists(`${prefix}graphql:apq:${sha256(shared)}`),
        (n) => n === 1,
      );
      const other = await post({ extensions: persisted(sha256(shared)) }, b);
      expect(other.statusCode).toBe(200);
      expect(other.json().data.brands.items).toHaveLength(1);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await a.close();
      await b.close();
    }
  });
});
