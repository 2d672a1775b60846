// Issue 37: the Idempotency-Key allowance limits a burst without locking an address out for a day
// (a sliding window on new keys, recovering once the window has passed), and what all callers keep
// together is bounded (the oldest finished answers are evicted). Time is a simulated clock.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { errorOf, startTestApp, TEST_ENV, type TestApp } from './helpers/app.js';

let t: TestApp;
let now = Date.now();
const apps: FastifyInstance[] = [];
const appWith = async (more: Record<string, string>) => {
  const app = await buildApp({
    config: loadConfig({ ...TEST_ENV, ...more }),
    orm: t.orm,
    logger: false,
    clock: () => new Date(now),
  });
  apps.push(app);
  return app;
};
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
});

const count = async (query: string, params: unknown[] = []): Promise<number> =>
  Number((await t.em().execute(query, params))[0].n);
let n = 0;
const key = () => `bounds-${++n}-${Math.random().toString(36).slice(2)}`;
const analyse = (app: FastifyInstance, remoteAddress: string, k: string, list = 'Aqua, Glycerin, Niacinamide') =>
  app.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    remoteAddress,
    headers: { 'idempotency-key': k },
    payload: { ingredient_list: list },
  });

describe('new keys per caller: a sliding window', () => {
  it('a burst past the window is a 429 with Retry-After; a few minutes later the caller may use keys again', async () => {
    const app = await appWith({ IDEMPOTENCY_MAX_KEYS_PER_CALLER: '3', IDEMPOTENCY_KEY_WINDOW_SECONDS: '300' });
    const address = '10.37.0.1';
    const first = key();
    expect((await analyse(app, address, first)).statusCode).toBe(201);
    now += 100_000;
    for (const k of [key(), key()]) expect((await analyse(app, address, k)).statusCode).toBe(201);
    const analyses = await count('select count(*)::int as n from ingredient_analysis');
    const refused = await analyse(app, address, key());
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      details: { field: 'Idempotency-Key', max: 3, window_seconds: 300, retry_after_seconds: 200 },
    });
    // When the oldest key of the window leaves it: 300 s after it began, 100 s have passed.
    expect(refused.headers['retry-after']).toBe('200');
    expect(await count('select count(*)::int as n from ingredient_analysis')).toBe(analyses);
    // Meanwhile: its kept keys replay, requests without a key run, other addresses are not affected.
    expect((await analyse(app, address, first)).headers['idempotent-replayed']).toBe('true');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          remoteAddress: address,
          payload: { ingredient_list: 'Aqua' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await analyse(app, '10.37.0.2', key())).statusCode).toBe(201);

    // 201 s later the first key has left the window: one new key fits, the next waits for the others.
    now += 201_000;
    expect((await analyse(app, address, key())).statusCode).toBe(201);
    const again = await analyse(app, address, key());
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(100);
    now += 100_000;
    expect((await analyse(app, address, key())).statusCode).toBe(201);
  });
});

describe('what all callers keep together is bounded', () => {
  it('past IDEMPOTENCY_MAX_RECORDS the oldest finished records go; the newest still replay', async () => {
    const app = await appWith({ IDEMPOTENCY_MAX_RECORDS: '4' });
    await t.em().execute('delete from idempotency_record');
    const keys: Array<{ address: string; k: string }> = [];
    for (let i = 0; i < 7; i++) {
      now += 1000;
      const entry = { address: `10.37.1.${i}`, k: key() };
      keys.push(entry);
      expect((await analyse(app, entry.address, entry.k)).statusCode).toBe(201);
      expect(await count('select count(*)::int as n from idempotency_record')).toBeLessThanOrEqual(4);
    }
    const left = (await t.em().execute<Array<{ idem_key: string }>>('select idem_key from idempotency_record')).map(
      (r) => r.idem_key,
    );
    expect(left.sort()).toEqual(
      keys
        .slice(-4)
        .map((e) => e.k)
        .sort(),
    );
    const newest = keys.at(-1)!;
    expect((await analyse(app, newest.address, newest.k)).headers['idempotent-replayed']).toBe('true');
  });

  it('past IDEMPOTENCY_MAX_BYTES the oldest answers go until the rest fit', async () => {
    const app = await appWith({ IDEMPOTENCY_MAX_BYTES: String(64 * 1024) });
    await t.em().execute('delete from idempotency_record');
    // Answers of some kilobytes each: a long list.
    const list = Array.from({ length: 60 }, (_, i) => ['Aqua', 'Glycerin', 'Niacinamide', 'Squalane'][i % 4]).join(
      ', ',
    );
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      now += 1000;
      const response = await analyse(app, `10.37.2.${i}`, key(), `${list}, Panthenol ${i}`);
      expect(response.statusCode).toBe(201);
      sizes.push(Buffer.byteLength(response.body));
      const [{ bytes }] = await t
        .em()
        .execute('select coalesce(sum(octet_length(body) + 256), 0)::int as bytes from idempotency_record');
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
    }
    // More was sent than the bound holds, so some answers were evicted, the latest kept.
    expect(sizes.reduce((a, b) => a + b + 256, 0)).toBeGreaterThan(64 * 1024);
    const kept = await count('select count(*)::int as n from idempotency_record');
    expect(kept).toBeLessThan(40);
    expect(kept).toBeGreaterThan(0);
  });
});
