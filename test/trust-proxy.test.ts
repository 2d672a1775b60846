// TRUST_PROXY: behind a load balancer every request comes from the balancer,
// so rate limits and logs must key on the client's address that the balancer forwards; without
// the setting, a forged X-Forwarded-For must change nothing.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';

const BALANCER = '10.1.2.3';
const env = (extra: Record<string, string>) =>
  loadConfig({
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    IDP_WEBHOOK_SECRET: 'test-idp-secret',
    LOG_LEVEL: 'info',
    PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    RATE_LIMIT_MAX: '3',
    CACHE_ENABLED: 'false',
    ...extra,
  });

describe('TRUST_PROXY', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  const logged: Array<Record<string, unknown>> = [];

  // A second app on the test's database with its own settings; its log lines are kept.
  async function appWith(extra: Record<string, string>): Promise<FastifyInstance> {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          logged.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({ config: env(extra), orm: t.orm, logger: { level: 'info', stream } });
    await app.ready();
    apps.push(app);
    return app;
  }

  const get = (app: FastifyInstance, client: string) =>
    app.inject({
      method: 'GET',
      url: '/census/countries?limit=1',
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': client },
    });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
  });

  it('reads hop counts, addresses and CIDRs, and refuses true and what is not an address', () => {
    expect(env({}).trustProxy).toBe(false);
    expect(env({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(env({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(env({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => env({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => env({ TRUST_PROXY: '11' })).toThrow(/hop count/);
    expect(() => env({ TRUST_PROXY: 'balancer.internal' })).toThrow(/not an IP address or CIDR/);
    expect(() => env({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
  });

  it('is off by default: a forged X-Forwarded-For neither buys a new budget nor shows in the logs', async () => {
    const app = await appWith({});
    for (let i = 1; i <= 3; i++) expect((await get(app, `203.0.113.${i}`)).statusCode).toBe(200);
    const limited = await get(app, '203.0.113.99');
    expect(limited.statusCode).toBe(429);
    const requests = logged.filter((l) => (l.req as { remoteAddress?: string } | undefined)?.remoteAddress);
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(requests.every((l) => (l.req as { remoteAddress: string }).remoteAddress === BALANCER)).toBe(true);
  });

  it('with the balancer listed, each client has its own budget and is the address logged', async () => {
    logged.length = 0;
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    for (let i = 0; i < 3; i++) expect((await get(app, '198.51.100.1')).statusCode).toBe(200);
    expect((await get(app, '198.51.100.1')).statusCode).toBe(429);
    // Another client behind the same balancer is not limited by the first one's requests.
    expect((await get(app, '198.51.100.2')).statusCode).toBe(200);
    // The client may prepend addresses of its own: only what the trusted balancer appended counts.
    expect((await get(app, '1.2.3.4, 198.51.100.1')).statusCode).toBe(429);
    const addresses = logged
      .map((l) => (l.req as { remoteAddress?: string } | undefined)?.remoteAddress)
      .filter(Boolean);
    expect(new Set(addresses)).toEqual(new Set(['198.51.100.1', '198.51.100.2']));
  });

  it('with a hop count, takes the address the nearest proxy saw', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    for (let i = 0; i < 3; i++) expect((await get(app, `203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(200);
    expect((await get(app, '198.51.100.7')).statusCode).toBe(429);
    expect((await get(app, '198.51.100.8')).statusCode).toBe(200);
  });

  it('trusts only the listed proxies: a request straight from elsewhere keeps its own address', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const direct = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/census/countries?limit=1',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 1; i <= 3; i++) expect((await direct(`203.0.113.${i}`)).statusCode).toBe(200);
    expect((await direct('203.0.113.4')).statusCode).toBe(429);
  });
});
