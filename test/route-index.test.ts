// schema/routes.md maps every REST path to its operation, resolver and service: it must be fresh.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { routes } from '../rest-mappings/routes.js';
import { describeRouteFiles } from '../scripts/route-index.js';

describe('schema/routes.md', () => {
  it('is fresh (run `npm run generate` after changing routes, operations or resolvers)', async () => {
    expect(readFileSync('schema/routes.md', 'utf8')).toBe(await describeRouteFiles());
  });

  it('has one row per route, each with a resolver file found in src/', async () => {
    const rows = (await describeRouteFiles())
      .split('\n')
      .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(line));
    expect(rows).toHaveLength(routes.length);
    for (const row of rows) expect(row).toMatch(/ in `src\/modules\/[^`]+\.ts`/);
    expect(rows.join('\n')).not.toContain('(file not found)');
  });
});
