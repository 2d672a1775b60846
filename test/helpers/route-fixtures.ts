// What the tests that walk the whole route table share (test/access-matrix.test.ts,
// test/fuzz.test.ts, scripts/fuzz-long.ts, bench/abuse.ts): the per-route fixtures, access
// declarations, the contract's errors, database snapshots and the fuzzing machinery.
//
// A fixture turns a route of rest-mappings/routes.ts into a request that succeeds: its path
// params filled with real ids (an analysis token, a user, a product alias…), valid query
// parameters and a valid JSON body. Every route of the table needs one, keyed "METHOD /path",
// in test/helpers/route-fixtures/<group>.ts, the group of its operation (rest-mappings/<group>.graphql);
// a new route without one fails test/access-matrix.test.ts. What the groups build on is in
// route-fixtures/base.ts, their composition in route-fixtures/index.ts.
import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import type { LightMyRequestResponse } from 'fastify';
import { routes as routeTable } from '../../rest-mappings/routes.js';
import type { RouteDefinition } from '../../src/rest/types.js';
import type { TestApp } from './app.js';
import {
  type Caller,
  type Catalog,
  catalogOf,
  encodeText,
  fillPath,
  makeCaller,
  pathParams,
  queryString,
  type RouteFixture,
  routeKey,
  USER_TYPES,
  type UserTypeName,
} from './route-fixtures/base.js';
import { buildFixture, ownerTypeOf } from './route-fixtures/index.js';

export * from './route-fixtures/base.js';
export * from './route-fixtures/index.js';

// ---------------------------------------------------------------------------------------------
// Access declarations

/** The route's access rule if it is one the router understands, else null. */
export function parseAccess(
  access: unknown,
): { kind: 'public' | 'user' | 'owner' } | { kind: 'role'; roles: UserTypeName[] } | null {
  if (access === 'public' || access === 'user' || access === 'owner') return { kind: access };
  if (typeof access !== 'string' || !access.startsWith('role:')) return null;
  const roles = access
    .slice(5)
    .split(',')
    .map((r) => r.trim());
  if (roles.length === 0 || roles.some((r) => !(USER_TYPES as readonly string[]).includes(r))) return null;
  if (new Set(roles).size !== roles.length) return null;
  return { kind: 'role', roles: roles as UserTypeName[] };
}

// ---------------------------------------------------------------------------------------------
// The contract's errors (../shared/spec/CONTRACT.md), independent of src/errors.ts

export const CONTRACT_ERRORS: Record<string, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** Why an error response is not in the contract's format, or null when it is. */
export function contractErrorProblem(response: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `the body is not JSON: ${abbreviate(response.body)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return `no "error" object: ${abbreviate(response.body)}`;
  if (typeof error.code !== 'string' || !(error.code in CONTRACT_ERRORS))
    return `"${String(error.code)}" is not a code of the contract`;
  if (typeof error.message !== 'string' || error.message === '') return 'error.message is not a non-empty string';
  if (CONTRACT_ERRORS[error.code] !== response.statusCode)
    return `${error.code} should be ${CONTRACT_ERRORS[error.code]}, not ${response.statusCode}`;
  if (/\n\s+at .+:\d+:\d+/.test(response.body)) return 'the body contains a stack trace';
  if (!/application\/json/.test(String(response.headers['content-type'])))
    return `content-type is ${response.headers['content-type']}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Database snapshots: row counts of every table, by count(*) (n_live_tup lags behind)

export type DbSnapshot = Record<string, number>;

export async function snapshotDb(t: TestApp): Promise<DbSnapshot> {
  const connection = t.em().getConnection();
  const tables = (await connection.execute(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as Array<{ tablename: string }>;
  if (!tables.length) return {};
  const rows = (await connection.execute(
    tables
      .map(
        (r) =>
          `select '${r.tablename.replace(/'/g, "''")}' as name, count(*)::bigint::text as n from "${r.tablename.replace(/"/g, '""')}"`,
      )
      .join(' union all '),
  )) as Array<{ name: string; n: string }>;
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

export function snapshotDiff(before: DbSnapshot, after: DbSnapshot): string | null {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name] ?? '-'} -> ${after[name] ?? '-'}`);
  return changed.length ? changed.join(', ') : null;
}

// ---------------------------------------------------------------------------------------------
// Fuzzing

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const takesBody = (route: RouteDefinition): boolean =>
  route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';

/** A value written into the JSON body as is (numbers JSON.stringify cannot produce: 1e999, -0…). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may contain RawJson parts. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return text === undefined ? 'null' : text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]);
}

export function abbreviate(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

function nested(depth: number, kind: 'object' | 'array' | 'mixed', leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' || (kind === 'mixed' && i % 2) ? [value] : { a: value };
  return value;
}

const SQLISH = [
  `' OR '1'='1`,
  `'; DROP TABLE app_user; --`,
  `1; select pg_sleep(10)--`,
  `" OR ""="`,
  `\\'; --`,
  `%' --`,
  `$$; select 1; $$`,
  `1' UNION SELECT null, version()--`,
  `glycerin' --`,
  `water%`,
  `_`,
  `%`,
  `E'\\x00'`,
  `);--`,
];
const HTMLISH = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '&lt;b&gt;&amp;&#0;',
  '<!--',
  ']]>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, as an attacker types it
  '${7*7}',
  '<b>Aqua</b>, <i>Glycerin</i>',
  'javascript:alert(1)',
];
const NUMBERISH = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1e308',
  '1e309',
  '-1e308',
  '1e-400',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '0x1F',
  '1_000',
  ' 1',
  '1.',
  '.5',
  '+1',
  '١٢',
  '１２',
  '1,5',
  '1e3',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '[1]',
  '{"a":1}',
  '',
];
const WEIRD = [
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '🧴🧪',
  'Aqua\u0301',
  '\r\n',
  '\t',
  '../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '\\',
  '/',
  '?',
  '#',
  '&',
  '=',
  ',',
  ',,,',
  '__proto__',
  'constructor',
  'glycerin',
  'water',
  'admin',
  'positive',
  'oily',
  'humectant',
];
const CONTROL = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c));
const HUGE = fc
  .constantFrom('a', 'é', '\u0000', '🧴', ' ', ',', 'Glycerin, ', '<b>')
  .map((s) => s.repeat(Math.ceil(100_000 / s.length)));

/** Text that should never break anything. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.string({ unit: CONTROL, minLength: 1, maxLength: 10 }), weight: 1 },
  { arbitrary: fc.constantFrom(...SQLISH, ...HTMLISH), weight: 2 },
  { arbitrary: fc.constantFrom(...NUMBERISH), weight: 2 },
  { arbitrary: fc.constantFrom(...WEIRD), weight: 2 },
  { arbitrary: fc.uuid().map(String), weight: 1 },
  { arbitrary: HUGE, weight: 1 },
);

const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    1e308,
    -1e308,
    -0,
    0,
    -1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    5e-324,
    0.1,
    1.5,
  ),
  fc
    .constantFrom('1e999', '-1e999', '123456789012345678901234567890', '-0', '1e-400', '0.0000000000000000000000001')
    .map((s) => new RawJson(s)),
);

/** Any JSON value a client could send in place of a field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: nastyNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  {
    arbitrary: fc.array(fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null)), { maxLength: 5 }),
    weight: 2,
  },
  { arbitrary: fc.constantFrom([], {}, [[]], [{}], ['glycerin'], [null], { items: [] }), weight: 1 },
  { arbitrary: fc.object({ maxDepth: 2, maxKeys: 4 }), weight: 1 },
  {
    arbitrary: fc
      .constantFrom('object', 'array', 'mixed')
      .map((kind) => nested(200, kind as 'object' | 'array' | 'mixed')),
    weight: 1,
  },
);

/** A value in a path segment: to be URL-encoded unless `raw`. */
export const nastyPathValue = (extraIds: string[]): fc.Arbitrary<{ value: string; raw: boolean }> =>
  oneOfApplicable(
    {
      arbitrary: () => nastyText.filter((s) => s.length > 0).map((value) => ({ value, raw: false as boolean })),
      weight: 4,
    },
    { arbitrary: () => fc.uuid().map((value) => ({ value, raw: false })), weight: 2 },
    { arbitrary: () => fc.stringMatching(/^[0-9a-f]{8,40}$/).map((value) => ({ value, raw: false })), weight: 1 },
    {
      arbitrary: () => fc.integer({ min: 101, max: 5000 }).map((n) => ({ value: 'a'.repeat(n), raw: false })),
      weight: 1,
    },
    {
      arbitrary: () =>
        fc
          .constantFrom(
            '%00',
            '%',
            '%zz',
            '%C0%AF',
            '%E0%A4%A',
            '%ff',
            '..',
            '.',
            '%2e%2e',
            '%2F',
            'a%00b',
            '%u0000',
            '~',
            '-',
            '_',
            '0',
            '-1',
          )
          .map((value) => ({ value, raw: true })),
      weight: 2,
    },
    {
      arbitrary: () => fc.constantFrom(...extraIds).map((value) => ({ value, raw: false })),
      weight: extraIds.length ? 1 : 0,
    },
  );

/** A query-string value: URL-encoded text, or raw bytes the parser must cope with. */
const nastyQueryValue: fc.Arbitrary<{ value: string; raw: boolean }> = fc.oneof(
  { arbitrary: nastyText.map((value) => ({ value, raw: false })), weight: 6 },
  { arbitrary: nastyNumber.map((n) => ({ value: n instanceof RawJson ? n.text : String(n), raw: false })), weight: 2 },
  {
    arbitrary: fc
      .constantFrom('%00', '%', '%zz', '%C0%AF', '%ff', 'a+b', '+', '%2C%2C', ',', ';')
      .map((value) => ({ value, raw: true })),
    weight: 1,
  },
);

/** fc.oneof over the choices that apply (weight > 0). */
function oneOfApplicable<T>(...choices: Array<{ arbitrary: () => fc.Arbitrary<T>; weight: number }>): fc.Arbitrary<T> {
  const applicable = choices.filter((c) => c.weight > 0).map((c) => ({ arbitrary: c.arbitrary(), weight: c.weight }));
  if (!applicable.length) throw new Error('No applicable choice');
  return fc.oneof(...applicable);
}

function queryText(parts: Array<{ key: string; value: string; raw?: boolean }>): string {
  return parts.length
    ? `?${parts.map((p) => `${encodeText(p.key)}=${p.raw ? p.value : encodeText(p.value)}`).join('&')}`
    : '';
}

function multipartBody(parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = '----fuzz-boundary-7d9a';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One fuzz request. Printed abbreviated in counterexamples. */
export interface FuzzRequest {
  method: RouteDefinition['method'];
  url: string;
  /** JSON text, or raw bytes with their content type. */
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** What was done to the valid request. */
  note: string;
}

function fuzzRequest(request: Omit<FuzzRequest, 'headers'> & { headers?: Record<string, string> }): FuzzRequest {
  const r: FuzzRequest = { headers: {}, ...request };
  Object.defineProperty(r, fc.toStringMethod, {
    enumerable: false,
    value: () =>
      `${r.method} ${abbreviate(r.url, 200)} [${r.note}] ${r.headers['content-type'] ?? ''} ${r.payload === undefined ? '' : abbreviate(r.payload.toString(), 300)}`,
  });
  return r;
}

export type FuzzKind = 'fields' | 'shape' | 'path';

/** The input of a route: path params, and the operation's other variables (body or query). */
export interface FuzzTarget {
  route: RouteDefinition;
  key: string;
  /** Who sends the requests: the caller that gets past the access check (null: anonymous). */
  caller: Caller | null;
  fixture: RouteFixture;
  params: string[];
  /** A write method or a mutation (GET /buy/:id_or_alias/retailer records a click): the database must not change when rejected. */
  writes: boolean;
  /** Variables of the operation besides path params: JSON body fields (POST/PUT/PATCH) or query parameters. */
  fields: string[];
  /** Real ids of other kinds (a product id where a user id is expected…). */
  otherIds: string[];
}

export interface FuzzEnv {
  t: TestApp;
  callers: Record<UserTypeName, Caller>;
  /** Whose data the fixtures of public routes show (a user no fuzz request may change). */
  subject: Caller;
  operations: Map<string, { variables: string[]; mutation: boolean }>;
  catalog: Catalog;
  stats: { cases: number; byRoute: Map<string, number>; byStatus: Map<number, number>; knownBugs: Map<string, number> };
}

/**
 * Bugs of src/ found by this fuzzing and reported, not yet fixed: a response that matches one is
 * counted (stats.knownBugs) instead of failing the property, so the properties keep finding
 * other problems. test/fuzz.test.ts reproduces each with an it.failing test: when that starts to
 * fail, the bug is fixed and its entry here goes.
 */
export interface KnownBug {
  id: string;
  description: string;
  matches(request: FuzzRequest, response: LightMyRequestResponse, route: RouteDefinition): boolean;
}

export const KNOWN_BUGS: KnownBug[] = [];

/** The variables of each route's operation and whether it is a mutation, from the schema and rest-mappings/. */
export async function operationsOf(
  routes: RouteDefinition[],
): Promise<Map<string, { variables: string[]; mutation: boolean }>> {
  const [{ buildAppSchema }, { prepareRoutes }, { mappingsDir }] = await Promise.all([
    import('../../src/schema.js'),
    import('../../src/rest/router.js'),
    import('../../src/rest/describe.js'),
  ]);
  const schema: GraphQLSchema = await buildAppSchema();
  return new Map(
    prepareRoutes(schema, routes, mappingsDir).map((p) => [
      routeKey(p.route),
      { variables: p.specs.map((s) => s.name), mutation: p.operation.definition.operation === 'mutation' },
    ]),
  );
}

export type Operations = Map<string, { variables: string[]; mutation: boolean }>;

export async function prepareFuzz(
  t: TestApp,
  routes: RouteDefinition[] = routeTable,
  operations?: Operations,
): Promise<FuzzEnv> {
  const callers = {} as Record<UserTypeName, Caller>;
  for (const type of USER_TYPES) callers[type] = await makeCaller(t, `fuzz-${type}`, type);
  return {
    t,
    callers,
    subject: await makeCaller(t, 'fuzz-subject'),
    operations: operations ?? (await operationsOf(routes)),
    catalog: await catalogOf(t),
    stats: { cases: 0, byRoute: new Map(), byStatus: new Map(), knownBugs: new Map() },
  };
}

/** The caller that gets past a route's access check: anonymous for public routes. */
export function callerFor(env: FuzzEnv, route: RouteDefinition): Caller | null {
  const access = parseAccess(route.access);
  if (!access) throw new Error(`${routeKey(route)} has no valid access declaration`);
  if (access.kind === 'public') return null;
  if (access.kind === 'role') return env.callers[access.roles.find((r) => r !== 'admin') ?? 'admin'];
  return access.kind === 'owner' ? env.callers[ownerTypeOf(route)] : env.callers.member;
}

export async function fuzzTarget(env: FuzzEnv, route: RouteDefinition): Promise<FuzzTarget> {
  const caller = callerFor(env, route);
  const fixture = await buildFixture(env.t, route, caller ?? env.subject);
  const params = pathParams(route.path);
  const operation = env.operations.get(routeKey(route));
  if (!operation) throw new Error(`No operation for ${routeKey(route)}`);
  const c = env.catalog;
  return {
    route,
    key: routeKey(route),
    caller,
    fixture,
    params,
    writes: WRITE_METHODS.has(route.method) || operation.mutation,
    fields: operation.variables.filter((v) => !params.includes(v)),
    // Not the products fixtures use: DELETE /products/:id may delete this one.
    otherIds: [
      c.brand.id,
      c.brand.alias,
      c.products.at(-1)!.id,
      c.products.at(-1)!.alias,
      c.category.id,
      c.unit.id,
      c.ingredient.id,
      env.callers.admin.id,
      env.callers.admin.username,
      c.group,
    ],
  };
}

/** The kinds of bad input a route takes: wrong field values (if it has fields), bad shapes, bad path values (if it has params). */
export function kindsFor(route: RouteDefinition, operations: Operations): FuzzKind[] {
  const params = pathParams(route.path);
  const fields = (operations.get(routeKey(route))?.variables ?? []).filter((v) => !params.includes(v));
  return [...(fields.length ? ['fields' as const] : []), 'shape' as const, ...(params.length ? ['path' as const] : [])];
}

const validUrl = (target: FuzzTarget, query: Record<string, string> | undefined = target.fixture.query): string =>
  fillPath(target.route.path, target.fixture.params) + queryString(query);

const jsonRequest = (target: FuzzTarget, body: unknown, note: string, url = validUrl(target)): FuzzRequest =>
  fuzzRequest({
    method: target.route.method,
    url,
    payload: toJsonText(body),
    headers: { 'content-type': 'application/json' },
    note,
  });

/** The valid request (fixture) with its body, if any. */
const baseRequest = (target: FuzzTarget, url: string, note: string): FuzzRequest =>
  target.fixture.body
    ? jsonRequest(target, target.fixture.body, note, url)
    : fuzzRequest({ method: target.route.method, url, note });

/** Wrong values for some of the operation's fields, in the body or the query string. */
function fieldsArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const fieldSubset = fc.uniqueArray(fc.constantFrom(...target.fields), {
    minLength: 1,
    maxLength: Math.min(3, target.fields.length),
  });
  const query = fc
    .tuple(fieldSubset, fc.array(nastyQueryValue, { minLength: 3, maxLength: 3 }), fc.boolean())
    .map(([names, values, repeat]) => {
      const kept = Object.entries(target.fixture.query ?? {})
        .filter(([k]) => !names.includes(k))
        .map(([key, value]) => ({ key, value }));
      const bad = names.flatMap((key, i) =>
        repeat
          ? [
              { key, ...values[i] },
              { key, ...values[(i + 1) % 3] },
            ]
          : [{ key, ...values[i] }],
      );
      return baseRequest(
        target,
        fillPath(target.route.path, target.fixture.params) + queryText([...kept, ...bad]),
        `query ${names.join(', ')}${repeat ? ' (repeated)' : ''}`,
      );
    });
  if (!takesBody(target.route)) return query;
  const body = fc.tuple(fieldSubset, fc.array(nastyValue, { minLength: 3, maxLength: 3 })).map(([names, values]) => {
    const b: Record<string, unknown> = { ...(target.fixture.body ?? {}) };
    names.forEach((n, i) => {
      b[n] = values[i];
    });
    return jsonRequest(target, b, `body ${names.join(', ')}`);
  });
  return fc.oneof({ arbitrary: body, weight: 4 }, { arbitrary: query, weight: 1 });
}

const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    'id',
    'user_id',
    'owner',
    'user_type',
    'admin',
    'role',
    'status',
    'token',
    'created_at',
    'ingredientList',
    'limit',
    'cursor',
    'a'.repeat(10_000),
    '',
    ' ',
    '\u0000',
    'constructor',
    'prototype',
  ),
);

/** Missing and extra fields, bodies that are not objects, bad JSON, wrong content types, huge and deep bodies. */
function shapeArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const { route, fixture } = target;
  const url = validUrl(target);
  const extraQuery = fc
    .array(fc.tuple(extraKey, nastyQueryValue), { minLength: 1, maxLength: 3 })
    .map((extra) =>
      baseRequest(
        target,
        fillPath(route.path, fixture.params) +
          queryText([
            ...Object.entries(fixture.query ?? {}).map(([key, value]) => ({ key, value })),
            ...extra.map(([key, v]) => ({ key, ...v })),
          ]),
        `extra query ${extra.map(([k]) => JSON.stringify(abbreviate(k, 20))).join(', ')}`,
      ),
    );
  const droppedQuery = () =>
    fc
      .subarray(Object.keys(fixture.query ?? {}), { minLength: 1 })
      .map((drop) =>
        baseRequest(
          target,
          fillPath(route.path, fixture.params) +
            queryString(Object.fromEntries(Object.entries(fixture.query ?? {}).filter(([k]) => !drop.includes(k)))),
          `without query ${drop.join(', ')}`,
        ),
      );
  const anyBody = fc
    .oneof(
      fc
        .constantFrom('[]', '[{}]', '0', '-1', '1e999', '"text"', 'true', 'false', 'null', '""', '{}', '[null]')
        .map((text) => ({ text, note: `body ${text}` })),
      fc
        .constantFrom(
          '{',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          '{"a":1}{"b":2}',
          '\u0000',
          '{"a":"\\u0000"}',
          '{"a":"\\ud800"}',
          '\ufeff{}',
          'NaN',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"admin":true}}}',
          '{"a":1e999}',
        )
        .map((text) => ({ text, note: `JSON text ${JSON.stringify(text)}` })),
      fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ text, note: 'random text as JSON' })),
      fc
        .constantFrom('object', 'array', 'mixed')
        .map((kind) => ({ text: toJsonText(nested(200, kind as 'object')), note: `${kind} nested 200 deep` })),
      fc.constant({
        text: toJsonText({ ...(fixture.body ?? {}), padding: 'x'.repeat(1_100_000) }),
        note: 'body over 1 MB',
      }),
    )
    .map(({ text, note }) =>
      fuzzRequest({ method: route.method, url, payload: text, headers: { 'content-type': 'application/json' }, note }),
    );
  const contentTypes = fc
    .constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'application/json-patch+json',
      'image/png',
      'application/jsonx',
      '',
      'multipart/form-data',
    )
    .map((type) =>
      fuzzRequest({
        method: route.method,
        url,
        payload: toJsonText(fixture.body ?? { a: 1 }),
        headers: type ? { 'content-type': type } : {},
        note: `content-type ${JSON.stringify(type)}`,
      }),
    );
  const multipart = fc
    .tuple(
      fc.constantFrom(...(route.uploads ?? []), 'image', 'file', 'photo', 'ingredient_list'),
      fc.constantFrom<'jpeg-ish' | 'empty' | 'text' | 'png-header'>('jpeg-ish', 'empty', 'text', 'png-header'),
      fc.option(
        fc.tuple(
          fc.constantFrom(...target.fields, 'extra'),
          nastyText.map((s) => s.slice(0, 2000)),
        ),
      ),
    )
    .map(([field, content, textPart]) => {
      const data =
        content === 'empty'
          ? Buffer.alloc(0)
          : content === 'text'
            ? Buffer.from('Ingredients: Water, Glycerin')
            : content === 'png-header'
              ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
              : Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      const parts = [
        { name: field, filename: 'label.jpg', type: 'image/jpeg', data },
        ...(textPart ? [{ name: textPart[0], data: textPart[1] }] : []),
      ];
      const { payload, contentType } = multipartBody(parts);
      return fuzzRequest({
        method: route.method,
        url,
        payload,
        headers: { 'content-type': contentType },
        note: `multipart ${field}=${content}${textPart ? ` + ${textPart[0]}` : ''}`,
      });
    });

  const brokenMultipart = fc
    .constantFrom(
      { type: 'multipart/form-data', body: toJsonText(fixture.body ?? {}), note: 'multipart without a boundary' },
      {
        type: 'multipart/form-data; boundary=xyz',
        body: toJsonText(fixture.body ?? {}),
        note: 'multipart boundary not in the body',
      },
      {
        type: 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nWater, Glycerin',
        note: 'multipart cut short',
      },
      {
        type: 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--xyz--\r\n',
        note: 'multipart part without a name',
      },
      { type: 'multipart/form-data; boundary=xyz', body: '--xyz--\r\n', note: 'multipart without parts' },
      { type: 'multipart/form-data; boundary=xyz', body: '', note: 'multipart with an empty body' },
    )
    .map(({ type, body, note }) =>
      fuzzRequest({ method: route.method, url, payload: body, headers: { 'content-type': type }, note }),
    );

  if (!takesBody(route)) {
    // GET and DELETE: unknown query parameters, dropped ones, and a body where none belongs.
    const withBody = fc.oneof(
      fc
        .dictionary(extraKey, nastyValue, { minKeys: 1, maxKeys: 3 })
        .map((b) => jsonRequest(target, b, 'a JSON body where none belongs')),
      fc.constant(
        jsonRequest(
          target,
          Object.fromEntries(target.fields.map((f) => [f, fixture.query?.[f] ?? 'x'])),
          'the query fields as a JSON body',
        ),
      ),
    );
    return oneOfApplicable(
      { arbitrary: () => extraQuery, weight: 3 },
      { arbitrary: droppedQuery, weight: Object.keys(fixture.query ?? {}).length ? 1 : 0 },
      { arbitrary: () => withBody, weight: route.method === 'DELETE' ? 3 : 1 },
    );
  }
  const body = fixture.body ?? {};
  const missing = () =>
    fc
      .subarray(Object.keys(body), { minLength: 1 })
      .map((drop) =>
        jsonRequest(
          target,
          Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k))),
          `without ${drop.join(', ')}`,
        ),
      );
  const extra = fc.dictionary(extraKey, nastyValue, { minKeys: 1, maxKeys: 3 }).map((more) =>
    jsonRequest(
      target,
      { ...body, ...more },
      `extra ${Object.keys(more)
        .map((k) => JSON.stringify(abbreviate(k, 20)))
        .join(', ')}`,
    ),
  );
  return oneOfApplicable(
    { arbitrary: missing, weight: Object.keys(body).length ? 3 : 0 },
    { arbitrary: () => extra, weight: 3 },
    { arbitrary: () => anyBody, weight: 3 },
    { arbitrary: () => contentTypes, weight: 1 },
    { arbitrary: () => multipart, weight: route.uploads?.length ? 2 : 1 },
    { arbitrary: () => brokenMultipart, weight: route.uploads?.length ? 2 : 0 },
    { arbitrary: () => extraQuery, weight: 1 },
  );
}

/** Bad ids and tokens in the path. */
function pathArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...target.params), { minLength: 1, maxLength: target.params.length }),
      fc.array(nastyPathValue(target.otherIds), { minLength: 2, maxLength: 2 }),
    )
    .map(([names, values]) => {
      const params = { ...target.fixture.params };
      const raw = new Set<string>();
      names.forEach((n, i) => {
        params[n] = values[i].value;
        if (values[i].raw) raw.add(n);
      });
      const url = fillPath(target.route.path, params, raw) + queryString(target.fixture.query);
      return baseRequest(target, url, `path ${names.map((n) => `:${n}`).join(', ')}`);
    });
}

export function requestArbitrary(target: FuzzTarget, kind: FuzzKind): fc.Arbitrary<FuzzRequest> {
  if (kind === 'fields') return fieldsArbitrary(target);
  if (kind === 'path') return pathArbitrary(target);
  return shapeArbitrary(target);
}

/** Sends one fuzz request and checks the properties: the problem found, or null. */
export async function runFuzzCase(
  env: FuzzEnv,
  target: FuzzTarget,
  request: FuzzRequest,
  kind: FuzzKind,
): Promise<string | null> {
  const write = target.writes || WRITE_METHODS.has(request.method);
  const before = write ? await snapshotDb(env.t) : null;
  const response = await env.t.inject({
    method: request.method,
    url: request.url,
    token: target.caller?.token,
    // Signed webhooks: sign what is sent, so bad input reaches validation rather than stopping at 401.
    headers: {
      ...request.headers,
      ...(target.fixture.sign && request.payload !== undefined ? target.fixture.sign(request.payload.toString()) : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  env.stats.cases++;
  env.stats.byRoute.set(target.key, (env.stats.byRoute.get(target.key) ?? 0) + 1);
  env.stats.byStatus.set(response.statusCode, (env.stats.byStatus.get(response.statusCode) ?? 0) + 1);
  const status = response.statusCode;
  const bug = KNOWN_BUGS.find((b) => b.matches(request, response, target.route));
  if (bug) {
    env.stats.knownBugs.set(bug.id, (env.stats.knownBugs.get(bug.id) ?? 0) + 1);
    return null;
  }
  const access = parseAccess(target.route.access)?.kind;
  const problem = ((): string | null => {
    if (status >= 500) return `${status}: ${abbreviate(response.body)}`;
    if (status < 200 || (status >= 300 && status < 400 && status !== 304 && status !== 302))
      return `unexpected status ${status}: ${abbreviate(response.body)}`;
    if (status >= 400) {
      const format = contractErrorProblem(response);
      if (format) return `${status} not in the contract's format: ${format}`;
      // The caller is one the route lets in: bad input must not look like an auth problem. (Role
      // and owner routes may answer 403 for a resource named in the input that is someone else's.)
      if (status === 401)
        return `401 for a caller the route lets in (${target.caller ? 'a valid token' : 'anonymous, public route'}): ${abbreviate(response.body)}`;
      if (status === 403 && kind !== 'path' && (access === 'public' || access === 'user'))
        return `403 for a caller that may call this route: ${abbreviate(response.body)}`;
    }
    return null;
  })();
  if (problem) return problem;
  if (write && status >= 400) {
    const diff = snapshotDiff(before!, await snapshotDb(env.t));
    if (diff) return `rejected with ${status} but the database changed: ${diff} (${abbreviate(response.body)})`;
  }
  return null;
}

export function fuzzProperty(
  env: FuzzEnv,
  target: FuzzTarget,
  kind: FuzzKind,
): fc.IAsyncPropertyWithHooks<[FuzzRequest]> {
  return fc.asyncProperty(requestArbitrary(target, kind), async (request) => {
    const problem = await runFuzzCase(env, target, request, kind);
    if (problem) throw new Error(`${target.key}: ${problem}`);
  });
}
