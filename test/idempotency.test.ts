// Idempotency-Key on POST: a retry returns the first response and writes nothing twice.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { errorOf, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const withRedis = await sharedRedis('idempotency.test.ts');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string): Promise<number> =>
  Number((await t.em().execute(`select count(*)::int as n from ${table}`))[0].n);
const key = () => `key-${Math.random().toString(36).slice(2)}`;
const LIST = 'Aqua, Glycerin, Niacinamide, Phenoxyethanol';

describe('Idempotency-Key on POST', () => {
  it('a retry with the same key and body returns the first response and writes nothing twice', async () => {
    const k = key();
    const before = await count('ingredient_analysis');
    const first = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    expect(first.statusCode).toBe(201);
    const retry = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(await count('ingredient_analysis')).toBe(before + 1);
    // Without a key, each call is a new analysis.
    await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: LIST } });
    await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: LIST } });
    expect(await count('ingredient_analysis')).toBe(before + 3);
  });

  it('creates an ingredient once, whatever the number of retries', async () => {
    const token = await t.tokenFor('idem-moderator', 'moderator');
    const k = key();
    const u = Math.random().toString(36).slice(2, 8);
    const body = {
      name: `Idempotamide ${u}`,
      alias: `idempotamide-${u}`,
      functions: ['humectant'],
      description: 'Created once.',
    };
    const before = await count('ingredient');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await t.inject({
          method: 'POST',
          url: '/ingredients/create',
          token,
          headers: { 'idempotency-key': k },
          payload: body,
        }),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await count('ingredient')).toBe(before + 1);
  });

  it('the same key with another body (or path) is a 409 CONFLICT, and changes nothing', async () => {
    const k = key();
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          headers: { 'idempotency-key': k },
          payload: { ingredient_list: LIST },
        })
      ).statusCode,
    ).toBe(201);
    const before = await count('ingredient_analysis');
    const other = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: 'Aqua, Glycerin' },
    });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toMatchObject({ code: 'CONFLICT', details: { field: 'Idempotency-Key' } });
    const elsewhere = await t.inject({
      method: 'POST',
      url: '/analyze/effects',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(await count('ingredient_analysis')).toBe(before);
  });

  it('keys are per caller: another caller with the same key runs its own request', async () => {
    const k = key();
    const alice = await t.tokenFor('idem-alice');
    const bob = await t.tokenFor('idem-bob');
    const before = await count('ingredient_analysis');
    const a = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      token: alice,
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    const b = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      token: bob,
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.json().token).not.toBe(b.json().token);
    expect(await count('ingredient_analysis')).toBe(before + 2);
  });

  it('concurrent retries while the first is running: one runs, the others get 409 (or its replay)', async () => {
    const k = key();
    const before = await count('ingredient_analysis');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          headers: { 'idempotency-key': k },
          payload: { ingredient_list: LIST },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201 && true).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(
      1,
    );
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(errorOf(a).message).toMatch(/still being processed/);
    expect(await count('ingredient_analysis')).toBe(before + 1);
  });

  it('a body with its keys in another order is the same request (canonical JSON)', async () => {
    const token = await t.tokenFor('idem-moderator', 'moderator');
    const k = key();
    const u = Math.random().toString(36).slice(2, 8);
    const before = await count('ingredient');
    const first = await t.inject({
      method: 'POST',
      url: '/ingredients/create',
      token,
      headers: { 'idempotency-key': k },
      payload: { name: `Orderamide ${u}`, alias: `orderamide-${u}`, functions: ['humectant'] },
    });
    const reordered = await t.inject({
      method: 'POST',
      url: '/ingredients/create',
      token,
      headers: { 'idempotency-key': k },
      payload: { functions: ['humectant'], alias: `orderamide-${u}`, name: `Orderamide ${u}` },
    });
    expect([first.statusCode, reordered.statusCode]).toEqual([201, 201]);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toBe(first.body);
    expect(await count('ingredient')).toBe(before + 1);
    // The order of an array's items still matters.
    const otherOrder = await t.inject({
      method: 'POST',
      url: '/ingredients/create',
      token,
      headers: { 'idempotency-key': k },
      payload: { name: `Orderamide ${u}`, alias: `orderamide-${u}`, functions: ['humectant', 'solvent'] },
    });
    expect(otherOrder.statusCode).toBe(409);
  });

  it('a client error is kept too (the retry gets the same 400); a bad key is a 400 naming the header', async () => {
    const k = key();
    const bad = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: '' },
    });
    expect(bad.statusCode).toBe(400);
    const again = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: '' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const tooLong = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': 'x'.repeat(256) },
      payload: { ingredient_list: LIST },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).details).toEqual({ field: 'Idempotency-Key' });
  });
});

describe('Idempotency-Key on two instances without Redis', () => {
  const env = {
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    IDP_WEBHOOK_SECRET: 'test-idp-secret',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
    RATE_LIMIT_ENABLED: 'false',
    IDEMPOTENCY_MAX_KEYS_PER_CALLER: '3',
  };
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    b = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a retry on the other instance replays the first answer: the records are in the database', async () => {
    const k = key();
    const before = await count('ingredient_analysis');
    const post = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        remoteAddress: '10.8.0.1',
        headers: { 'idempotency-key': k },
        payload: { ingredient_list: LIST },
      });
    const first = await post(a);
    const retry = await post(b);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await count('ingredient_analysis')).toBe(before + 1);
    const [row] = await t.em().execute('select status, fingerprint from idempotency_record where idem_key = ?', [k]);
    expect(row).toMatchObject({ status: 201 });
  });

  it('one caller holds at most IDEMPOTENCY_MAX_KEYS_PER_CALLER live keys; past it, a 429 that runs nothing', async () => {
    const remoteAddress = '10.8.0.2';
    const post = (k: string) =>
      a.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        remoteAddress,
        headers: { 'idempotency-key': k },
        payload: { ingredient_list: LIST },
      });
    const keys = [key(), key(), key()];
    for (const k of keys) expect((await post(k)).statusCode).toBe(201);
    const before = await count('ingredient_analysis');
    const over = await post(key());
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({ code: 'RATE_LIMITED', details: { field: 'Idempotency-Key', max: 3 } });
    expect(await count('ingredient_analysis')).toBe(before);
    // Its kept keys still replay; another caller has its own allowance; without a key it runs.
    expect((await post(keys[0])).headers['idempotent-replayed']).toBe('true');
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          remoteAddress: '10.8.0.3',
          headers: { 'idempotency-key': key() },
          payload: { ingredient_list: LIST },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          remoteAddress,
          payload: { ingredient_list: LIST },
        })
      ).statusCode,
    ).toBe(201);
    // Once they expire, the caller may use new keys.
    await t
      .em()
      .execute(
        `update idempotency_record set expires_at = now() - interval '1 second' where idem_key in (?, ?, ?)`,
        keys,
      );
    expect((await post(key())).statusCode).toBe(201);
  });
});

withRedis.describe('Idempotency-Key through Redis (two instances)', () => {
  const prefix = `skincare-test-idem-${process.pid}-${Date.now()}:`;
  const env = {
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    IDP_WEBHOOK_SECRET: 'test-idp-secret',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    RATE_LIMIT_ENABLED: 'false',
  };
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    b = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
  });
  afterAll(async () => {
    const redis = new Redis(env.REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await a?.close();
    await b?.close();
  });

  it('a retry on the other instance gets the first response; another body is a 409 there too', async () => {
    const k = key();
    const before = await count('ingredient_analysis');
    const first = await a.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    const retry = await b.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'idempotency-key': k },
      payload: { ingredient_list: LIST },
    });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          headers: { 'idempotency-key': k },
          payload: { ingredient_list: 'Aqua' },
        })
      ).statusCode,
    ).toBe(409);
    expect(await count('ingredient_analysis')).toBe(before + 1);
  });
});
