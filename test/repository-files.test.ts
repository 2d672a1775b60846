// The tests run from a fresh clone: every file they read is one the repository holds. A test that
// read a file beside the checkout (a spec kept in a neighbouring folder) passed only on the
// machines that had that folder.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The paths a test file names as literals: relative to itself (import.meta) or to the repository (the working directory). */
function namedPaths(file: string): Array<{ literal: string; path: string }> {
  const text = readFileSync(join(root, file), 'utf8');
  const here = dirname(join(root, file));
  const found: Array<{ literal: string; path: string }> = [];
  for (const m of text.matchAll(/new URL\(\s*'([^']+)'\s*,\s*import\.meta\.url\s*\)/g))
    found.push({ literal: m[1]!, path: resolve(here, m[1]!) });
  for (const m of text.matchAll(/(?:resolve|join)\(\s*import\.meta\.dirname\s*,\s*'([^']+)'/g))
    found.push({ literal: m[1]!, path: resolve(here, m[1]!) });
  for (const m of text.matchAll(/readFileSync\(\s*'([^']+)'/g))
    found.push({ literal: m[1]!, path: resolve(root, m[1]!) });
  return found;
}

describe('files the tests read', () => {
  const files = sources('test');

  it.each(files)('%s names only files inside the repository, all committed', (file) => {
    for (const { literal, path } of namedPaths(file)) {
      const inside = relative(root, path);
      expect({ literal, inside: !inside.startsWith('..') }).toEqual({ literal, inside: true });
      // A folder (rest-mappings/, the repository itself) or a committed file, not one only this machine has.
      const committed =
        inside === '' || tracked.has(inside) || [...tracked].some((f) => f.startsWith(`${inside.replace(/\/$/, '')}/`));
      expect({ literal, committed, exists: existsSync(path) }).toEqual({ literal, committed: true, exists: true });
    }
  });

  it('include the endpoint table the page test checks, as a fixture of its own', () => {
    expect(namedPaths('test/pages.test.ts').map((p) => relative(root, p.path))).toContain(
      'test/fixtures/spec-endpoints.tsv',
    );
    expect(tracked.has('test/fixtures/spec-endpoints.tsv')).toBe(true);
  });
});
