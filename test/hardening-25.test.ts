// A token whose subject holds NUL is a 401 (it was a 500 on both
// databases); `/my/*` answers are never stored by a cache; pages that run no script allow none;
// HS256 tokens' issuer and audience are checked when configured, with a warning when they are not.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Authenticator, describeAuthMode } from '../src/auth.js';
import { errorOf, startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const gql = (query: string, token?: string) => t.inject({ method: 'POST', url: '/graphql', payload: { query }, token });

describe('control characters in a signed token', () => {
  it.each([
    ['NUL', 'test|nul\u0000user'],
    ['a line feed', 'test|line\nfeed'],
    ['DEL', 'test|del\u007f'],
  ])("a subject holding %s is a 401 in the contract's format, REST and GraphQL", async (_name, sub) => {
    const token = await t.auth.sign({ sub });
    const rest = await t.inject({ method: 'GET', url: '/my/user', token });
    expect(rest.statusCode).toBe(401);
    expect(errorOf(rest)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/subject/) });
    const graphql = await gql('{ me { id } }', token);
    expect(graphql.statusCode).toBeLessThan(500);
    expect(graphql.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('profile claims holding NUL are dropped and the token stays good', async () => {
    const token = await t.auth.sign({
      sub: 'test|nul-claims',
      name: 'Ann\u0000',
      preferred_username: 'ann\u0000x',
      email: 'ann\u0000@example.com',
    });
    const r = await t.inject({ method: 'GET', url: '/my/user', token });
    expect(r.statusCode).toBe(200);
    expect(JSON.stringify(r.json())).not.toContain('\\u0000');
  });
});

describe('answers about the signed-in caller are never stored', () => {
  it('every /my/* answer carries Cache-Control: no-store, refusals included', async () => {
    const token = await t.tokenFor('no-store-user');
    for (const url of ['/my/user', '/my/reactions', '/my/ingredient_feelings', '/my/routines']) {
      const r = await t.inject({ method: 'GET', url, token });
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, 'no-store']);
    }
    const recorded = await t.inject({
      method: 'POST',
      url: '/my/reactions',
      token,
      payload: { product: 'no-such-product', outcome: 'fine' },
    });
    expect(recorded.headers['cache-control']).toBe('no-store');
    const anonymous = await t.inject({ method: 'GET', url: '/my/reactions' });
    expect([anonymous.statusCode, anonymous.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it('GraphQL answers about the viewer too (POST and GET); public REST reads keep revalidation', async () => {
    const token = await t.tokenFor('no-store-user');
    expect((await gql('{ me { id email } }', token)).headers['cache-control']).toBe('no-store');
    const get = await t.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ me { id } }')}`,
      token,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect([get.statusCode, get.headers['cache-control']]).toEqual([200, 'no-store']);
    expect((await t.inject({ method: 'GET', url: '/brands?limit=1' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('content security policy of pages', () => {
  const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1];

  it('pages that run no script allow none (server-rendered pages)', async () => {
    for (const url of ['/', '/p/join', '/p/ingredients/no-such-ingredient']) {
      const r = await t.inject({ method: 'GET', url });
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).not.toMatch(/<script|\son[a-z]+=/i);
      const csp = String(r.headers['content-security-policy']);
      expect([url, scriptSrc(csp)]).toEqual([url, "'none'"]);
      expect(csp).toMatch(/style-src 'self'(;|$)/);
    }
  });

  it('Swagger UI gets its scripts from the service only; GraphiQL keeps its inline scripts', async () => {
    const docs = await t.inject({ method: 'GET', url: '/docs' });
    expect(docs.body).not.toMatch(/<script>/);
    expect(scriptSrc(String(docs.headers['content-security-policy']))).toBe("'self'");
    const graphiql = await t.inject({ method: 'GET', url: '/graphiql' });
    expect(scriptSrc(String(graphiql.headers['content-security-policy']))).toBe("'self' 'unsafe-inline'");
  });
});

describe('HS256 issuer and audience', () => {
  const base = () => ({
    ...t.config.auth,
    jwtSecret: TEST_JWT_SECRET,
    jwksUrl: null,
    devSecret: false,
    issuer: null,
    audience: null,
  });

  it('warns at start-up when AUTH_ISSUER or AUTH_AUDIENCE is unset with AUTH_JWT_SECRET', () => {
    expect(describeAuthMode(base(), '/data').warnings).toEqual([
      expect.stringMatching(/AUTH_AUDIENCE and AUTH_ISSUER unset: any token signed with AUTH_JWT_SECRET is accepted/),
    ]);
    expect(describeAuthMode({ ...base(), issuer: 'https://idp.example/' }, '/data').warnings).toEqual([
      expect.stringMatching(/^auth: AUTH_AUDIENCE unset/),
    ]);
    expect(
      describeAuthMode({ ...base(), issuer: 'https://idp.example/', audience: 'skincare' }, '/data').warnings,
    ).toEqual([]);
    // A secret generated in the data folder is this service's alone.
    expect(describeAuthMode({ ...base(), devSecret: true }, '/data').warnings).toEqual([]);
  });

  it('checks them when set: a token made for another audience or issuer is refused', async () => {
    const strict = new Authenticator({ ...base(), issuer: 'https://idp.example/', audience: 'skincare' });
    const sign = (issuer: string, audience: string) =>
      new Authenticator({ ...base(), issuer, audience }).sign({ sub: 'test|aud' });
    await expect(strict.verify(await sign('https://idp.example/', 'skincare'))).resolves.toMatchObject({
      sub: 'test|aud',
    });
    await expect(strict.verify(await sign('https://idp.example/', 'another-app'))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(strict.verify(await sign('https://elsewhere.example/', 'skincare'))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
