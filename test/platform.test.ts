import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import YAML from 'yaml';
import { packageVersion } from '../src/app.js';
import { errorBody, toAppError } from '../src/platform/error-mapping.js';
import { describeRestApi } from '../src/rest/describe.js';
import { prepareRoutes } from '../src/rest/router.js';
import { buildAppSchema, printAppSchema } from '../src/schema.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('generated files', () => {
  it('schema/schema.graphql is fresh (run `npm run generate` after changing resolvers)', async () => {
    expect(readFileSync('schema/schema.graphql', 'utf8')).toBe(printAppSchema(await buildAppSchema()));
  });

  it('schema/openapi.json is fresh and is what /openapi.json and /openapi.yaml serve', async () => {
    const committed = JSON.parse(readFileSync('schema/openapi.json', 'utf8'));
    expect(committed).toEqual(describeRestApi(await buildAppSchema(), '', packageVersion));
    expect((await t.inject({ method: 'GET', url: '/openapi.json' })).json()).toEqual(committed);
    const yaml = await t.inject({ method: 'GET', url: '/openapi.yaml' });
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(YAML.parse(yaml.body)).toEqual(committed);
  });

  it('describes parameters, bodies, responses and access of every route', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: Array<{ name: string; in: string }>;
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
            };
            responses: Record<string, unknown>;
            security: unknown[];
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const get = doc.paths['/products/{id_or_alias}'].get;
    expect(get.parameters).toContainEqual(expect.objectContaining({ name: 'id_or_alias', in: 'path' }));
    expect(get.responses['200']).toBeDefined();
    const list = doc.paths['/products'].get;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor', 'free_of']));
    const create = doc.paths['/unit_of_measurements/create'].post;
    expect(create.requestBody!.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'symbol', 'kind', 'to_base']),
    );
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['403']).toBeDefined();
    expect(create.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('start-up checks of the REST mappings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mappings-'));
  const route = {
    method: 'GET' as const,
    path: '/things/:id_or_alias',
    operation: 'GetThing',
    access: 'public' as const,
    tags: [],
    summary: '',
  };
  const prepareWith = (schema: Awaited<ReturnType<typeof buildAppSchema>>) => () => prepareRoutes(schema, [route], dir);

  it('names the route whose operation is missing', async () => {
    writeFileSync(join(dir, 'a.graphql'), 'query Other { brands { nextCursor } }');
    expect(prepareWith(await buildAppSchema())).toThrow(
      /GET \/things\/:id_or_alias: operation GetThing is not defined/,
    );
  });

  it('names the route whose operation does not declare a path variable', async () => {
    writeFileSync(join(dir, 'a.graphql'), 'query GetThing($id: String!) { brand(idOrAlias: $id) { id } }');
    expect(prepareWith(await buildAppSchema())).toThrow(/does not declare the path variable \$id_or_alias/);
  });

  it('names the route whose operation does not fit the schema, and a file that does not parse', async () => {
    writeFileSync(
      join(dir, 'a.graphql'),
      'query GetThing($id_or_alias: String!) { brand(idOrAlias: $id_or_alias) { colour } }',
    );
    expect(prepareWith(await buildAppSchema())).toThrow(/GET \/things\/:id_or_alias: operation GetThing.*colour/);
    writeFileSync(join(dir, 'a.graphql'), 'query GetThing( {');
    expect(prepareWith(await buildAppSchema())).toThrow(/rest-mappings\/a.graphql/);
  });
});

describe('operations endpoints', () => {
  it('answers /health, /ready, /metrics and /changelog', async () => {
    expect((await t.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    await t.inject({ method: 'GET', url: '/brands' });
    const metrics = await t.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/brands",status="200"\} \d+/,
    );
    expect(metrics.body).toMatch(/sql_statements_total \d+/);
    // A page for a browser: the Markdown rendered, what it could carry sanitised.
    const changelog = await t.inject({ method: 'GET', url: '/changelog', headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(changelog.statusCode).toBe(200);
    expect(changelog.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(changelog.body).toContain('<h1>Changes</h1>');
    expect(changelog.body).toMatch(/<h2>0\.\d+\.\d+ — \d{4}-\d{2}-\d{2}<\/h2>/);
    expect(changelog.body).toMatch(/<li>[^<]*<code>/);
    expect(changelog.body).not.toMatch(/^#+ /m);
    expect(changelog.body).not.toMatch(/<script|<img|<iframe|\son\w+="/i);
    expect((await t.inject({ method: 'GET', url: '/changelog' })).headers['content-type']).toMatch(/^text\/html/);
    // The Markdown itself to a client that asks for it.
    const markdown = await t.inject({ method: 'GET', url: '/changelog', headers: { accept: 'text/markdown' } });
    expect(markdown.headers['content-type']).toMatch(/markdown/);
    expect(markdown.body).toMatch(/^# Changelog/);
  });

  it('serves GraphiQL and the API reference with their own assets', async () => {
    const graphiql = await t.inject({ method: 'GET', url: '/graphiql' });
    expect(graphiql.statusCode).toBe(200);
    expect(graphiql.body).not.toMatch(/<script[^>]+src="https?:/);
    const docs = await t.inject({ method: 'GET', url: '/docs' });
    expect(docs.body).toMatch(/swagger-ui-bundle\.js/);
    expect((await t.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/docs/../package.json' })).statusCode).toBe(404);
  });
});

describe('errors in the contract format', () => {
  it('maps anything unexpected to INTERNAL with only the request id, never a stack', () => {
    const error = toAppError(new TypeError('cannot read properties of undefined (secret detail)'));
    expect(error.code).toBe('INTERNAL');
    expect(error.status).toBe(500);
    const body = JSON.stringify(errorBody(error, 'req-42'));
    expect(JSON.parse(body)).toEqual({
      error: { code: 'INTERNAL', message: 'Internal error (request req-42)', request_id: 'req-42' },
    });
    expect(body).not.toMatch(/secret detail|at /);
  });

  it('unknown method or path is ROUTE_NOT_FOUND', async () => {
    const response = await t.inject({ method: 'GET', url: '/no/such/path' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('ROUTE_NOT_FOUND');
    expect(errorOf(await t.inject({ method: 'DELETE', url: '/brands' })).code).toBe('ROUTE_NOT_FOUND');
  });

  it('non-JSON is 415, malformed JSON 400, over 1 MB 413, a non-object body 400', async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    const url = '/unit_of_measurements/create';
    const text = await t.inject({
      method: 'POST',
      url,
      token: admin,
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const malformed = await t.inject({
      method: 'POST',
      url,
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_FAILED');
    const huge = await t.inject({
      method: 'POST',
      url,
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
    const array = await t.inject({ method: 'POST', url, token: admin, payload: [1, 2] as never });
    expect(array.statusCode).toBe(400);
  });

  it('a query-string boolean false is false', async () => {
    const all = await t.inject({ method: 'GET', url: '/product_categories?top_level=false&limit=100' });
    const top = await t.inject({ method: 'GET', url: '/product_categories?top_level=true&limit=100' });
    expect((all.json() as { items: unknown[] }).items.length).toBeGreaterThan(
      (top.json() as { items: unknown[] }).items.length,
    );
    expect((await t.inject({ method: 'GET', url: '/product_categories?top_level=maybe' })).statusCode).toBe(400);
  });
});

describe('GraphQL', () => {
  const gql = (query: string, variables?: object, token?: string) =>
    t.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, token });

  it('answers queries in camelCase and GET for queries', async () => {
    const response = await gql(
      '{ products(limit: 2) { items { name brand { name } ingredients { match } } nextCursor } }',
    );
    expect(response.statusCode).toBe(200);
    const data = (response.json() as { data: { products: { items: unknown[]; nextCursor: string } } }).data;
    expect(data.products.items).toHaveLength(2);
    const get = await t.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ brands(limit: 1) { items { alias } } }')}`,
      headers: { 'apollo-require-preflight': '1' },
    });
    expect(get.statusCode).toBe(200);
  });

  it('errors carry the contract codes', async () => {
    const missing = await gql('{ product(idOrAlias: "nope") { id } }');
    expect((missing.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    const anonymous = await gql('{ me { id } }');
    expect((anonymous.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    const invalid = await gql('{ products { colour } }');
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('rejects queries over the depth or complexity limit with a clear 400', async () => {
    const deep = await gql(
      '{ productCategories { items { parent { parent { parent { parent { parent { parent { parent { parent { parent { parent { id } } } } } } } } } } } } }',
    );
    expect(deep.statusCode).toBe(400);
    const deepError = (deep.json() as { errors: Array<{ message: string; extensions: { code: string } }> }).errors[0];
    expect(deepError.extensions.code).toBe('VALIDATION_FAILED');
    expect(deepError.message).toMatch(/depth exceeds the limit of 10/);
    // Cost counts the objects produced (a page of 100 products with their ingredients is what REST
    // serves): four such pages in one operation are over the limit.
    const page =
      'products(limit: 100) { items { ingredients { ingredient { name otherNames description functions effects flags groups } } brand { name } category { name children { name } } } }';
    const wide = await gql(`{ a: ${page} b: ${page} c: ${page} d: ${page} }`);
    expect(wide.statusCode).toBe(400);
    expect((wide.json() as { errors: Array<{ message: string }> }).errors[0].message).toMatch(
      /complexity \d+ exceeds the limit/,
    );
  });
});
