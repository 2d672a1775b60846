// The walls of STYLE.md, checked on the import graph dependency-cruiser builds from src/ with
// .dependency-cruiser.cjs (runtime imports: `import type` does not count):
// - no loop between parts: a module folder (src/modules/<name>), seeders, platform, rest, and each
//   top-level file of src/ (app.ts, db.ts, entities.ts…) on its own; an engine/ folder is a part of
//   its own (pure, it imports only engines, so it can sit under all);
// - src/rest imports nothing from src/modules;
// - engines import no ORM, GraphQL or HTTP package, and no app file that could bring one in.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('..', import.meta.url));

function cruise(): ICruiseResult {
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  // Non-zero when a rule is broken; the JSON still says which.
  try {
    return JSON.parse(
      execFileSync(process.execPath, [cli, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as ICruiseResult;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as ICruiseResult;
  }
}

/** The part a source file belongs to: its module folder, engine folder or folder of src/, or the file itself at the top of src/ or outside it; null for packages. */
function partOf(path: string): string | null {
  const match =
    /^src\/modules\/([^/]+\/engine)\//.exec(path) ??
    /^src\/modules\/([^/]+)\//.exec(path) ??
    /^src\/([^/]+)\//.exec(path);
  if (match) return match[1];
  // A file outside src/ that src/ imports (mikro-orm.config.ts, the route table) is a part too: a loop
  // through it is a loop all the same.
  return /^src\/[^/]+\.ts$/.test(path) ||
    (!path.startsWith('src/') && !path.includes('node_modules/') && /\.ts$/.test(path))
    ? path
    : null;
}

type PartGraph = Map<string, Map<string, string>>; // from → to → one file-level edge, as the example

/** Strongly connected parts (Tarjan), each with more than one member: the loops. */
function loops(graph: PartGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const members: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A loop as people read it: each edge between its members with one file-level import. */
function explain(graph: PartGraph, members: string[]): string {
  const lines = members.flatMap((from) =>
    [...(graph.get(from) ?? [])]
      .filter(([to]) => members.includes(to))
      .map(([to, example]) => `  ${from} → ${to} (${example})`),
  );
  return `${members.join(' ↔ ')}\n${lines.join('\n')}`;
}

describe('architecture: the import graph', () => {
  let result: ICruiseResult;
  let graph: PartGraph;

  beforeAll(() => {
    result = cruise();
    graph = new Map();
    for (const module of result.modules) {
      const from = partOf(module.source);
      if (!from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      for (const dependency of module.dependencies) {
        const to = partOf(dependency.resolved);
        if (to && to !== from && !graph.get(from)!.has(to))
          graph.get(from)!.set(to, `${module.source} → ${dependency.resolved}`);
      }
    }
  }, 60_000);

  it('reads the whole source tree', () => {
    expect(result.summary.totalCruised).toBeGreaterThan(250);
    expect(graph.get('product')?.has('brand')).toBe(true); // a runtime edge it must see
    const unresolved = result.modules.flatMap((m) =>
      m.dependencies
        .filter((d) => d.couldNotResolve && d.resolved.startsWith('.'))
        .map((d) => `${m.source} → ${d.module}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('has no import loop between parts, each top-level file of src/ a part of its own', () => {
    const found = loops(graph).map((members) => explain(graph, members));
    expect(found).toEqual([]);
  });

  it('keeps src/rest free of src/modules and engines free of ORM, GraphQL and HTTP code', () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
  });

  it('has no type import from src/modules in src/rest either (the runtime graph leaves those out)', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const offenders = walk(join(root, 'src/rest')).filter((file) =>
      /from\s+'(\.\.\/)+modules\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('architecture: the loop finder', () => {
  const graphOf = (edges: Array<[string, string]>): PartGraph => {
    const g: PartGraph = new Map();
    for (const [a, b] of edges) {
      if (!g.has(a)) g.set(a, new Map());
      if (!g.has(b)) g.set(b, new Map());
      g.get(a)!.set(b, `${a}.ts → ${b}.ts`);
    }
    return g;
  };

  it('finds a loop of three and leaves a chain alone', () => {
    expect(
      loops(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      loops(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('maps files to parts, an engine folder to its own', () => {
    expect(partOf('src/modules/analysis/engine/rules.ts')).toBe('analysis/engine');
    expect(partOf('src/modules/analysis/analysis.service.ts')).toBe('analysis');
    expect(partOf('src/seeders/demo-catalog.ts')).toBe('seeders');
    expect(partOf('src/context.ts')).toBe('src/context.ts');
    expect(partOf('mikro-orm.config.ts')).toBe('mikro-orm.config.ts');
    expect(partOf('node_modules/graphql/index.d.ts')).toBeNull();
  });
});
