// The relevance set (test/fixtures/search-relevance.yaml): queries as people type them, each with
// what a person expects among the first five results of POST /products/search. Passing share ≥ 95%;
// the failures are listed (query, kind, what came first) so a regression says what it broke.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from './helpers/app.js';

interface Case {
  q: string;
  kind: string;
  expect?: string[];
  among?: string[];
}
const cases = parse(readFileSync('test/fixtures/search-relevance.yaml', 'utf8')) as Case[];
const TARGET = 0.95;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Why a case fails (null when it passes): a product expected and missing, or one that should not be in the first five. */
function judge(c: Case, top: string[]): string | null {
  const missing = (c.expect ?? []).filter((a) => !top.includes(a));
  if (missing.length) return `missing ${missing.join(', ')}`;
  if (c.among) {
    const needed = Math.min(5, c.among.length);
    if (top.length < needed) return `only ${top.length} results`;
    const stray = top.slice(0, needed).filter((a) => !c.among!.includes(a));
    if (stray.length) return `unexpected ${stray.join(', ')}`;
  }
  return null;
}

describe('product search relevance', () => {
  it(`answers at least ${TARGET * 100}% of the set as a person expects within the first five`, async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const response = await t.inject({ method: 'POST', url: '/products/search', payload: { query: c.q, limit: 5 } });
      expect(response.statusCode).toBe(200);
      const top = (response.json() as { items: Array<{ alias: string }> }).items.map((i) => i.alias);
      const why = judge(c, top);
      if (why) failures.push(`[${c.kind}] "${c.q}": ${why} (got ${top.join(', ') || 'nothing'})`);
    }
    const share = (cases.length - failures.length) / cases.length;
    console.log(
      `relevance: ${cases.length - failures.length} of ${cases.length} (${(share * 100).toFixed(1)}%)${failures.length ? `\n${failures.join('\n')}` : ''}`,
    );
    expect(share).toBeGreaterThanOrEqual(TARGET);
  });
});
