// The relevance sets: queries as people type them, each with what a person expects among the first
// five results of POST /products/search. test/fixtures/search-relevance.yaml was written with the
// search; search-relevance-heldout.yaml was written without reading the search, so it measures how
// far the search's rules reach beyond the cases they were written for. Each set must pass ≥ 95%;
// the share per kind is printed, and the failures are listed (query, kind, what came first) so a
// regression says what it broke.
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
const SETS = ['search-relevance', 'search-relevance-heldout'];
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

/** "kind passed/total" for each kind, in the order the set first names them. */
function byKind(results: Array<{ kind: string; ok: boolean }>): string {
  const kinds = new Map<string, { ok: number; all: number }>();
  for (const r of results) {
    const k = kinds.get(r.kind) ?? { ok: 0, all: 0 };
    k.all++;
    if (r.ok) k.ok++;
    kinds.set(r.kind, k);
  }
  return [...kinds].map(([kind, k]) => `${kind} ${k.ok}/${k.all}`).join(', ');
}

describe('product search relevance', () => {
  it.each(SETS)(`answers at least ${TARGET * 100}%% of %s as a person expects within the first five`, async (set) => {
    const cases = parse(readFileSync(`test/fixtures/${set}.yaml`, 'utf8')) as Case[];
    const failures: string[] = [];
    const results: Array<{ kind: string; ok: boolean }> = [];
    for (const c of cases) {
      const response = await t.inject({ method: 'POST', url: '/products/search', payload: { query: c.q, limit: 5 } });
      if (response.statusCode !== 200) throw new Error(`"${c.q}": ${response.statusCode} ${response.body}`);
      const top = (response.json() as { items: Array<{ alias: string }> }).items.map((i) => i.alias);
      const why = judge(c, top);
      results.push({ kind: c.kind, ok: !why });
      if (why) failures.push(`[${c.kind}] "${c.q}": ${why} (got ${top.join(', ') || 'nothing'})`);
    }
    const share = (cases.length - failures.length) / cases.length;
    console.log(
      `${set}: ${cases.length - failures.length} of ${cases.length} (${(share * 100).toFixed(1)}%)\n${byKind(results)}${failures.length ? `\n${failures.join('\n')}` : ''}`,
    );
    expect(share).toBeGreaterThanOrEqual(TARGET);
  });
});
