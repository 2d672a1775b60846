// Property-based fuzzing of every route of the table (fast-check), bounded for CI: wrong types
// for each body field and query parameter, missing and extra fields, bodies that are not JSON
// objects, huge strings, deep nesting, control characters, SQL- and HTML-like text, extreme
// numbers, bad ids and tokens in the path. Each request is sent by a caller the route lets in,
// so it reaches validation. Properties: never a 5xx; every 4xx is the contract's error body with
// a contract code and its status (never 401 for a caller the route lets in, nor 403 on public and
// `user` routes); a rejected write (or a mutation behind a GET) leaves every table's row count
// unchanged. Responses matching a reported bug (KNOWN_BUGS) are counted, not failed: see the end.
// FUZZ_RUNS_SCALE multiplies the runs, FUZZ_SEED replays a seed; scripts/fuzz-long.ts runs the
// same properties for much longer. The number of cases run is printed at the end.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { routes } from '../rest-mappings/routes.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { cpuTimed } from './helpers/cpu-time.js';
import { testDatabaseKind } from './helpers/database.js';
import { IngredientAnalysis } from '../src/modules/analysis/analysis.entity.js';
import {
  contractErrorProblem,
  fillPath,
  fuzzProperty,
  fuzzTarget,
  kindsFor,
  makeCaller,
  operationsOf,
  prepareFuzz,
  queryString,
  routeKey,
  type FuzzEnv,
  type FuzzKind,
  type FuzzTarget,
} from './helpers/route-fixtures.js';

/** Runs per route and kind of bad input. */
const RUNS: Record<FuzzKind, number> = { fields: 12, shape: 10, path: 8 };
const scale = Number(process.env.FUZZ_RUNS_SCALE ?? 1);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const operations = await operationsOf(routes);
let t: TestApp;
let env: FuzzEnv;
const started = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  env = await prepareFuzz(t, routes, operations);
}, 120_000);

afterAll(async () => {
  if (env) {
    const statuses = [...env.stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const bugs = [...env.stats.knownBugs.entries()].map(([id, n]) => `${id}: ${n}`).join(', ') || 'none';
    console.log(
      `fuzz (${testDatabaseKind}): ${env.stats.cases} cases over ${env.stats.byRoute.size} routes in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${statuses}; known bugs hit ${bugs}`,
    );
  }
  await t?.close();
});

describe.each(routes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await fuzzTarget(env, route);
  });

  it.each(kindsFor(route, operations))('%s', async (kind) => {
    await fc.assert(fuzzProperty(env, target, kind), {
      numRuns: Math.max(1, Math.round(RUNS[kind] * scale)),
      ...(seed !== undefined ? { seed } : {}),
    });
  });
});

/** Not a 5xx, and an error body in the contract's format. */
async function expectContractAnswer(options: Parameters<TestApp['inject']>[0]): Promise<void> {
  const response = await t.inject(options);
  const problem =
    response.statusCode >= 500 ? 'a 5xx' : response.statusCode >= 400 ? contractErrorProblem(response) : null;
  expect(problem ? `${problem}: ${response.statusCode} ${response.body.slice(0, 300)}` : null).toBeNull();
}

// Bugs in src/ that the properties above found, now fixed (hardening): NUL characters are a 400
// naming the field, Fastify's URL errors and malformed multipart bodies answer 400 in the
// contract's format. A new bug found goes here as an it.failing test with a KNOWN_BUGS entry.
describe('bugs found by fuzzing (fixed)', () => {
  // Was: a NUL character (U+0000) that reaches PostgreSQL is a 500 INTERNAL instead of a 400
  // VALIDATION_FAILED (or 404): PostgreSQL text cannot hold 0x00 and nothing rejects it before.
  // Repro: POST /analyze/ingredient_list {"ingredient_list":"Water, Gly\u0000cerin"} -> 500 {"error":{"code":"INTERNAL",...}}
  it('POST /analyze/ingredient_list with a NUL character in the list answers 4xx, not 500', async () => {
    await expectContractAnswer({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Water, Gly\u0000cerin' },
    });
  });
  // Repro: GET /ingredients/%00 -> 500 (also /products/%00/analysis, /brands/%00, /users/%00/ingredient_feelings, ... every :id_or_alias)
  it('GET /ingredients/%00 answers 404 or 400, not 500', async () => {
    await expectContractAnswer({ method: 'GET', url: '/ingredients/%00' });
  });
  // Repro: GET /ingredients?search=a%00b -> 500
  it('GET /ingredients?search=a%00b answers 200 or 400, not 500', async () => {
    await expectContractAnswer({ method: 'GET', url: '/ingredients?search=a%00b' });
  });
  // Repro: POST /ingredients/niacinamide/submit_feedback {"kind":"other","message":"a\u0000b"} (signed in) -> 500
  it('POST /ingredients/niacinamide/submit_feedback with a NUL character in the message answers 400, not 500', async () => {
    const caller = await makeCaller(t, 'fuzz-nul-reporter');
    await expectContractAnswer({
      method: 'POST',
      url: '/ingredients/niacinamide/submit_feedback',
      payload: { kind: 'other', message: 'a\u0000b' },
      token: caller.token,
    });
  });

  // Was: Fastify's own URL errors bypass the app's error handler (src/app.ts has no
  // frameworkErrors handler): the body is {"error":"Bad Request","code":"FST_ERR_...","message":...,"statusCode":...}.
  // Repro: GET /products/aaaa…(101 characters) -> 414 {"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH",...} (414 is no contract status)
  it("GET /products/<101 characters> answers in the contract's format", async () => {
    await expectContractAnswer({ method: 'GET', url: `/products/${'a'.repeat(101)}` });
  });
  // Repro: GET /products/%ff -> 400 {"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"'/products/%ff' is not a valid url component","statusCode":400}
  it("GET /products/%ff (a malformed escape) answers 400 VALIDATION_FAILED in the contract's format", async () => {
    await expectContractAnswer({ method: 'GET', url: '/products/%ff' });
  });

  // Was: a malformed multipart body on the route that takes uploads is a 500 INTERNAL (busboy's
  // "Multipart: Boundary not found" / "Unexpected end of multipart data" are not mapped to 400).
  // Repro: POST /analyze/extract_label, Content-Type: multipart/form-data (no boundary), body {"text":"Water"} -> 500
  it('POST /analyze/extract_label with a multipart body without a boundary answers 400, not 500', async () => {
    await expectContractAnswer({
      method: 'POST',
      url: '/analyze/extract_label',
      headers: { 'content-type': 'multipart/form-data' },
      payload: '{"text":"Water"}',
    });
  });
  // Repro: POST /analyze/extract_label, Content-Type: multipart/form-data; boundary=xyz, body '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nWater' (cut short) -> 500
  it('POST /analyze/extract_label with a multipart body cut short answers 400, not 500', async () => {
    await expectContractAnswer({
      method: 'POST',
      url: '/analyze/extract_label',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="text"\r\n\r\nWater',
    });
  });
});

// Forged cursors: well-formed base64url JSON of any shape, on every list route of the
// table (every route whose operation takes a `cursor`). A cursor is opaque and signed: anything
// this service did not issue is a 400 VALIDATION_FAILED naming `cursor`; a real one still pages.
const listRoutes = routes.filter((route) => operations.get(routeKey(route))?.variables.includes('cursor'));
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8').toString('base64url');
const FORGED = [
  ['x', 'x'],
  [true, false],
  {},
  [[1], { a: 2 }],
  ['x'],
  [1, 2, 3, 4],
  'x',
  12,
  null,
  [null, null],
  ['2020-01-01T00:00:00Z', 'x'],
  { id: 'x' },
].map(encode);

describe('forged cursors on every list route', () => {
  it('finds the list routes in the route table', () => {
    expect(listRoutes.length).toBeGreaterThan(25);
  });

  it.each(listRoutes.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    const target = await fuzzTarget(env, route);
    const send = (cursor: string, limit?: number) => {
      const inBody = route.method !== 'GET';
      const query = {
        ...(target.fixture.query ?? {}),
        ...(limit ? { limit: String(limit) } : {}),
        ...(inBody ? {} : { cursor }),
      };
      return t.inject({
        method: route.method,
        url: fillPath(route.path, target.fixture.params) + queryString(query),
        token: target.caller?.token,
        ...(inBody ? { payload: { ...(target.fixture.body ?? {}), ...(limit ? { limit } : {}), cursor } } : {}),
      });
    };
    const refusesCursor = async (cursor: string) => {
      const r = await send(cursor);
      const problem =
        r.statusCode !== 400
          ? `${r.statusCode}`
          : (contractErrorProblem(r) ??
            ((r.json() as { error: { details?: { field?: string } } }).error.details?.field === 'cursor'
              ? null
              : 'not naming cursor'));
      return problem ? `${decodeURIComponent(cursor)}: ${problem} ${r.body.slice(0, 200)}` : null;
    };
    for (const cursor of FORGED) expect(await refusesCursor(cursor)).toBeNull();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => (await refusesCursor(encode(value))) === null),
      { numRuns: Math.max(1, Math.round(4 * scale)), ...(seed !== undefined ? { seed } : {}) },
    );
    // A cursor the service issued pages on; the same cursor tampered with is refused.
    const first = await send('', 1);
    const next = first.statusCode === 200 ? (first.json() as { next_cursor?: string | null }).next_cursor : null;
    if (next) {
      expect((await send(next, 1)).statusCode).toBe(200);
      const tampered = `${next.slice(0, 2)}${next[2] === 'A' ? 'B' : 'A'}${next.slice(3)}`;
      expect(await refusesCursor(tampered)).toBeNull();
    }
  });
});

// Aliased operations over GraphQL: random mixes of cheap and heavy root fields under
// many aliases, through fragments and in batches. Never a 5xx; what is refused is refused before
// it runs (no analysis stored) and fast.
describe('aliased GraphQL operations', () => {
  const FIELDS = [
    'productSitemap',
    'ingredientSitemap',
    '__typename',
    'brands(limit: 100) { items { name } }',
    'searchProducts(query: "a", limit: 100) { items { name } }',
    'ingredients(limit: 100) { items { name functions } }',
    'similarProducts(idOrAlias: "x", limit: 100) { items { score } }',
    'ingredientEffects(ingredientList: "Aqua, Glycerin") { __typename }',
  ];
  const operation = fc.record({
    parts: fc.array(
      fc.record({
        field: fc.constantFrom(...FIELDS),
        aliases: fc.integer({ min: 1, max: 60 }),
        inFragment: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    mutation: fc.boolean(),
    batch: fc.integer({ min: 1, max: 3 }),
  });
  const documentOf = (op: {
    parts: Array<{ field: string; aliases: number; inFragment: boolean }>;
    mutation: boolean;
  }) => {
    let n = 0;
    const fragments: string[] = [];
    const selections = op.parts.map((part, p) => {
      const fields = Array.from({ length: part.aliases }, () => `f${n++}: ${part.field}`).join(' ');
      if (!part.inFragment) return fields;
      fragments.push(`fragment F${p} on Query { ${fields} }`);
      return `...F${p}`;
    });
    const analyses = op.mutation
      ? Array.from(
          { length: op.parts[0].aliases },
          (_, i) => `m${i}: analyzeIngredientList(ingredientList: "Aqua, Glycerin") { token }`,
        ).join(' ')
      : '';
    return op.mutation ? `mutation { ${analyses} }` : `{ ${selections.join(' ')} } ${fragments.join(' ')}`;
  };

  it('never answer 5xx; refusals run nothing and come fast', async () => {
    await fc.assert(
      fc.asyncProperty(operation, async (op) => {
        const query = documentOf(op);
        const payload = op.batch === 1 ? { query } : Array.from({ length: op.batch }, () => ({ query }));
        const before = await t.em().count(IngredientAnalysis, {});
        const { result: r, cpuMs: ms } = await cpuTimed(() => t.inject({ method: 'POST', url: '/graphql', payload }));
        const bodies = (Array.isArray(r.json()) ? r.json() : [r.json()]) as Array<{
          errors?: Array<{ extensions?: { code?: string } }>;
        }>;
        const codes = bodies.flatMap((b) => (b.errors ?? []).map((e) => e.extensions?.code));
        const refused = r.statusCode === 400 || r.statusCode === 429;
        const stored = (await t.em().count(IngredientAnalysis, {})) - before;
        const problem =
          r.statusCode >= 500 || codes.includes('INTERNAL')
            ? `a 5xx or INTERNAL: ${r.statusCode} ${r.body.slice(0, 300)}`
            : refused && stored > 0
              ? `refused (${r.statusCode}) yet ${stored} analyses stored`
              : refused && ms > 2000
                ? `refused after ${ms.toFixed(0)} ms of CPU`
                : null;
        if (problem) throw new Error(`${problem}\n${query.slice(0, 300)}`);
      }),
      { numRuns: Math.max(1, Math.round(40 * scale)), ...(seed !== undefined ? { seed } : {}) },
    );
  });
});
