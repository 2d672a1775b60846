// The README promises that list cursors are signed and a forged one is a 400. Every
// route of the route table whose operation takes a cursor is asked for a page after cursors this
// service never issued: base64 of a country code, of an offset, and a keyset cursor with a made-up
// signature.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routes as routeTable } from '../rest-mappings/routes.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import {
  fuzzTarget,
  operationsOf,
  prepareFuzz,
  queryString,
  fillPath,
  type FuzzEnv,
} from './helpers/route-fixtures.js';

const FORGED = [
  'IktSIg',
  'bzox',
  `${Buffer.from('["2020-01-01T00:00:00.000Z","x"]').toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`,
];

let t: TestApp;
let env: FuzzEnv;
let lists: typeof routeTable;

beforeAll(async () => {
  t = await startTestApp();
  const operations = await operationsOf(routeTable);
  lists = routeTable.filter((r) => operations.get(`${r.method} ${r.path}`)?.variables.includes('cursor'));
  env = await prepareFuzz(t, routeTable, operations);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('every list route refuses a cursor it did not issue', () => {
  it('finds the list routes in the route table', () => {
    expect(lists.length).toBeGreaterThan(40);
    expect(lists.map((r) => r.path)).toEqual(expect.arrayContaining(['/census/countries', '/products']));
  });

  it('answers 400 naming cursor, on every one of them', async () => {
    const accepted: string[] = [];
    for (const route of lists) {
      const target = await fuzzTarget(env, route);
      for (const cursor of FORGED) {
        const get = route.method === 'GET' || route.method === 'DELETE';
        const url =
          fillPath(route.path, target.fixture.params) +
          queryString(get ? { ...target.fixture.query, cursor } : target.fixture.query);
        const response = await t.inject({
          method: route.method,
          url,
          token: target.caller?.token,
          ...(get ? {} : { payload: { ...target.fixture.body, cursor } }),
        } as never);
        const error = response.statusCode === 400 ? errorOf(response) : null;
        if (error?.details?.field !== 'cursor')
          accepted.push(
            `${route.method} ${route.path} ${cursor}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(accepted).toEqual([]);
  }, 300_000);
});
