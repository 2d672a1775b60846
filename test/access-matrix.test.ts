// Walks the whole route table (rest-mappings/routes.ts) and checks each route's access rule
// against real requests: anonymous, signed-in users outside and inside the rule, owners and
// strangers. Each route needs a fixture in test/helpers/route-fixtures/<group>.ts, the group of
// its operation (real ids and a valid body); a route without one fails here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { routes } from '../rest-mappings/routes.js';
import type { RouteDefinition } from '../src/rest/types.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import {
  buildFixture,
  contractErrorProblem,
  fixturesOutOfPlace,
  fixturesWithoutRoute,
  makeCaller,
  ownerTypeOf,
  parseAccess,
  routeFixtures,
  routeKey,
  routesWithoutFixture,
  sendFixture,
  USER_TYPES,
  type Caller,
  type UserTypeName,
} from './helpers/route-fixtures.js';

let t: TestApp;
const callers = {} as Record<UserTypeName, Caller>;
let stranger: Caller;
let ownerCount = 0;

beforeAll(async () => {
  t = await startTestApp();
  for (const type of USER_TYPES) callers[type] = await makeCaller(t, `matrix-${type}`, type);
  stranger = await makeCaller(t, 'matrix-stranger');
});
afterAll(async () => {
  await t?.close();
});

const successStatus = (route: RouteDefinition): number => route.status ?? 200;

/** A fixture built for `me`, sent as `caller`. */
async function call(route: RouteDefinition, me: Caller, caller: Caller | null): Promise<LightMyRequestResponse> {
  return sendFixture(t, route, await buildFixture(t, route, me), caller);
}

/** The caller got past the access check, and the fixture's request succeeded. */
function expectAllowed(route: RouteDefinition, response: LightMyRequestResponse): void {
  const seen = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect({ status: response.statusCode, seen }).not.toMatchObject({ status: 401 });
  expect({ status: response.statusCode, seen }).not.toMatchObject({ status: 403 });
  expect({ status: response.statusCode, seen }).toMatchObject({ status: successStatus(route) });
}

function expectRejected(response: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toMatchObject({ status });
  expect(contractErrorProblem(response)).toBeNull();
  expect(errorOf(response).code).toBe(code);
}

describe('the route table', () => {
  it('has a fixture for every route (add new ones to test/helpers/route-fixtures/<group>.ts)', () => {
    expect(routesWithoutFixture(routes)).toEqual([]);
  });

  it("keeps each fixture in the file of its operation's group, once", () => {
    expect(fixturesOutOfPlace(routes)).toEqual([]);
  });

  it('has no fixture for a route that is gone', () => {
    expect(fixturesWithoutRoute(routes)).toEqual([]);
  });

  it('has each method and path once', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe.each(routes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  const access = parseAccess(route.access);

  it(`declares a valid access rule (${String(route.access)})`, () => {
    expect(access).not.toBeNull();
  });

  it('has a fixture', () => {
    expect(routeFixtures[routeKey(route)]).toBeDefined();
  });

  if (!access) return;
  /** Whom the fixture is for when the caller is anonymous or a stranger. */
  const someone = () => callers[access.kind === 'owner' ? ownerTypeOf(route) : 'member'];

  if (access.kind === 'public') {
    it('anonymous: allowed', async () => {
      expectAllowed(route, await call(route, callers.member, null));
    });
    it('signed in: allowed', async () => {
      expectAllowed(route, await call(route, callers.member, callers.member));
    });
    return;
  }

  it('anonymous: 401 UNAUTHENTICATED', async () => {
    expectRejected(await call(route, someone(), null), 401, 'UNAUTHENTICATED');
  });

  it('a bad token: 401 UNAUTHENTICATED', async () => {
    const fixture = await buildFixture(t, route, someone());
    const response = await sendFixture(t, route, fixture, { ...someone(), token: 'not.a.token' });
    expectRejected(response, 401, 'UNAUTHENTICATED');
  });

  if (access.kind === 'user') {
    it.each([...USER_TYPES])('%s: allowed', async (type) => {
      expectAllowed(route, await call(route, callers[type], callers[type]));
    });
  }

  if (access.kind === 'role') {
    const outside = USER_TYPES.filter((type) => type !== 'admin' && !access.roles.includes(type));
    const inside = [...new Set<UserTypeName>([...access.roles, 'admin'])];
    if (outside.length) {
      it.each(outside)('%s (not in the role): 403 FORBIDDEN', async (type) => {
        expectRejected(await call(route, callers[type], callers[type]), 403, 'FORBIDDEN');
      });
    }
    it.each(inside)('%s: allowed', async (type) => {
      expectAllowed(route, await call(route, callers[type], callers[type]));
    });
  }

  if (access.kind === 'owner') {
    const newOwner = () => makeCaller(t, `matrix-owner-${++ownerCount}`, ownerTypeOf(route));

    it('a signed-in stranger: 403 FORBIDDEN (404 NOT_FOUND where the resource is hidden from strangers)', async () => {
      const owner = await newOwner();
      const fixture = await buildFixture(t, route, owner);
      const response = await sendFixture(t, route, fixture, stranger);
      const expected = fixture.strangerStatus ?? 403;
      expectRejected(response, expected, expected === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
    });

    it('the owner: allowed', async () => {
      const owner = await newOwner();
      expectAllowed(route, await call(route, owner, owner));
    });

    it('an admin, for another user: allowed', async () => {
      expectAllowed(route, await call(route, await newOwner(), callers.admin));
    });
  }
});
