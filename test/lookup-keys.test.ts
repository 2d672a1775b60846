// Keys that name nothing (a control character is in no id, alias or username): every path and root
// field that looks one up answers NOT_FOUND, without a query and never a 500, and the message shows the
// key with its control characters as `?` (src/modules/shared/lookup-key.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.tokenFor('lookup-key-reader');
});
afterAll(async () => {
  await t?.close();
});

// NUL stops at the REST router (400, a string variable cannot hold it); the others reach the services.
const KEYS = ['a\u0001b', '\tniacinamide', 'x\u001f', 'line\nbreak', 'a\u0000b'];
const shown = (key: string) => key.replace(/[\u0000-\u001f]/g, '?');

describe('a key with a control character', () => {
  it('REST: NOT_FOUND naming the key with ? for each control character (NUL: 400 at the router)', async () => {
    const paths: Array<[string, (key: string) => string, string | null]> = [
      ['Product', (k) => `/products/${k}/better_alternatives`, null],
      ['Product', (k) => `/my/compatibility/product/${k}`, token],
      ['User', (k) => `/users/${k}`, null],
      ['User', (k) => `/users/${k}/routines`, null],
      ['User', (k) => `/users/${k}/ingredient_opinions`, null],
    ];
    for (const [what, path, bearer] of paths)
      for (const key of KEYS) {
        const response = await t.inject({
          method: 'GET',
          url: path(encodeURIComponent(key)),
          ...(bearer ? { token: bearer } : {}),
        });
        const label = `${path(JSON.stringify(key))}`;
        if (key.includes('\u0000')) {
          expect([label, response.statusCode]).toEqual([label, 400]);
          continue;
        }
        expect([label, response.statusCode]).toEqual([label, 404]);
        expect(errorOf(response)).toMatchObject({
          code: 'NOT_FOUND',
          message: `${what} "${shown(key)}" was not found`,
        });
      }
  });

  it('GraphQL: the same answer for NUL and the others, where the router does not stop it', async () => {
    for (const key of KEYS) {
      const response = await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: 'query($k: String!) { betterAlternatives(idOrAlias: $k) { __typename } }',
          variables: { k: key },
        },
      });
      const error = (response.json() as { errors?: Array<{ message: string; extensions: { code: string } }> })
        .errors?.[0];
      expect([key, error?.extensions.code, error?.message]).toEqual([
        key,
        'NOT_FOUND',
        `Product "${shown(key)}" was not found`,
      ]);
    }
  });

  it('a product page or detail by such a key is NOT_FOUND too', async () => {
    for (const key of KEYS.filter((k) => !k.includes('\u0000'))) {
      const response = await t.inject({ method: 'GET', url: `/products/${encodeURIComponent(key)}` });
      expect([key, response.statusCode, errorOf(response).code]).toEqual([key, 404, 'NOT_FOUND']);
    }
  });
});
