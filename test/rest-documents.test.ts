// The named operations as the router reads them: a route's description is the comment written
// directly above its operation; a comment set apart by a blank line is a note for the file's reader.
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOperations } from '../src/rest/documents.js';
import { compileOperation, prepareRoutes } from '../src/rest/router.js';
import { buildAppSchema } from '../src/schema.js';
import { routes } from '../rest-mappings/routes.js';
import { mappingsDir } from '../src/rest/describe.js';

describe('descriptions beside their operations', () => {
  it('joins the comment lines directly above an operation into one paragraph, and ignores notes set apart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mappings-'));
    writeFileSync(
      join(dir, 'a.graphql'),
      [
        '# A note on the whole file.',
        '',
        'query Plain { __typename }',
        '',
        '# Body: `{"name": "..."}`. The first line',
        '#   and the second.',
        'mutation Described { __typename }',
      ].join('\n'),
    );
    const ops = loadOperations(dir);
    expect(ops.get('Plain')!.description).toBeNull();
    expect(ops.get('Described')!.description).toBe('Body: `{"name": "..."}`. The first line and the second.');
  });

  it('keeps the route table to one field a line, its descriptions in the documents', () => {
    const ops = loadOperations(mappingsDir);
    const described = routes.filter((r) => ops.get(r.operation)!.description);
    expect(described.length).toBeGreaterThan(80);
    expect(routes.some((r) => 'description' in r)).toBe(false);
  });
});

describe("every route's operation", () => {
  it('compiles with graphql-jit (the router compiles each on its first request, not at start)', async () => {
    const schema = await buildAppSchema();
    const prepared = prepareRoutes(schema, routes, mappingsDir);
    expect(prepared).toHaveLength(routes.length);
    for (const { route, operation } of prepared)
      expect([route.operation, typeof compileOperation(schema, operation, true)]).toEqual([
        route.operation,
        'function',
      ]);
  });
});
