// Issue 37, "no request may cost more than it is charged": introspection counted before it runs,
// search work bounded by its input, a batch's documents sharing one budget, JSON nesting refused
// before parsing, client text never read as an inherited property, aliases as long as a path
// segment, and an unknown name's 400 listing the accepted ones. Work is counted (values, statements,
// operations), never timed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { routes } from '../rest-mappings/routes.js';
import { introspectionNodes, MAX_INTROSPECTION_NODES } from '../src/platform/graphql-introspection.js';
import { MAX_JSON_DEPTH } from '../src/platform/json-depth.js';
import { checkQueryLimits } from '../src/platform/graphql-limits.js';
import { MAX_QUERY_WORDS, MAX_WORD_LETTERS } from '../src/modules/search/parse.js';
import { MAX_ALIAS_LENGTH } from '../src/modules/shared/ids.js';
import { buildAppSchema } from '../src/schema.js';
import { armStatementTimeout } from '../src/db.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { testDatabaseKind } from './helpers/database.js';
import { fillPath, operationsOf, routeKey } from './helpers/route-fixtures.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor('costs-admin', 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const gql = (payload: unknown, token?: string) =>
  t.inject({ method: 'POST', url: '/graphql', payload: payload as object, token });
const gqlError = (response: { json(): unknown }) =>
  (
    response.json() as {
      errors: Array<{ message: string; extensions: { code: string; details?: Record<string, unknown> } }>;
    }
  ).errors[0];

describe('introspection', () => {
  const variants = [
    getIntrospectionQuery(),
    // What GraphiQL sends (its schema fetch asks for every option it can show).
    getIntrospectionQuery({
      descriptions: true,
      inputValueDeprecation: true,
      schemaDescription: true,
      directiveIsRepeatable: true,
      specifiedByUrl: true,
      oneOf: true,
    }),
  ];
  it.each(variants.map((query, i) => [i, query]))(
    "GraphiQL's introspection query %s answers anonymously",
    async (_i, query) => {
      const response = await gql({ query, operationName: 'IntrospectionQuery' });
      expect(response.statusCode).toBe(200);
      expect(
        (response.json() as { data: { __schema: { types: unknown[] } } }).data.__schema.types.length,
      ).toBeGreaterThan(100);
    },
  );

  it('counts exactly what graphql-js builds, within the budget', async () => {
    const schema = await buildAppSchema();
    const document = parse(variants[1]);
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
    const nodes = introspectionNodes(schema, document, operation, {})!;
    const response = await gql({ query: variants[1] });
    let values = 0;
    const count = (v: unknown): void => {
      values++;
      if (Array.isArray(v)) v.forEach(count);
      else if (v && typeof v === 'object') Object.values(v).forEach(count);
    };
    count((response.json() as { data: unknown }).data);
    // The answer's values but its root object; a list of scalars (a directive's locations) counts once.
    expect(Math.abs(nodes - (values - 1)) / values).toBeLessThan(0.01);
    // GraphiQL's own query keeps room under the budget (29,000 of 50,000 with the planner): past 60 % it is
    // time to look again at the budget or the schema, before GraphiQL is refused.
    expect(nodes).toBeLessThan(MAX_INTROSPECTION_NODES * 0.6);
  });

  it('refuses a third alias of __schema before anything runs', async () => {
    const query = `{ ${[0, 1, 2].map((i) => `s${i}: __schema { types { name } }`).join(' ')} }`;
    const response = await gql({ query });
    expect(response.statusCode).toBe(400);
    expect(gqlError(response).extensions.details).toMatchObject({ limit: 'field_repeat', field: '__schema' });
  });

  it('refuses nested introspection past its budget, having walked no more than the budget', async () => {
    // A field's type is mostly a wrapper: its named type is up to three `ofType`s down.
    const fields = (depth: number): string =>
      depth
        ? `fields { name description args { name description } type { name ${fields(depth - 1)} ofType { name ${fields(depth - 1)} ofType { name ${fields(depth - 1)} ofType { name ${fields(depth - 1)} } } } } }`
        : 'name';
    const query = `{ __schema { types { ${fields(2)} } } }`;
    const schema = await buildAppSchema();
    const document = parse(query);
    const operation = document.definitions[0] as OperationDefinitionNode;
    // The walk stops at the budget: null, after at most MAX_INTROSPECTION_NODES + one list's values.
    expect(introspectionNodes(schema, document, operation, {})).toBeNull();
    expect(introspectionNodes(schema, document, operation, {}, 10_000_000)).toBeGreaterThan(MAX_INTROSPECTION_NODES);
    const response = await gql({ query });
    expect(response.statusCode).toBe(400);
    expect(gqlError(response).extensions.code).toBe('VALIDATION_FAILED');
    expect(gqlError(response).message).toContain(`more than ${MAX_INTROSPECTION_NODES} values`);
  });

  it('prices introspection like the fields it builds: a small one costs little, nested ones count', async () => {
    const response = await gql({ query: '{ __type(name: "Product") { name fields { name } } }' });
    expect(response.statusCode).toBe(200);
  });
});

describe('search work bounded by its input', () => {
  const search = (q: string) => t.countStatements({ method: 'GET', url: `/products?search=${encodeURIComponent(q)}` });

  it(`refuses a word over ${MAX_WORD_LETTERS} letters and more than ${MAX_QUERY_WORDS} words, running no statement`, async () => {
    for (const q of [
      'x'.repeat(MAX_WORD_LETTERS + 1),
      Array.from({ length: MAX_QUERY_WORDS + 1 }, () => 'cream').join(' '),
    ]) {
      const { response, statements } = await search(q);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details?.field).toBe('search');
      expect(statements).toBe(0);
      const ingredients = await t.countStatements({
        method: 'GET',
        url: `/ingredients?search=${encodeURIComponent(q)}`,
      });
      expect(ingredients.response.statusCode).toBe(400);
      expect(ingredients.statements).toBe(0);
    }
  });

  it('runs as many statements for the longest accepted query as for one word', async () => {
    const typos = Array.from({ length: MAX_QUERY_WORDS }, (_, i) => `zqxw${'abcdefghijklmnop'[i]}vbnmlkjh`).join(' ');
    const one = await search('zqxwvbnm');
    const many = await search(typos.slice(0, 200));
    expect(one.response.statusCode).toBe(200);
    expect(many.response.statusCode).toBe(200);
    expect(many.statements).toBeLessThanOrEqual(one.statements + 1);
  });
});

describe('text search priced by what it costs', () => {
  const aliased = (field: string) =>
    `{ ${Array.from({ length: 20 }, (_, i) => `s${i}: ${field} { items { id } }`).join(' ')} }`;
  it('20 aliased ingredient searches are over the budget; 20 aliased lists without text are not', async () => {
    const searched = await gql({ query: aliased('ingredients(search: "niacinamide", limit: 1)') });
    expect(searched.statusCode).toBe(400);
    expect(gqlError(searched).message).toMatch(/complexity \d+ exceeds/);
    const listed = await gql({ query: aliased('ingredients(limit: 1)') });
    expect(listed.statusCode).toBe(200);
  });
  it('a product search costs 100 more than the same list without text', async () => {
    const schema = await buildAppSchema();
    const cost = (query: string): number => {
      try {
        checkQueryLimits(schema, parse(query), null, {}, { maxDepth: 10, maxComplexity: 0 });
        return 0;
      } catch (error) {
        return (error as { details: { value: number } }).details.value;
      }
    };
    const listed = cost('{ products(limit: 1) { items { id } } }');
    expect(cost('{ products(search: "serum", limit: 1) { items { id } } }')).toBe(listed + 100);
    expect(cost('{ products(search: "  ", limit: 1) { items { id } } }')).toBe(listed);
    expect(cost('{ ingredients(search: "glycerin", limit: 1) { items { id } } }')).toBe(
      cost('{ ingredients(limit: 1) { items { id } } }') + 250,
    );
  });
});

describe('a batch shares one budget', () => {
  it('refuses a batch whose documents hold more than 100 operations in all, before any runs', async () => {
    const ops = Array.from({ length: 60 }, (_, i) => `query o${i} { __typename }`).join('\n');
    const response = await gql([
      { query: ops, operationName: 'o0' },
      { query: ops, operationName: 'o1' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(gqlError(response).extensions.details).toMatchObject({ limit: 'operations', max: 100 });
  });

  it('refuses a batch over 20,000 tokens in all', async () => {
    // 1,000 variables of 5 tokens each: within every bound of one document, 5 of them are not.
    const big = `query(${Array.from({ length: 1000 }, (_, i) => `$v${i}: Int`).join(', ')}) { __typename }`;
    const response = await gql(Array.from({ length: 5 }, () => ({ query: big })));
    expect(response.statusCode).toBe(400);
    expect(gqlError(response).extensions.details).toMatchObject({ limit: 'tokens' });
  });
});

describe('JSON nested too deep is refused before it is parsed', () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  it('as a GraphQL variable', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: `{"query":"query($v: [String!]) { searchProducts(freeOf: $v) { items { id } } }","variables":{"v":${deep}}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toMatchObject({ limit: 'json_depth', max: MAX_JSON_DEPTH });
  });
  it('as a GET variables text', async () => {
    const shallowEnough = `${'['.repeat(2000)}${']'.repeat(2000)}`;
    const response = await t.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('query($v: [String!]) { searchProducts(freeOf: $v) { items { id } } }')}&variables=${encodeURIComponent(`{"v":${shallowEnough}}`)}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.statusCode).toBe(400);
  });
  it('as a REST body field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'content-type': 'application/json' },
      payload: `{"ingredient_list":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toMatchObject({ field: 'body', limit: 'json_depth' });
  });
  it('but JSON as deep as the limit is read', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      headers: { 'content-type': 'application/json' },
      payload: `{"ingredient_list":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
    });
    // Parsed, then refused by its type, naming the field.
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.field).toBe('ingredient_list');
  });
});

describe('client text is never read as an inherited property', () => {
  const KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

  it('GraphQL flags and free-of words', async () => {
    for (const key of KEYS) {
      for (const query of [
        `{ searchProducts(freeOf: ["${key}"]) { items { id } } }`,
        `{ products(flags: ["${key}"]) { items { id } } }`,
      ]) {
        const response = await gql({ query });
        expect(response.statusCode).toBeLessThan(500);
        expect(gqlError(response).extensions.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('unknown pages are 404', async () => {
    for (const key of KEYS)
      for (const url of [`/docs/${key}`, `/p/products/${key}`, `/p/ingredients/${key}`])
        expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('every route, each key as each path segment and each query value: no 5xx', async () => {
    const operations = await operationsOf(routes);
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]);
      const variables = operations.get(routeKey(route))?.variables ?? [];
      for (const key of KEYS) {
        const path = fillPath(route.path, Object.fromEntries(params.map((p) => [p, key])));
        const sends = [path];
        if (route.method === 'GET')
          for (const v of variables.filter((name) => !params.includes(name))) sends.push(`${path}?${v}=${key}`);
        for (const url of sends) {
          const response = await t.inject({ method: route.method, url, token: admin });
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${url}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('aliases as long as a path segment', () => {
  const long = `${'a'.repeat(100)}-${'b'.repeat(MAX_ALIAS_LENGTH - 101)}`;
  it(`PATCH /products/<${MAX_ALIAS_LENGTH} characters>/publish and GET /ingredients/<${MAX_ALIAS_LENGTH}> answer`, async () => {
    expect(long).toHaveLength(MAX_ALIAS_LENGTH);
    const em = t.em();
    const [product] = await em.execute<Array<{ id: string }>>(`select id from product order by alias limit 1`);
    await em.execute(`update product set alias = ?, status = 'draft' where id = ?`, [long, product.id]);
    const [ingredient] = await em.execute<Array<{ id: string }>>(`select id from ingredient order by alias limit 1`);
    await em.execute(`update ingredient set alias = ? where id = ?`, [`${long.slice(0, -1)}c`, ingredient.id]);
    const publish = await t.inject({ method: 'PATCH', url: `/products/${long}/publish`, token: admin });
    expect(publish.statusCode).toBe(200);
    const read = await t.inject({ method: 'GET', url: `/ingredients/${long.slice(0, -1)}c` });
    expect(read.statusCode).toBe(200);
    const over = await t.inject({ method: 'GET', url: `/ingredients/${long}x` });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).details?.field).toBe('path');
  });
});

describe("an unknown name's 400 lists the accepted ones", () => {
  it('a query parameter', async () => {
    const response = await t.inject({ method: 'GET', url: '/products?serch=cream' });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response) as unknown as { message: string; details: { field: string; accepted: string[] } };
    expect(error.details.field).toBe('serch');
    expect(error.details.accepted).toEqual(expect.arrayContaining(['search', 'limit', 'cursor', 'free_of']));
    expect(error.message).toContain('search');
  });
  it('a body field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua', ingredients: 'Aqua' },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response) as unknown as { details: { field: string; accepted: string[] } };
    expect(error.details.field).toBe('ingredients');
    expect(error.details.accepted).toContain('ingredient_list');
  });
});

// Last: it arms the file's pool. PGlite has no statement_timeout (one connection, nothing to cancel from).
describe('a statement_timeout backstop on PostgreSQL', () => {
  const onPostgres = testDatabaseKind === 'postgres' ? it : it.skip;
  onPostgres('every pooled connection gets it on its first checkout; a statement past it is cancelled', async () => {
    await armStatementTimeout(t.orm, 300);
    const em = t.em();
    const [{ statement_timeout }] = await em.execute<Array<{ statement_timeout: string }>>('show statement_timeout');
    expect(statement_timeout).toBe('300ms');
    await expect(em.execute('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });
});
