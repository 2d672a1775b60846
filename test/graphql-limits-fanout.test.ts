// One kilobyte must not stop the service: a document whose fragments spread the
// one below twice expands to 2^40 fields; every guard that walks a document is linear in its length,
// and graphql-js's validation is kept fast by the bounds (quadratic in repeated fields and fragments).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery, parse, validate } from 'graphql';
import {
  documentBoundsError,
  MAX_FIELD_MERGES,
  MAX_FRAGMENT_NESTING,
  MAX_FRAGMENTS,
  MAX_QUERY_TOKENS,
} from '../src/platform/graphql-document-bounds.js';
import { checkQueryLimits } from '../src/platform/graphql-limits.js';
import { buildAppSchema } from '../src/schema.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { cpuMsOf, cpuTimed } from './helpers/cpu-time.js';

/** `{ ...F<levels> } fragment F0 on Query { <leaf> } fragment F1 on Query { ...F0 ...F0 } …` */
function fanout(levels: number, leaf = '__typename'): string {
  let query = `{ ...F${levels} } fragment F0 on Query { ${leaf} }`;
  for (let i = 1; i <= levels; i++) query += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
  return query;
}

const times = (n: number, item: (i: number) => string, separator = ' ') =>
  Array.from({ length: n }, (_, i) => item(i)).join(separator);

/** `parent { parent { … id } }` k times at each of d levels. */
const nested = (k: number, d: number): string => (d === 0 ? 'id' : times(k, () => `parent { ${nested(k, d - 1)} }`));

/** Shapes that are exponential for a naive walk, or quadratic for graphql-js's validation. */
const ATTACKS: Array<[string, string, string]> = [
  ['fragments spreading the one below twice, 40 levels', fanout(40), 'fragment_nesting'],
  [
    'the same, 15 levels (within the nesting bound), wider leaves',
    fanout(
      15,
      times(19, (i) => `a${i}: __typename`),
    ),
    'nodes',
  ],
  [
    '1,500 fragments spread side by side',
    `{ ${times(1500, (i) => `...G${i}`)} } ${times(1500, (i) => `fragment G${i} on Query { __typename }`)}`,
    'fragments',
  ],
  [
    'a chain of 90 fragments',
    `{ ...G0 } ${times(90, (i) => `fragment G${i} on Query { __typename ${i < 89 ? `...G${i + 1}` : ''} }`)}`,
    'fragment_nesting',
  ],
  [
    '1,500 selections of one field with different arguments',
    `{ ${times(1500, (i) => `brands(limit: ${(i % 2) + 1}) { items { id } }`)} }`,
    'field_merges',
  ],
  [
    'one field 3 times at each of 7 levels (3^7 merged)',
    `{ productCategories(limit: 1) { items { ${nested(3, 7)} } } }`,
    'field_merges',
  ],
  ['10,001 aliases', `{ ${times(10_001, (i) => `b${i}: __typename`)} }`, 'tokens'],
];

describe('document bounds (no server)', () => {
  it('refuses each attack in milliseconds, naming the bound', () => {
    for (const [name, query, limit] of ATTACKS) {
      // CPU time of this thread, not the wall clock: on a loaded machine the wall clock says more of the
      // neighbours than of us (test/helpers/cpu-time.ts).
      let refusal: unknown;
      const spentMs = cpuMsOf(() => {
        try {
          refusal = documentBoundsError(parse(query, { maxTokens: MAX_QUERY_TOKENS }), 10);
        } catch (error) {
          refusal = { details: { limit: /tokens/.test((error as Error).message) ? 'tokens' : String(error) } };
        }
      });
      expect([name, (refusal as { details?: { limit?: string } } | null)?.details?.limit]).toEqual([name, limit]);
      expect([name, spentMs < 500]).toEqual([name, true]);
    }
  });

  it('keeps what real clients send: nested fragments, a field from a few fragments, several operations', () => {
    const query = `query A { ...Q } query B { brands(limit: 1) { items { ...Brand } } }
      fragment Q on Query { brands(limit: 2) { items { ...Brand id } } products(limit: 2) { items { id brand { ...Brand } } } }
      fragment Brand on Brand { id name ...BrandMore } fragment BrandMore on Brand { id alias }`;
    expect(documentBoundsError(parse(query), 10)).toBeNull();
  });

  it('lets introspection through, however deep its type references go (GraphiQL asks it), but not a deep query', () => {
    expect(
      documentBoundsError(
        parse(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, oneOf: true })),
        10,
      ),
    ).toBeNull();
    expect(
      documentBoundsError(parse(`{ __type(name: "Product") { ${'ofType { '.repeat(15)}name${' }'.repeat(15)} } }`), 10),
    ).toBeNull();
    // A fragment on Query first spread inside introspection still counts its depth where a query spreads it.
    const deep = `{ ${'productCategories(limit: 1) { items { parent { '.repeat(3)}id${' } } }'.repeat(3)} }`;
    expect(documentBoundsError(parse(deep), 5)?.details).toMatchObject({ limit: 'depth' });
    const mixed = `{ __schema { queryType { name } } ...D } fragment D on Query { ${'productCategories(limit: 1) { items { parent { '.repeat(3)}id${' } } }'.repeat(3)} }`;
    expect(documentBoundsError(parse(mixed), 5)?.details).toMatchObject({ limit: 'depth' });
  });

  it('within the bounds, graphql-js validates the worst shapes quickly', async () => {
    const schema = await buildAppSchema();
    const worst = [
      // The most fragments, each spread by the previous, in separate operations (20 deep at most).
      `${times(MAX_FRAGMENTS, (i) => `query Q${i} { ...G${i} }`)} ${times(MAX_FRAGMENTS, (i) => `fragment G${i} on Query { __typename ${i % MAX_FRAGMENT_NESTING !== MAX_FRAGMENT_NESTING - 1 && i < MAX_FRAGMENTS - 1 ? `...G${i + 1}` : ''} b${i % 20}: brands(limit: 1) { items { id name } } }`)}`,
      // One key at the bound of merges at every level down to the depth limit.
      `{ productCategories(limit: 1) { items { ${times(MAX_FIELD_MERGES, () => `${'parent { '.repeat(7)}id${' }'.repeat(7)}`)} } } }`,
      // Conflicting arguments at the bound (validation reports them).
      `{ ${times(MAX_FIELD_MERGES, (i) => `brands(limit: ${i + 1}) { items { id name alias } }`)} }`,
    ];
    validate(schema, parse('{ brands(limit: 1) { items { ...B } } } fragment B on Brand { id }'));
    for (const query of worst) {
      const document = parse(query, { maxTokens: MAX_QUERY_TOKENS });
      expect(documentBoundsError(document, 10)).toBeNull();
      // CPU time, the least of three runs (before the bounds such shapes took 1.7-2 s; within them the
      // worst take ~0.1-0.2 s).
      const ms = Math.min(...[1, 2, 3].map(() => cpuMsOf(() => validate(schema, document))));
      expect(ms).toBeLessThan(1000);
    }
  });

  it('checkQueryLimits refuses the fan-out too (the check Apollo runs before executing)', async () => {
    const schema = await buildAppSchema();
    const ms = cpuMsOf(() =>
      expect(() =>
        checkQueryLimits(schema, parse(fanout(40)), null, {}, { maxDepth: 10, maxComplexity: 5000 }),
      ).toThrow(/nested more than/),
    );
    expect(ms).toBeLessThan(500);
  });
});

describe('over HTTP, anonymous', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'GET' | 'POST', query: string) =>
    method === 'POST'
      ? t.inject({ method, url: '/graphql', payload: { query } })
      : t.inject({
          method,
          url: `/graphql?query=${encodeURIComponent(query)}`,
          headers: { 'apollo-require-preflight': 'true' },
        });

  it.each(['POST', 'GET'] as const)(
    '%s /graphql: the 40-level fan-out is a 400 for well under a second of CPU, and /health still answers',
    async (method) => {
      const { result: r, cpuMs: ms } = await cpuTimed(() => send(method, fanout(40)));
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { limit: 'fragment_nesting', max: MAX_FRAGMENT_NESTING },
      });
      expect(ms).toBeLessThan(1000);
      expect((await t.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    },
  );

  it('each attack is a 4xx for little CPU, POST or GET, in a batch too', async () => {
    for (const [name, query] of ATTACKS) {
      for (const method of ['POST', 'GET'] as const) {
        if (method === 'GET' && query.length > 8000) continue;
        const { result: r, cpuMs } = await cpuTimed(() => send(method, query));
        expect([name, method, r.statusCode >= 400 && r.statusCode < 500, cpuMs < 1000]).toEqual([
          name,
          method,
          true,
          true,
        ]);
      }
    }
    const batch = await t.inject({
      method: 'POST',
      url: '/graphql',
      payload: [{ query: '{ __typename }' }, { query: fanout(40) }],
    });
    expect(batch.statusCode).toBe(400);
  });

  it('fields nested thousands deep (past what the parser can recurse) are a 400, not a 500', async () => {
    const r = await send('POST', `{${'a{'.repeat(5000)}b${'}'.repeat(5001)}`);
    expect(r.statusCode).toBe(400);
  });

  it('an ordinary query with fragments still answers', async () => {
    const r = await send(
      'POST',
      'query { brands(limit: 2) { items { ...B } } } fragment B on Brand { id name ...C } fragment C on Brand { alias }',
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().data.brands.items.length).toBeGreaterThan(0);
  });
});
