// The host around the API: development secrets and auth mode, token claims, slow
// clients, parser-level errors in the contract's format, image limits, the identity-provider
// hook during an outage.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { Authenticator, describeAuthMode } from '../src/auth.js';
import { ConfigError, generatedSecret, isLoopbackHost, loadConfig, secretVar } from '../src/config.js';
import { errorOf, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { cpuTimed } from './helpers/cpu-time.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_DEV_MODE: 'true' });
});
afterAll(async () => {
  await t?.close();
});

const BASE_ENV = {
  AUTH_JWT_SECRET: TEST_JWT_SECRET,
  IDP_WEBHOOK_SECRET: 'x',
  LOG_LEVEL: 'silent',
  PGLITE_DIR: '/tmp/skincare-test-unused/pglite',
  RATE_LIMIT_ENABLED: 'false',
};
const secret = new TextEncoder().encode(TEST_JWT_SECRET);
const rawToken = (claims: Record<string, unknown>, exp: boolean = true) => {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setIssuer('skincare-dev')
    .setAudience('skincare');
  return (exp ? jwt.setExpirationTime('1h') : jwt).sign(secret);
};

describe('development secrets and the auth mode', () => {
  it('no secret is tracked in git; generated ones live in <data folder>/secrets, 0600, and are reused', () => {
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
    expect(tracked.filter((f) => /(^|\/)dev-.*secret/.test(f))).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'skincare-secrets-'));
    const config = loadConfig({ PGLITE_DIR: join(dir, 'pglite') });
    const file = join(dir, 'secrets', 'dev-jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(config.auth.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    expect(loadConfig({ PGLITE_DIR: join(dir, 'pglite') }).auth.jwtSecret).toBe(config.auth.jwtSecret);
    // The helper other settings use: the variable wins, else a secret of its own in the same place.
    expect(secretVar({ CURSOR_SECRET: 'given' }, 'CURSOR_SECRET', dir, 'cursor-secret')).toBe('given');
    expect(secretVar({}, 'CURSOR_SECRET', dir, 'cursor-secret')).toBe(generatedSecret(dir, 'cursor-secret'));
  });

  it('AUTH_DEV_MODE is off by default, needs a loopback HOST, and the start-up line says the mode', () => {
    expect(loadConfig(BASE_ENV).auth.devMode).toBe(false);
    expect(loadConfig({ ...BASE_ENV, AUTH_DEV_MODE: 'true', HOST: '::1' }).auth.devMode).toBe(true);
    expect(() => loadConfig({ ...BASE_ENV, AUTH_DEV_MODE: 'true', HOST: '0.0.0.0' })).toThrow(/loopback/);
    expect(() => loadConfig({ ...BASE_ENV, AUTH_DEV_MODE: 'yes please' })).toThrow(ConfigError);
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.2', 'example.com'].some(isLoopbackHost)).toBe(false);
    expect(describeAuthMode(loadConfig(BASE_ENV).auth, '/d').line).toMatch(
      /^auth: HS256 .*AUTH_JWT_SECRET; user_type claims ignored/,
    );
    expect(describeAuthMode(t.config.auth, '/d').line).toMatch(/^auth: DEVELOPMENT mode/);
    const jwks = describeAuthMode(
      loadConfig({ ...BASE_ENV, AUTH_JWT_SECRET: '', AUTH_JWKS_URL: 'https://idp.example/jwks.json' }).auth,
      '/d',
    );
    expect(jwks.warnings.join()).toMatch(/AUTH_AUDIENCE and AUTH_ISSUER unset/);
    expect(
      describeAuthMode(
        loadConfig({
          ...BASE_ENV,
          AUTH_JWT_SECRET: '',
          AUTH_JWKS_URL: 'https://idp.example/jwks.json',
          AUTH_AUDIENCE: 'a',
          AUTH_ISSUER: 'i',
        }).auth,
        '/d',
      ).warnings,
    ).toEqual([]);
  });

  it('the user_type claim counts only in development mode; prototype keys are no type', async () => {
    const off = await buildApp({ config: loadConfig(BASE_ENV), orm: t.orm, logger: false });
    try {
      const admin = await rawToken({ sub: 'dev|claimer', preferred_username: 'claimer', user_type: 'admin' });
      const plain = await off.inject({ method: 'GET', url: '/my/user', headers: { authorization: `Bearer ${admin}` } });
      expect(plain.json()).toMatchObject({ user_type: 'member' });
      expect((await t.inject({ method: 'GET', url: '/my/user', token: admin })).json()).toMatchObject({
        user_type: 'admin',
      });
    } finally {
      await off.close();
    }
    for (const type of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const response = await t.inject({
        method: 'GET',
        url: '/my/user',
        token: await rawToken({ sub: `dev|proto-${type}`, user_type: type }),
      });
      expect({ type, status: response.statusCode, userType: response.json().user_type }).toEqual({
        type,
        status: 200,
        userType: 'member',
      });
    }
  });
});

describe('token claims', () => {
  it('a token without exp is refused', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/my/user',
      token: await rawToken({ sub: 'dev|forever' }, false),
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it('name, email and preferred_username are bounded as profiles are: bad values are dropped, not stored', async () => {
    const token = await rawToken({
      sub: 'dev|long-claims',
      name: 'N'.repeat(10_000),
      preferred_username: `x${'\u0000'.repeat(3)}`,
      email: 'not an address',
    });
    const response = await t.inject({ method: 'GET', url: '/my/user', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      display_name: null,
      email: null,
      username: expect.stringMatching(/^user-[0-9a-f]{10}$/),
    });
    const good = await t.inject({
      method: 'GET',
      url: '/my/user',
      token: await rawToken({
        sub: 'dev|good-claims',
        name: 'Good Name',
        preferred_username: 'goodname',
        email: 'good@EXAMPLE.com',
      }),
    });
    expect(good.json()).toMatchObject({ display_name: 'Good Name', username: 'goodname', email: 'good@example.com' });
  });
});

describe('errors before any route, in the contract format', () => {
  let listening: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    listening = await buildApp({
      config: loadConfig({
        ...BASE_ENV,
        HTTP_HEADERS_TIMEOUT_SECONDS: '1',
        HTTP_REQUEST_TIMEOUT_SECONDS: '2',
        HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
        HTTP_IDLE_TIMEOUT_SECONDS: '5',
      }),
      orm: t.orm,
      logger: false,
    });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    port = (listening.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await listening?.close();
  });

  /**
   * Opens a raw connection, lets `start` talk, and reports what the server said and who closed it: the
   * server (its deadline) or this probe, after 15 s (none).
   */
  const probe = (start: (socket: net.Socket) => void) =>
    new Promise<{ closedBy: 'server' | 'probe'; answer: string }>((resolve) => {
      let answer = '';
      let gaveUp = false;
      const socket = net.connect(port, '127.0.0.1', () => start(socket));
      socket.on('data', (d) => {
        answer += d.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ closedBy: gaveUp ? 'probe' : 'server', answer }));
      const timer = setTimeout(() => {
        gaveUp = true;
        socket.destroy();
      }, 15_000).unref();
      socket.on('close', () => clearTimeout(timer));
    });
  const trickle = (socket: net.Socket, text: string) => {
    const timer = setInterval(() => socket.writable && socket.write(text), 200);
    socket.on('close', () => clearInterval(timer));
  };
  const bodyOf = (answer: string) => JSON.parse(answer.split('\r\n\r\n')[1]) as { error: { code: string } };

  it('closes connections that trickle headers or a body, stay silent, or idle between requests', async () => {
    const [headers, body, silent, keepAlive] = await Promise.all([
      probe((s) => {
        s.write('GET /health HTTP/1.1\r\nHost: x\r\n');
        trickle(s, 'X-Slow: 1\r\n');
      }),
      probe((s) => {
        s.write(
          'POST /analyze/ingredient_list HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"ingredient_list":"',
        );
        trickle(s, 'a');
      }),
      probe(() => undefined),
      probe((s) => s.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')),
    ]);
    for (const slow of [headers, body, silent]) {
      expect(slow.closedBy).toBe('server');
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(bodyOf(slow.answer).error.code).toBe('VALIDATION_FAILED');
    }
    expect(keepAlive.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(keepAlive.closedBy).toBe('server');
  });

  it('headers over 16 kB: 431 in the contract format', async () => {
    const { answer } = await probe((s) =>
      s.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { field: 'headers' } } });
  });

  it('HTTP timeouts are validated', () => {
    expect(() => loadConfig({ ...BASE_ENV, HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS/,
    );
    expect(() =>
      loadConfig({ ...BASE_ENV, HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '10' }),
    ).toThrow(/HTTP_REQUEST_TIMEOUT_SECONDS/);
  });

  it('the 415 message says what to send; too many file parts is a 400 naming the body', async () => {
    const token = await t.tokenFor('parts');
    const text = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).message).toBe(
      'This content type is not accepted: send application/json (multipart/form-data where a route takes files)',
    );
    const boundary = 'XyZ';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n`;
    const me = await t.user('parts');
    const response = await t.inject({
      method: 'PATCH',
      url: `/users/${me.id}/profile_picture`,
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part}${part}${part}--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body' } });
  });
});

describe('images', () => {
  it('too many pixels is refused before decoding (uploads and OCR), and so is 16-bit depth', async () => {
    const token = await t.tokenFor('pixels');
    const me = await t.user('pixels');
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const deep = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    for (const url of [`/users/${me.id}/profile_picture`, '/analyze/extract_label']) {
      const method = url.startsWith('/users') ? 'PATCH' : 'POST';
      // Refused from the header: decoding 64 megapixels would cost seconds of CPU.
      const { result: big, cpuMs } = await cpuTimed(() =>
        t.inject({ method, url, token, payload: { image: huge.toString('base64') } }),
      );
      expect({ url, status: big.statusCode }).toEqual({ url, status: 413 });
      expect(errorOf(big)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { field: 'image' } });
      expect(errorOf(big).message).toMatch(/8000 × 8000 pixels: at most 40 megapixels/);
      expect(cpuMs).toBeLessThan(2_000);
      const sixteen = await t.inject({ method, url, token, payload: { image: deep.toString('base64') } });
      expect({ url, status: sixteen.statusCode }).toEqual({ url, status: 400 });
      expect(errorOf(sixteen).message).toMatch(/8-bit/);
    }
  });
});

describe('the identity-provider hook during a database outage', () => {
  it('an unsigned call is 401 (the signature is checked before any transaction); a signed one 503', async () => {
    const connection = t.orm.em.getConnection();
    const down = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const saved = { execute: connection.execute, transactional: connection.transactional, begin: connection.begin };
    Object.assign(connection, { execute: down, transactional: down, begin: down });
    try {
      const unsigned = await t.inject({
        method: 'POST',
        url: '/identity_provider',
        headers: { 'content-type': 'application/json' },
        payload: '{"id":"e1"}',
      });
      expect(unsigned.statusCode).toBe(401);
      const text = JSON.stringify({
        id: `outage-${Date.now()}`,
        type: 'user.created',
        timestamp: new Date().toISOString(),
        user: { subject: 'idp|outage' },
      });
      const { createHmac } = await import('node:crypto');
      const signed = await t.inject({
        method: 'POST',
        url: '/identity_provider',
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', 'test-idp-secret').update(text).digest('hex'),
        },
        payload: text,
      });
      expect(signed.statusCode).toBe(503);
      expect(signed.headers['retry-after']).toBeDefined();
    } finally {
      Object.assign(connection, saved);
    }
  });
});

it('tokens the service signs carry exp (npm run token keeps working)', async () => {
  const auth = new Authenticator(loadConfig(BASE_ENV).auth);
  const claims = await auth.verify(await auth.sign({ sub: 'dev|someone' }));
  expect(typeof claims.exp).toBe('number');
});

it('GET /products/favorite_lookup does not reveal an unpublished product to whoever may not see it', async () => {
  const connection = t.em().getConnection();
  const [row] = (await connection.execute(
    `select id, alias from product where status = 'published' order by alias limit 1`,
  )) as Array<{ id: string; alias: string }>;
  await connection.execute(`update product set status = 'draft' where id = ?`, [row.id]);
  const lookup = async (token: string) =>
    (
      (
        await t.inject({ method: 'GET', url: `/products/favorite_lookup?ids=${row.alias},${row.id}`, token })
      ).json() as { items: Array<{ product_id: string | null }> }
    ).items;
  expect(await lookup(await t.tokenFor('lookup-member'))).toEqual([
    expect.objectContaining({ product_id: null }),
    expect.objectContaining({ product_id: null }),
  ]);
  expect(await lookup(await t.tokenFor('lookup-admin', 'admin'))).toEqual([
    expect.objectContaining({ product_id: row.id }),
    expect.objectContaining({ product_id: row.id }),
  ]);
});
