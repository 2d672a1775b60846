// Rate limits, security headers, CORS, GraphQL introspection/suggestions/batches, uploads typed
// by content, configuration checks.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/core';
import { Redis } from 'ioredis';
import { ormOptions } from '../mikro-orm.config.js';
import { buildApp } from '../src/app.js';
import { meteredLeafCounts } from '../src/platform/answer-meter.js';
import { FIELD_COSTS, MAX_FIELD_REPEAT } from '../src/platform/graphql-limits.js';
import { IngredientAnalysis } from '../src/modules/analysis/analysis.entity.js';
import { registerRequestStore, storeOf, trackTransactions } from '../src/platform/request-store.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { isDatabaseUnavailable } from '../src/platform/database-errors.js';
import { sniffMediaType, safeFilename } from '../src/platform/uploads.js';
import { readMultipartBody } from '../src/rest/multipart.js';
import { rateLimitClass } from '../src/platform/rate-limit.js';
import { outsideWriteBumps } from '../src/platform/response-cache.js';
import { routes } from '../rest-mappings/routes.js';
import { errorOf, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { cpuTimed } from './helpers/cpu-time.js';
import { sharedRedis, TEST_REDIS_URL } from './helpers/redis-available.js';

const withRedis = await sharedRedis('protections.test.ts');
let t: TestApp;
const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_MAX: '6',
  RATE_LIMIT_ANALYSIS_MAX: '2',
  RATE_LIMIT_UPLOAD_MAX: '1',
  RATE_LIMIT_EMAIL_MAX: '1',
  RATE_LIMIT_IDP_MAX: '1',
  CORS_ORIGINS: 'https://app.example,http://localhost:5173',
};
beforeAll(async () => {
  t = await startTestApp(LIMITS);
});
afterAll(async () => {
  await t?.close();
});

let ip = 1;
const nextIp = () => `10.0.0.${ip++}`;

describe('rate limits', () => {
  it('limits anonymous callers per IP: 429 in the contract format with Retry-After', async () => {
    const remoteAddress = nextIp();
    for (let i = 0; i < 6; i++) {
      const r = await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress });
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const limited = await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another IP has its own budget; /health is never limited.
    expect(
      (await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress: nextIp() })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/health', remoteAddress })).statusCode).toBe(200);
  });

  it('limits signed-in callers per user, wherever they call from; a bad token counts against its IP', async () => {
    const token = await t.tokenFor('limited-user');
    for (let i = 0; i < 6; i++)
      expect(
        (await t.inject({ method: 'GET', url: '/census/countries?limit=1', token, remoteAddress: nextIp() }))
          .statusCode,
      ).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/census/countries?limit=1', token, remoteAddress: nextIp() })).statusCode,
    ).toBe(429);
    // The same IP, anonymous, still has budget: the user's was spent, not the IP's.
    const other = await t.tokenFor('other-user');
    expect((await t.inject({ method: 'GET', url: '/census/countries?limit=1', token: other })).statusCode).toBe(200);
    const remoteAddress = nextIp();
    for (let i = 0; i < 6; i++)
      await t.inject({
        method: 'GET',
        url: '/census/countries?limit=1',
        remoteAddress,
        headers: { authorization: `Bearer made-up-${i}` },
      });
    expect((await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress })).statusCode).toBe(429);
  });

  it('analysis has its own, stricter budget', async () => {
    const remoteAddress = nextIp();
    const analyse = () =>
      t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        remoteAddress,
        payload: { ingredient_list: 'Aqua, Glycerin' },
      });
    expect((await analyse()).statusCode).toBe(201);
    expect((await analyse()).statusCode).toBe(201);
    const limited = await analyse();
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toMatch(/at most 2 per 60 s/);
    expect((await t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress })).statusCode).toBe(200);
  });

  it('uploads have their own budget, checked before the body is read', async () => {
    const remoteAddress = nextIp();
    const upload = () =>
      t.inject({
        method: 'POST',
        url: '/analyze/extract_label',
        remoteAddress,
        payload: { text: 'Ingredients: Aqua, Glycerin.' },
      });
    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(429);
  });

  it('classes routes: analysis, uploads, e-mail sending and the identity provider hook', () => {
    expect(rateLimitClass({ method: 'POST', path: '/analyze/ingredient_list' })).toBe('analysis');
    expect(rateLimitClass({ method: 'GET', path: '/analyze/shared/:token' })).toBe('default');
    expect(rateLimitClass({ method: 'POST', path: '/analyze/extract_label', uploads: ['image'] })).toBe('upload');
    expect(rateLimitClass({ method: 'PATCH', path: '/users/:id/identity/email' })).toBe('email');
    expect(rateLimitClass({ method: 'GET', path: '/users/:id/resend_verification_email' })).toBe('email');
    expect(rateLimitClass({ method: 'POST', path: '/users/send_invite_link' })).toBe('email');
    expect(rateLimitClass({ method: 'POST', path: '/identity_provider' })).toBe('idp');
    expect(rateLimitClass({ method: 'GET', path: '/products', rateLimit: 'analysis' })).toBe('analysis');
    for (const route of routes.filter((r) => r.uploads)) expect(rateLimitClass(route)).toBe('upload');
  });

  it('the same operations sent through POST /graphql have the stricter budget too', async () => {
    const remoteAddress = nextIp();
    const analyse = () =>
      t.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress,
        payload: {
          query: 'mutation($l: String!) { analyzeIngredientList(ingredientList: $l) { token } }',
          variables: { l: 'Aqua, Glycerin' },
        },
      });
    expect((await analyse()).json().data.analyzeIngredientList.token).toBeTruthy();
    expect((await analyse()).json().data.analyzeIngredientList.token).toBeTruthy();
    const limited = await analyse();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Plain queries go on.
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/graphql',
          remoteAddress,
          payload: { query: '{ brands(limit: 1) { items { name } } }' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the identity-provider hook is limited when it is mounted', async () => {
    if (!routes.some((r) => r.method === 'POST' && r.path === '/identity_provider')) return;
    const remoteAddress = nextIp();
    await t.inject({ method: 'POST', url: '/identity_provider', remoteAddress, payload: {} });
    expect((await t.inject({ method: 'POST', url: '/identity_provider', remoteAddress, payload: {} })).statusCode).toBe(
      429,
    );
  });
});

describe('security headers and CORS', () => {
  it('sends helmet headers and a no-content CSP on the API', async () => {
    const r = await t.inject({ method: 'GET', url: '/health', remoteAddress: nextIp() });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['x-powered-by']).toBeUndefined();
  });

  it('lets /graphiql and /docs run their own scripts and styles, from the service only', async () => {
    for (const url of ['/graphiql', '/docs', '/docs/swagger-ui-bundle.js']) {
      const r = await t.inject({ method: 'GET', url, remoteAddress: nextIp() });
      expect(r.statusCode).toBe(200);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // GraphiQL's scripts are inline; Swagger UI's are files (test/hardening-25.test.ts: pages without script).
      expect(csp).toMatch(url === '/graphiql' ? /script-src 'self' 'unsafe-inline'/ : /script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/https?:/);
    }
  });

  it('answers CORS for the configured origins only', async () => {
    const preflight = (origin: string) =>
      t.inject({
        method: 'OPTIONS',
        url: '/products',
        remoteAddress: nextIp(),
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const ok = await preflight('https://app.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const denied = await preflight('https://evil.example');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.inject({
      method: 'GET',
      url: '/census/countries?limit=1',
      remoteAddress: nextIp(),
      headers: { origin: 'http://localhost:5173' },
    });
    expect(simple.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(simple.headers['access-control-expose-headers'])).toContain('retry-after');
  });

  it('allows no origin by default and checks CORS_ORIGINS', () => {
    expect(
      loadConfig({
        PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        IDP_WEBHOOK_SECRET: 'x',
      }).corsOrigins,
    ).toEqual([]);
    expect(() =>
      loadConfig({ CORS_ORIGINS: 'app.example', AUTH_JWT_SECRET: TEST_JWT_SECRET, IDP_WEBHOOK_SECRET: 'x' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        CORS_ORIGINS: 'https://app.example/path',
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        IDP_WEBHOOK_SECRET: 'x',
      }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ RATE_LIMIT_MAX: '0', AUTH_JWT_SECRET: TEST_JWT_SECRET, IDP_WEBHOOK_SECRET: 'x' }),
    ).toThrow(/RATE_LIMIT_MAX/);
    expect(() =>
      loadConfig({ RATE_LIMIT_ENABLED: 'maybe', AUTH_JWT_SECRET: TEST_JWT_SECRET, IDP_WEBHOOK_SECRET: 'x' }),
    ).toThrow(/RATE_LIMIT_ENABLED/);
  });
});

describe('GraphQL protections', () => {
  let closed: FastifyInstance;
  beforeAll(async () => {
    closed = await buildApp({
      config: loadConfig({
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        IDP_WEBHOOK_SECRET: 'x',
        LOG_LEVEL: 'silent',
        PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
        GRAPHQL_INTROSPECTION: 'false',
        RATE_LIMIT_ENABLED: 'false',
        GRAPHQL_MAX_BATCH: '3',
      }),
      orm: t.orm,
      logger: false,
    });
  });
  afterAll(async () => {
    await closed?.close();
  });
  const gql = (app: FastifyInstance, payload: unknown) =>
    app.inject({ method: 'POST', url: '/graphql', payload: payload as object, remoteAddress: nextIp() });

  it('introspection is on by default, with field suggestions', async () => {
    const r = await gql(t.app, { query: '{ __schema { queryType { name } } }' });
    expect(r.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    const typo = await gql(t.app, { query: '{ brand(idOrAlias: "x") { nam } }' });
    expect(JSON.stringify(typo.json())).toMatch(/Did you mean/);
  });

  it('GRAPHQL_INTROSPECTION=false refuses introspection and suggests no field names', async () => {
    const r = await gql(closed, { query: '{ __schema { types { name } } }' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(r.json().data).toBeUndefined();
    const typo = await gql(closed, { query: '{ brand(idOrAlias: "x") { nam } }' });
    expect(typo.statusCode).toBe(400);
    expect(JSON.stringify(typo.json())).not.toMatch(/Did you mean/);
    expect(
      (await gql(closed, { query: '{ brands(limit: 1) { items { name } } }' })).json().data.brands.items,
    ).toHaveLength(1);
  });

  it('answers a batch of operations, and refuses a batch over the limit with a 400', async () => {
    const op = { query: '{ brands(limit: 1) { items { name } } }' };
    const r = await gql(t.app, [op, op]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(2);
    const ten = await gql(
      t.app,
      Array.from({ length: 10 }, () => op),
    );
    expect(ten.json()).toHaveLength(10);
    const eleven = await gql(
      t.app,
      Array.from({ length: 11 }, () => op),
    );
    expect(eleven.statusCode).toBe(400);
    expect(errorOf(eleven)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body', max: 10 } });
    expect((await gql(closed, [op, op, op, op])).statusCode).toBe(400);
    expect((await gql(t.app, [])).statusCode).toBe(400);
  });
});

describe('uploads are typed by content, never by name or declared type', () => {
  const boundary = '----hardening-boundary';
  const multipart = (field: string, filename: string, type: string, data: Buffer) => ({
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();

  it('the multipart layer reports what the bytes are and a safe name', async () => {
    const echo = Fastify();
    await echo.register(fastifyMultipart);
    echo.post('/echo', async (request) => {
      const body = await readMultipartBody(request, ['image']);
      const file = body.image as { filename: string; mimetype: string | null; data: Buffer };
      return { filename: file.filename, mimetype: file.mimetype, size: file.data.length };
    });
    const image = await png();
    const pngAsText = await echo.inject({
      method: 'POST',
      url: '/echo',
      ...multipart('image', 'notes.txt', 'text/plain', image),
    });
    expect(pngAsText.json()).toEqual({ filename: 'notes.txt', mimetype: 'image/png', size: image.length });
    const textAsPng = await echo.inject({
      method: 'POST',
      url: '/echo',
      ...multipart('image', '../../etc/photo.png', 'image/png', Buffer.from('just some text')),
    });
    expect(textAsPng.json()).toEqual({ filename: 'photo.png', mimetype: null, size: 14 });
    await echo.close();
  });

  it('POST /analyze/extract_label refuses a text file named .png and declared image/png', async () => {
    const r = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      remoteAddress: nextIp(),
      ...multipart('image', 'label.png', 'image/png', Buffer.from('Ingredients: Aqua, Glycerin')),
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'image' } });
  });

  it('POST /analyze/extract_label takes a PNG named .txt and declared text/plain', async () => {
    const lines = ['Ingredients: Aqua (Water), Glycerin, Niacinamide.'];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="120"><rect width="100%" height="100%" fill="white"/>${lines
      .map((line, i) => `<text x="20" y="${70 + i * 60}" font-family="DejaVu Sans" font-size="32">${line}</text>`)
      .join('')}</svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const r = await t.inject({
      method: 'POST',
      url: '/analyze/extract_label',
      remoteAddress: nextIp(),
      ...multipart('image', 'label.txt', 'text/plain', image),
    });
    expect(r.statusCode).toBe(201);
    expect(JSON.stringify(r.json())).toMatch(/glycerin/i);
  });

  it('sniffs the image formats the service reads', () => {
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMediaType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffMediaType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(Buffer.from('\0\0\0\x1cftypavif', 'latin1'))).toBe('image/avif');
    expect(sniffMediaType(Buffer.from('hello'))).toBeNull();
    expect(safeFilename('C:\\Users\\me\\label.jpg')).toBe('label.jpg');
    expect(safeFilename('..')).toBe('upload');
  });
});

describe('NUL characters', () => {
  it('are a 400 naming the field on REST, and VALIDATION_FAILED on GraphQL', async () => {
    const rest = await t.inject({ method: 'GET', url: '/ingredients?search=a%00b', remoteAddress: nextIp() });
    expect(rest.statusCode).toBe(400);
    expect(errorOf(rest).details).toEqual({ field: 'search' });
    const body = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      remoteAddress: nextIp(),
      payload: { ingredient_list: 'Aqua, Gly\u0000cerin' },
    });
    expect(errorOf(body).details).toEqual({ field: 'ingredient_list' });
    const graphql = await t.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: nextIp(),
      payload: { query: '{ ingredients(search: "a\\u0000b", limit: 1) { items { name } } }' },
    });
    expect(graphql.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('an unreachable database', () => {
  it('is recognised from driver errors, and bugs are not', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable({
        name: 'DriverException',
        message: 'x',
        cause: { code: '57P01', message: 'terminating connection due to administrator command' },
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    // PGlite's answer to a NUL byte in a parameter is a protocol violation, not an outage.
    expect(
      isDatabaseUnavailable({
        name: 'DriverException',
        code: '08P01',
        message: 'bind message supplies 0 parameters, but prepared statement "" requires 1',
      }),
    ).toBe(false);
  });
});

describe('the anonymous response cache and failed requests', () => {
  const url = '/brands?limit=2';
  const read = () => t.inject({ method: 'GET', url, remoteAddress: nextIp() });
  // Writes made outside a request (the test's own user rows) bump it now and once more a moment
  // later: that moment shortened, and waited for.
  let delayMs = 0;
  beforeAll(() => {
    delayMs = outsideWriteBumps.delayMs;
    outsideWriteBumps.delayMs = 10;
  });
  afterAll(() => {
    outsideWriteBumps.delayMs = delayMs;
  });
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await outsideWriteBumps.settled();
  };

  it('only a committed write empties it: a 404, 401, 415, 400 or rolled-back POST does not', async () => {
    const member = await t.tokenFor('cache-member');
    await settle();
    await read();
    expect((await read()).headers['x-cache']).toBe('HIT');
    const failing = [
      { method: 'POST' as const, url: '/no-such-route', payload: {} },
      { method: 'POST' as const, url: '/routines', payload: { name: 'x' } },
      { method: 'POST' as const, url: '/products/search', payload: 'query=x', headers: { 'content-type': 'text/csv' } },
      { method: 'POST' as const, url: '/products/search', payload: { limit: 'many' } },
      // Signed in, passes validation, fails inside its transaction (rolled back).
      { method: 'DELETE' as const, url: '/routines/00000000-0000-4000-8000-000000000000', token: member },
      {
        method: 'POST' as const,
        url: '/graphql',
        payload: { query: 'mutation { deleteRoutine(id: "00000000-0000-4000-8000-000000000000") }' },
        token: member,
      },
      { method: 'POST' as const, url: '/graphql', payload: { query: '{ brands(limit: 1) { items { name } } }' } },
    ];
    for (const request of failing) {
      const r = await t.inject({ ...request, remoteAddress: nextIp() });
      expect(r.statusCode === 200 || r.statusCode >= 400).toBe(true);
      expect([request.url, (await read()).headers['x-cache']]).toEqual([request.url, 'HIT']);
    }
  });

  // What a write drops is what it changed (per table: test/cache-invalidation.test.ts has the table of writes).
  it('a committed write empties what it changed: a transaction that wrote; the analysis INSERT changes no read', async () => {
    const member = await t.tokenFor('cache-writer');
    const me = (await t.inject({ method: 'GET', url: '/my/user', token: member, remoteAddress: nextIp() })).json() as {
      username: string;
    };
    const feelingsUrl = `/users/${me.username}/ingredient_feelings`;
    const readFeelings = () => t.inject({ method: 'GET', url: feelingsUrl, remoteAddress: nextIp() });
    await settle();
    await read();
    await readFeelings();
    expect((await read()).headers['x-cache']).toBe('HIT');
    expect((await readFeelings()).headers['x-cache']).toBe('HIT');
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/ingredients/glycerin/feeling/positive',
          token: member,
          remoteAddress: nextIp(),
        })
      ).statusCode,
    ).toBe(200);
    const changed = await readFeelings();
    expect(changed.headers['x-cache']).toBe('MISS');
    expect(changed.body).toContain('glycerin');
    expect((await readFeelings()).headers['x-cache']).toBe('HIT');
    expect((await read()).headers['x-cache']).toBe('HIT');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/analyze/ingredient_list',
          remoteAddress: nextIp(),
          payload: { ingredient_list: 'Aqua, Glycerin' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await read()).headers['x-cache']).toBe('HIT');
    expect((await readFeelings()).headers['x-cache']).toBe('HIT');
  });
});

describe('GraphQL amplification: every aliased, fragment or batched occurrence counts before anything runs', () => {
  const analysesStored = () => t.em().count(IngredientAnalysis, {});
  const aliases = (n: number, prefix = 'a') =>
    Array.from(
      { length: n },
      (_, i) => `${prefix}${i}: analyzeIngredientList(ingredientList: "Aqua, Glycerin") { token }`,
    ).join(' ');
  const gqlFrom = (app: FastifyInstance, remoteAddress: string, payload: unknown) =>
    app.inject({ method: 'POST', url: '/graphql', remoteAddress, payload: payload as object });

  /** The analysis budget is 2 per window: asks for 3 ways, then 2 and 1 more. */
  async function amplificationHolds(app: FastifyInstance): Promise<void> {
    const remoteAddress = nextIp();
    const before = await analysesStored();
    const refused = [
      { query: `mutation { ${aliases(3)} }` },
      { query: `mutation { ...A } fragment A on Mutation { ${aliases(3)} }` },
      {
        query: `mutation { a: analyzeIngredientList(ingredientList: "Aqua") { token } ... on Mutation { ${aliases(2, 'b')} } }`,
      },
      [
        { query: `mutation { ${aliases(1)} }` },
        { query: `mutation { ${aliases(1)} }` },
        { query: `mutation { ${aliases(1)} }` },
      ],
    ];
    for (const payload of refused) {
      const r = await gqlFrom(app, remoteAddress, payload);
      expect(r.statusCode).toBe(429);
      expect(r.json().errors[0].extensions.code).toBe('RATE_LIMITED');
      expect(r.json().errors[0].message).toMatch(/at most 2 analysis operations/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused whole: nothing ran, and the budget is untouched.
    expect(await analysesStored()).toBe(before);
    const two = await gqlFrom(app, remoteAddress, { query: `mutation { ${aliases(2)} }` });
    expect(two.statusCode).toBe(200);
    expect(Object.keys(two.json().data)).toHaveLength(2);
    expect(await analysesStored()).toBe(before + 2);
    expect((await gqlFrom(app, remoteAddress, { query: `mutation { ${aliases(1)} }` })).statusCode).toBe(429);
    // Queries of a limited class count too (POST /analyze/effects), over GET as well (a fresh
    // caller each: the default budget of 6 requests is spent above).
    const effects = encodeURIComponent('{ ingredientEffects(ingredientList: "Aqua") { __typename } }');
    const withVariables = `query=${encodeURIComponent('query($l: String) { a: ingredientEffects(ingredientList: $l) { __typename } b: ingredientEffects(ingredientList: $l) { __typename } }')}&variables=${encodeURIComponent('{"l":"Aqua"}')}`;
    for (const query of [`query=${effects}`, withVariables]) {
      const caller = nextIp();
      expect((await gqlFrom(app, caller, { query: `mutation { ${aliases(2)} }` })).statusCode).toBe(200);
      const r = await app.inject({
        method: 'GET',
        url: `/graphql?${query}`,
        remoteAddress: caller,
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(r.statusCode).toBe(429);
      expect(r.json().errors[0].message).toMatch(/at most 2 analysis operations/);
    }
    expect(await analysesStored()).toBe(before + 6);
    // An operation that does not validate counts nothing.
    const other = nextIp();
    expect((await gqlFrom(app, other, { query: `mutation { ${aliases(2)} nope }` })).statusCode).toBe(400);
    expect((await gqlFrom(app, other, { query: `mutation { ${aliases(2)} }` })).statusCode).toBe(200);
    expect(await analysesStored()).toBe(before + 8);
  }

  it('with the in-process limiter', async () => {
    await amplificationHolds(t.app);
  });

  withRedis.it('with Redis (every instance shares the budget)', async () => {
    const prefix = `skincare-test-amplification-${process.pid}:`;
    const env = {
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      IDP_WEBHOOK_SECRET: 'x',
      LOG_LEVEL: 'silent',
      PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      ...LIMITS,
    };
    const a = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    const b = await buildApp({ config: loadConfig(env), orm: t.orm, logger: false });
    const redis = new Redis(env.REDIS_URL);
    try {
      await amplificationHolds(a);
      // The other instance sees the same spent budget.
      const remoteAddress = nextIp();
      expect((await gqlFrom(a, remoteAddress, { query: `mutation { ${aliases(2)} }` })).statusCode).toBe(200);
      expect((await gqlFrom(b, remoteAddress, { query: `mutation { ${aliases(1)} }` })).statusCode).toBe(429);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await a.close();
      await b.close();
    }
  });
});

describe('GraphQL alias bombs and heavy fields are refused before they run', () => {
  const gqlAt = (remoteAddress: string, payload: unknown) =>
    t.inject({ method: 'POST', url: '/graphql', remoteAddress, payload: payload as object });

  it('gives every heavy field that exists its cost', () => {
    const root = readFileSync('schema/schema.graphql', 'utf8');
    for (const coordinate of Object.keys(FIELD_COSTS)) {
      const [type, field] = coordinate.split('.');
      // A type may implement interfaces (`type RoutinePlan implements PlanContent {`).
      const body = new RegExp(`^type ${type}(?: implements [\\w &]+)? \\{([\\s\\S]*?)^\\}`, 'm').exec(root)?.[1] ?? '';
      expect([coordinate, new RegExp(`^  ${field}[(:]`, 'm').test(body)]).toEqual([coordinate, true]);
    }
  });

  it('refuses 3,000 aliased sitemaps for little CPU while a cheap request still answers', async () => {
    const bomb = `query { ${Array.from({ length: 3000 }, (_, i) => `s${i}: productSitemap`).join(' ')} }`;
    const {
      result: [r, cheap],
      cpuMs,
    } = await cpuTimed(() =>
      Promise.all([
        gqlAt(nextIp(), { query: bomb }),
        t.inject({ method: 'GET', url: '/census/countries?limit=1', remoteAddress: nextIp() }),
      ]),
    );
    expect(cheap.statusCode).toBe(200);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({
      extensions: {
        code: 'VALIDATION_FAILED',
        details: { limit: 'field_repeat', field: 'productSitemap', max: MAX_FIELD_REPEAT },
      },
    });
    // CPU time of both, generous: the bomb ran 18-85 s before.
    expect(cpuMs).toBeLessThan(2000);
  });

  it('counts heavy fields at their cost, within the repeat cap too', async () => {
    const sitemaps = (n: number) =>
      `query { ${Array.from({ length: n }, (_, i) => `s${i}: productSitemap`).join(' ')} }`;
    const six = await gqlAt(nextIp(), { query: sitemaps(6) });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors[0].extensions.details).toMatchObject({ limit: 'complexity' });
    const similar = `{ ${Array.from({ length: 15 }, (_, i) => `p${i}: similarProducts(idOrAlias: "x", limit: 100) { items { score } }`).join(' ')} }`;
    expect((await gqlAt(nextIp(), { query: similar })).json().errors[0].extensions.details).toMatchObject({
      limit: 'complexity',
    });
    // A fragment spread into the selection repeats its fields there.
    const viaFragments = `{ ...A ...B } fragment A on Query { ${Array.from({ length: 15 }, (_, i) => `a${i}: __typename`).join(' ')} } fragment B on Query { ${Array.from({ length: 15 }, (_, i) => `b${i}: __typename`).join(' ')} }`;
    expect((await gqlAt(nextIp(), { query: viaFragments })).json().errors[0].extensions.details).toMatchObject({
      limit: 'field_repeat',
      field: '__typename',
    });
    expect((await gqlAt(nextIp(), { query: sitemaps(2) })).statusCode).toBe(200);
  });

  it('refuses an answer over the size bound', async () => {
    const small = await buildApp({ config: t.config, orm: t.orm, logger: false, maxGraphqlResponseBytes: 2000 });
    try {
      const r = await small.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: nextIp(),
        payload: { query: '{ productSitemap }' },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { limit: 'response_bytes', max: 2000 },
      });
      expect(
        (
          await small.inject({
            method: 'POST',
            url: '/graphql',
            remoteAddress: nextIp(),
            payload: { query: '{ brands(limit: 1) { items { name } } }' },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the answer cap is enforced while the answer is built', () => {
  it('refuses many aliases of a large list with a 400 after building at most the cap, whatever the document asks', async () => {
    const cap = 50_000;
    const small = await buildApp({ config: t.config, orm: t.orm, logger: false, maxGraphqlResponseBytes: cap });
    try {
      const ask = async (query: string) => {
        const before = meteredLeafCounts();
        const response = await small.inject({
          method: 'POST',
          url: '/graphql',
          remoteAddress: nextIp(),
          payload: { query },
        });
        const after = meteredLeafCounts();
        return {
          response,
          built: after.built - before.built,
          bytes: after.bytes - before.bytes,
          leftOut: after.leftOut - before.leftOut,
        };
      };
      const lists = await ask('{ products(limit: 50) { items { ingredientList } } }');
      expect(lists.response.statusCode).toBe(200);
      const items = (lists.response.json() as { data: { products: { items: Array<{ ingredientList: string }> } } }).data
        .products.items;
      const largestLeaf = Math.max(...items.map((i) => i.ingredientList.length));
      // Shapes: aliases of one list field, the same through fragments, and lists nested in lists (each product's
      // ingredients), all well within the cost model and each answer many times the cap.
      const shapes = [
        `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: products(limit: 50) { items { ingredientList name description } }`).join(' ')} }`,
        `{ ...F } fragment F on Query { ${Array.from({ length: 20 }, (_, i) => `f${i}: products(limit: 50) { items { ingredientList } }`).join(' ')} }`,
        `{ ${Array.from({ length: 10 }, (_, i) => `n${i}: products(limit: 40) { items { ingredientList ingredients { ingredient { name description } } } }`).join(' ')} }`,
      ];
      for (const query of shapes) {
        const { response, built, bytes, leftOut } = await ask(query);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([
          expect.objectContaining({
            extensions: expect.objectContaining({
              code: 'VALIDATION_FAILED',
              details: expect.objectContaining({ limit: 'response_bytes', max: cap }),
            }),
          }),
        ]);
        // What was built stops at the cap (the leaf that crossed it included); the rest of the answer is never built.
        expect(bytes).toBeLessThanOrEqual(cap + largestLeaf + 100);
        expect(leftOut).toBeGreaterThan(built);
      }
    } finally {
      await small.close();
    }
  });
});

describe('objects with large rows cost by their size', () => {
  it('refuses aliases of pages of analyses before reading them, and answers one page of 100', async () => {
    const token = await t.tokenFor('many-analyses');
    const ask = (query: string) =>
      t.inject({ method: 'POST', url: '/graphql', remoteAddress: nextIp(), token, payload: { query } });
    const page = 'myIngredientAnalyses(limit: 100) { items { token ingredientList } }';
    expect((await ask(`{ ${page} }`)).statusCode).toBe(200);
    // 20 aliases: 2,000 analyses of up to ~117 kB each (234 MB read) for a 40 MB answer. Refused by its cost.
    for (const aliases of [2, 20]) {
      const response = await ask(`{ ${Array.from({ length: aliases }, (_, i) => `a${i}: ${page}`).join(' ')} }`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions.details).toMatchObject({ limit: 'complexity' });
    }
  });
});

describe('malformed GraphQL requests are 400 VALIDATION_FAILED, never 500', () => {
  const twenty = (prefix: string, field: string) =>
    Array.from({ length: MAX_FIELD_REPEAT }, (_, i) => `${prefix}${i}: ${field}`).join(' ');
  const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
    ['a missing variable', { query: 'query($l: Int!) { brands(limit: $l) { items { name } } }' }, 'l'],
    [
      'a variable of the wrong type',
      { query: 'query($l: Int!) { brands(limit: $l) { items { name } } }', variables: { l: 'many' } },
      'l',
    ],
    [
      'a missing non-null String variable',
      { query: 'query($q: String!) { ingredients(search: $q, limit: 1) { items { name } } }', variables: {} },
      'q',
    ],
    [
      'an operationName naming no operation',
      { query: 'query A { brands(limit: 1) { items { name } } }', operationName: 'B' },
      undefined,
    ],
    [
      '10,001 aliases of one field',
      { query: `{ ${Array.from({ length: 10_001 }, (_, i) => `b${i}: __typename`).join(' ')} }` },
      undefined,
    ],
    [
      'more than 10,000 nodes through nested fragments, none repeated over the cap',
      {
        query: `{ ${twenty('p', 'product(idOrAlias: "x") { ...P }')} } fragment P on Product { ${twenty('b', 'brand { ...B }')} } fragment B on Brand { ${twenty('o', 'owner { ...U }')} } fragment U on User { ${twenty('i', 'id')} }`,
      },
      undefined,
    ],
  ];
  it.each(cases)('%s', async (_name, payload, field) => {
    const r = await t.inject({ method: 'POST', url: '/graphql', remoteAddress: nextIp(), payload });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
    if (field) expect(r.json().errors[0].extensions.details).toEqual({ field });
  });
});

describe('GraphQL during a database outage', () => {
  it('answers 503 with Retry-After, as REST does', async () => {
    const orm = await MikroORM.init({
      ...ormOptions({ databaseUrl: 'postgres://postgres@127.0.0.1:9/unreachable', pgliteDir: '' }),
      pool: { min: 0, max: 1 },
    } as never);
    const down = await buildApp({ config: t.config, orm: orm as never, logger: false });
    try {
      const token = await t.tokenFor('outage-user');
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const r = await down.inject({
          method: 'POST',
          url: '/graphql',
          remoteAddress: nextIp(),
          headers,
          payload: { query: '{ brands(limit: 1) { items { name } } }' },
        });
        expect(r.statusCode).toBe(503);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        expect(r.json().errors[0].message).toMatch(/database is unavailable/i);
      }
      const rest = await down.inject({ method: 'GET', url: '/brands?limit=1', remoteAddress: nextIp() });
      expect(rest.statusCode).toBe(503);
    } finally {
      await down.close();
      await orm.close();
    }
  });
});

describe('the request store counts committed writes only', () => {
  it('a write in a transaction counts when it commits, not when it rolls back; reads never', async () => {
    const app = Fastify();
    registerRequestStore(app);
    trackTransactions(t.orm.em.getEventManager());
    const committed = new Map<string, boolean | undefined>();
    app.addHook('onSend', async (request, _reply, payload) => {
      committed.set(request.url, storeOf(request)?.committed);
      return payload;
    });
    const write = 'update "brand" set "name" = "name" where false';
    app.post('/commits', async () => {
      await t.em().transactional(async (em) => {
        await em.execute(write);
      });
      return {};
    });
    app.post('/rolls-back', async () => {
      await t
        .em()
        .transactional(async (em) => {
          await em.execute(write);
          throw new Error('fails after writing');
        })
        .catch(() => undefined);
      return {};
    });
    app.post('/nested-rolls-back', async () => {
      await t
        .em()
        .transactional(async (em) => {
          await em.execute(write);
          await em
            .transactional(async () => {
              throw new Error('the savepoint fails');
            })
            .catch(() => undefined);
        })
        .catch(() => undefined);
      return {};
    });
    app.post('/reads', async () => {
      await t.em().transactional(async (em) => {
        await em.execute('select 1');
      });
      return {};
    });
    try {
      for (const url of ['/commits', '/rolls-back', '/nested-rolls-back', '/reads'])
        expect((await app.inject({ method: 'POST', url })).statusCode).toBe(200);
      expect(Object.fromEntries(committed)).toEqual({
        '/commits': true,
        '/rolls-back': false,
        '/nested-rolls-back': true,
        '/reads': false,
      });
    } finally {
      await app.close();
    }
  });
});
