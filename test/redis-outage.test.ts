// Redis goes away and comes back (a redis-server of this file's own, stopped and started again):
// two instances never serve a stale answer, during the outage or after it; requests do not wait
// for Redis (they send it no command while it is away: counted, not timed, so a loaded machine
// cannot make these tests lie either way); rate limits hold (per instance) while it is away or full; an Idempotency-Key retried
// on the other instance replays; /ready and /metrics say what is going on.
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { startRedisServer, type RedisServer } from './helpers/redis-server.js';
import { processCacheReturn } from '../src/platform/process-cache-drops.js';
import { wholeDrops } from '../src/modules/shared/process-caches.js';
import { redisServerBinary } from './helpers/redis-available.js';

const withRedisServer = redisServerBinary('redis-outage.test.ts');

let t: TestApp;
let redis: RedisServer;
let product: { alias: string; brand: { alias: string; name: string } };
beforeAll(async () => {
  if (withRedisServer.missing) return;
  [t, redis] = await Promise.all([startTestApp(), startRedisServer()]);
  const list = (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
    items: Array<{ alias: string }>;
  };
  product = (await t.inject({ method: 'GET', url: `/products/${list.items[0].alias}` })).json() as typeof product;
});
afterAll(async () => {
  await t?.close();
  await redis?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const env = (extra: Record<string, string> = {}) => ({
  AUTH_JWT_SECRET: TEST_JWT_SECRET,
  IDP_WEBHOOK_SECRET: 'test-idp-secret',
  ADMIN_SUBJECTS: 'test|root',
  LOG_LEVEL: 'silent',
  PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'outage:',
  RATE_LIMIT_ENABLED: 'false',
  ...extra,
});
/**
 * Runs `requests` and lists the commands any Redis connection of this process was asked to send
 * meanwhile. While Redis is away a request must send none: a command is what a request could wait
 * on (a timeout, a reconnection), so none sent is "does not wait", whatever the machine's load.
 */
async function redisCommandsDuring<T>(requests: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const sent = jest.spyOn(Redis.prototype, 'sendCommand');
  try {
    const result = await requests();
    return { result, commands: sent.mock.calls.map(([command]) => command.name) };
  } finally {
    sent.mockRestore();
  }
}
const redisState = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/ready' })).json().redis as string;
/** Waits (at most 5 s) until every app says Redis is in this state: they notice from the connection, within a second or so. */
async function until(apps: FastifyInstance[], state: 'ok' | 'unavailable'): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await Promise.all(apps.map(redisState))).every((s) => s === state)) return;
    await sleep(100);
  }
}

withRedisServer.describe('Redis goes away and comes back, under two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildApp({ config: loadConfig(env()), orm: t.orm, logger: false });
    b = await buildApp({ config: loadConfig(env()), orm: t.orm, logger: false });
    await until([a, b], 'ok');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('serves no stale answer during the outage nor after it, answers without waiting, and says so', async () => {
    const admin = await t.tokenFor('root', 'admin');
    const url = `/products/${product.alias}`;
    // With Redis there, the count sees the cache's commands: an empty count below means none were sent. On a loaded
    // machine a command may time out (500 ms) and that read goes uncached; the next one caches again.
    let served = await redisCommandsDuring(() => b.inject({ method: 'GET', url }));
    for (let i = 0; i < 50 && served.result.headers['x-cache'] !== 'HIT'; i++) {
      await sleep(50);
      await a.inject({ method: 'GET', url });
      served = await redisCommandsDuring(() => b.inject({ method: 'GET', url }));
    }
    expect(served.result.headers['x-cache']).toBe('HIT');
    expect(served.commands.length).toBeGreaterThan(0);

    await redis.stop();
    await until([a, b], 'unavailable');
    const name = `Renamed in the outage ${Math.random().toString(36).slice(2, 7)}`;
    const outage = await redisCommandsDuring(async () => {
      const patch = await a.inject({
        method: 'PATCH',
        url: `/brands/${product.brand.alias}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { name },
      });
      const reads = [];
      for (const app of [a, b, a, b]) reads.push(await app.inject({ method: 'GET', url }));
      return { patch, reads };
    });
    expect(outage.result.patch.statusCode).toBe(200);
    for (const read of outage.result.reads) {
      expect(read.json().brand.name).toBe(name);
      expect(read.headers['x-cache']).not.toBe('HIT');
    }
    expect(outage.commands).toEqual([]);
    const ready = await a.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      database: 'ok',
      redis: 'unavailable',
      degraded: expect.arrayContaining(['rate limits are counted per instance']),
    });
    const metrics = (await a.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^redis_up 0$/m);
    expect(metrics).toMatch(/^response_cache_bump_owed 1$/m);

    // Back with what it held before (the old generation and its entries): nobody may trust them.
    await redis.start();
    await until([a, b], 'ok');
    for (const app of [a, b, b, a]) {
      const read = await app.inject({ method: 'GET', url });
      expect(read.json().brand.name).toBe(name);
    }
    // Once every instance has re-based and settled (a couple of seconds), caching resumes.
    let cached = await b.inject({ method: 'GET', url });
    for (let i = 0; i < 100 && cached.headers['x-cache'] !== 'HIT'; i++) {
      await sleep(50);
      await a.inject({ method: 'GET', url });
      cached = await b.inject({ method: 'GET', url });
    }
    expect(cached.headers['x-cache']).toBe('HIT');
    expect(cached.json().brand.name).toBe(name);
    expect((await a.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^redis_outages_total 1$/m);
  });

  it('an Idempotency-Key retried on the other instance while Redis is away replays the first answer, at once', async () => {
    await redis.stop();
    await until([a, b], 'unavailable');
    try {
      const count = async () =>
        Number((await t.em().execute('select count(*)::int as n from ingredient_analysis'))[0].n);
      const before = await count();
      const send = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          headers: { 'idempotency-key': `outage-${Date.now()}` },
          payload: { ingredient_list: 'Aqua, Glycerin' },
        });
      const key = `outage-${Math.random().toString(36).slice(2)}`;
      const post = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          headers: { 'idempotency-key': key },
          payload: { ingredient_list: 'Aqua, Glycerin' },
        });
      const outage = await redisCommandsDuring(async () => ({ first: await post(a), retry: await post(b) }));
      const { first, retry } = outage.result;
      expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(first.body);
      expect(outage.commands).toEqual([]);
      expect(await count()).toBe(before + 1);
      expect((await send(a)).statusCode).toBe(201);
    } finally {
      await redis.start();
      await until([a, b], 'ok');
    }
  });
});

withRedisServer.describe('Redis comes back: caches are not all dropped and rebuilt at once (issue 37)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const whole = () => [...wholeDrops.values()].reduce((sum, n) => sum + n, 0);
  const logOf = async () => {
    const client = new Redis(redis.url);
    try {
      return (await client.xrange('outage-return:process-cache:log', '-', '+')).map(([, fields]) => fields.join(' '));
    } finally {
      client.disconnect();
    }
  };
  beforeAll(async () => {
    const baselines = processCacheReturn.baselines;
    a = await buildApp({ config: loadConfig(env({ REDIS_PREFIX: 'outage-return:' })), orm: t.orm, logger: false });
    b = await buildApp({ config: loadConfig(env({ REDIS_PREFIX: 'outage-return:' })), orm: t.orm, logger: false });
    await until([a, b], 'ok');
    // Each has read where the drop log stands (retried in a moment when a command timed out).
    for (let i = 0; i < 100 && processCacheReturn.baselines < baselines + 2; i++) await sleep(100);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('no whole drop when nothing was written while it was away', async () => {
    const before = {
      whole: whole(),
      spread: processCacheReturn.wholeAfterReturn,
      caughtUp: processCacheReturn.caughtUp,
    };
    await redis.stop();
    await until([a, b], 'unavailable');
    await redis.start();
    await until([a, b], 'ok');
    for (let i = 0; i < 50 && processCacheReturn.caughtUp < before.caughtUp + 2; i++) await sleep(100);
    // Both instances read the drop log from where they stopped, found nothing to apply, dropped nothing.
    expect(processCacheReturn.caughtUp).toBeGreaterThanOrEqual(before.caughtUp + 2);
    expect(processCacheReturn.wholeAfterReturn).toBe(before.spread);
    expect(whole()).toBe(before.whole);
  });

  it('a drop made while it was away is owed by its writer and arrives keyed (one entry), not whole', async () => {
    const before = { whole: whole(), spread: processCacheReturn.wholeAfterReturn };
    await redis.stop();
    await until([a, b], 'unavailable');
    const mod = await t.tokenFor('outage-return-mod', 'moderator');
    const created = await a.inject({
      method: 'POST',
      url: '/ingredients/create',
      headers: { authorization: `Bearer ${mod}` },
      payload: { name: 'Outage Return Test Extract', functions: ['humectant'] },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    await redis.start();
    await until([a, b], 'ok');
    let logged: string[] = [];
    for (let i = 0; i < 50 && !logged.some((entry) => entry.includes(id)); i++) {
      await sleep(100);
      logged = await logOf();
    }
    // The writer told the others once back: one keyed drop (the new ingredient), in the log and published.
    expect(logged.filter((entry) => entry.includes(id))).toEqual([expect.stringMatching(/^name knowledge-base key /)]);
    expect(processCacheReturn.wholeAfterReturn).toBe(before.spread);
    expect(whole()).toBe(before.whole);
  });

  it('only when the log cannot tell (Redis back empty): everything, once per instance, spread over time', async () => {
    const before = { whole: whole(), spread: processCacheReturn.wholeAfterReturn };
    processCacheReturn.spreadMs = 200;
    try {
      await redis.stop({ save: false });
      await until([a, b], 'unavailable');
      await redis.start();
      await until([a, b], 'ok');
      for (let i = 0; i < 50 && processCacheReturn.wholeAfterReturn < before.spread + 2; i++) await sleep(100);
      await Promise.all([...processCacheReturn.pending]);
      expect(processCacheReturn.wholeAfterReturn).toBe(before.spread + 2);
      // Two instances, two caches each: four whole drops, no more.
      expect(whole()).toBe(before.whole + 4);
    } finally {
      processCacheReturn.spreadMs = 10_000;
    }
  });
});

withRedisServer.describe('rate limits never switch off', () => {
  const limits = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' };
  const exhaust = async (app: FastifyInstance, remoteAddress: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress })).statusCode);
    return statuses;
  };

  it('while Redis is away: each instance counts on its own, and answers at once', async () => {
    const app = await buildApp({
      config: loadConfig(env({ ...limits, REDIS_PREFIX: 'outage-limits:' })),
      orm: t.orm,
      logger: false,
    });
    try {
      await redis.stop({ save: false });
      await until([app], 'unavailable');
      const outage = await redisCommandsDuring(() => exhaust(app, '10.9.0.1'));
      expect(outage.result).toEqual([200, 200, 200, 429, 429]);
      expect(outage.commands).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
        /^rate_limit_local_decisions_total [1-9]/m,
      );
    } finally {
      await redis.start();
      await app.close();
    }
  });

  it('when Redis is full (maxmemory, noeviction): counted in process instead of not at all', async () => {
    const full = await startRedisServer(['--maxmemory', '2mb', '--maxmemory-policy', 'noeviction']);
    const app = await buildApp({
      config: loadConfig(env({ ...limits, REDIS_URL: full.url })),
      orm: t.orm,
      logger: false,
    });
    const filler = new Redis(full.url);
    try {
      // Fill it until it refuses writes.
      let refused = false;
      for (let i = 0; i < 200 && !refused; i++) {
        refused = await filler.set(`junk:${i}`, 'x'.repeat(100_000)).then(
          () => false,
          (error: Error) => /OOM/.test(error.message),
        );
      }
      expect(refused).toBe(true);
      expect(await exhaust(app, '10.9.0.2')).toEqual([200, 200, 200, 429, 429]);
    } finally {
      filler.disconnect();
      await app.close();
      await full.close();
    }
  });
});
