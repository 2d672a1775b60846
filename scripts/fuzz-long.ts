// The properties of test/fuzz.test.ts, run for much longer: every route of the table, every
// kind of bad input (wrong field values, bad shapes, bad path values), `--runs` runs each.
// Unlike the test it goes on after a failure and reports every failing route and kind, with
// what replays it.
//
//   node_modules/.bin/node --import ./register.mjs scripts/fuzz-long.ts --runs 2000
//   ... --route /products --kind path          only routes whose "METHOD /path" contains the text, one kind
//   ... --jobs 2                               routes in parallel (one app and database each)
//   ... --seed 123 --replay-path "4:0:1"       replay a reported counterexample (with its --route and --kind)
//   TEST_DB=postgres ...                       on PostgreSQL (TEST_DATABASE_URL) instead of PGlite
//
// Each route runs in a child process with its own app and database (test/helpers/app.js):
// light-my-request's inject() keeps about 10 kB per request alive (and the request's payload),
// so a single process would run out of memory after some 100,000 requests.
// Exit status 1 when a property failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { routes } from '../rest-mappings/routes.js';
import { testDatabaseKind } from '../test/helpers/database.js';
import type { FuzzKind } from '../test/helpers/route-fixtures.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    route: { type: 'string' },
    kind: { type: 'string' },
    seed: { type: 'string' },
    'replay-path': { type: 'string' },
    jobs: { type: 'string', default: '1' },
    /** Internal: run one route (by its exact "METHOD /path") and print its result as JSON. */
    'child-route': { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
if (args.kind && !['fields', 'shape', 'path'].includes(args.kind)) throw new Error('--kind is fields, shape or path');

interface PropertyResult {
  kind: FuzzKind;
  numRuns: number;
  requests: number;
  seconds: number;
  failed: boolean;
  seed?: number;
  path?: string | null;
  message?: string;
  counterexample?: string;
}
interface RouteResult {
  route: string;
  fixtureError?: string;
  properties: PropertyResult[];
  requests: number;
  statuses: Record<string, number>;
  knownBugs: Record<string, number>;
}
const RESULT = 'FUZZ-LONG-RESULT ';

/** One route, in this process. */
async function runRoute(key: string): Promise<RouteResult> {
  const { startTestApp } = await import('../test/helpers/app.js');
  const { fuzzProperty, fuzzTarget, kindsFor, operationsOf, prepareFuzz, routeKey } = await import(
    '../test/helpers/route-fixtures.js'
  );
  const route = routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`No route ${key}`);
  const operations = await operationsOf(routes);
  const t = await startTestApp();
  const result: RouteResult = { route: key, properties: [], requests: 0, statuses: {}, knownBugs: {} };
  try {
    const env = await prepareFuzz(t, routes, operations);
    let target;
    try {
      target = await fuzzTarget(env, route);
    } catch (error) {
      return { ...result, fixtureError: (error as Error).message };
    }
    for (const kind of kindsFor(route, operations).filter((k) => !args.kind || k === args.kind)) {
      const before = env.stats.cases;
      const started = Date.now();
      const details = await fc.check(fuzzProperty(env, target, kind), {
        numRuns: runs,
        ...(args.seed ? { seed: Number(args.seed) } : {}),
        ...(args['replay-path'] ? { path: args['replay-path'] } : {}),
      });
      result.properties.push({
        kind,
        numRuns: details.numRuns,
        requests: env.stats.cases - before,
        seconds: (Date.now() - started) / 1000,
        failed: details.failed,
        ...(details.failed
          ? {
              seed: details.seed,
              path: details.counterexamplePath,
              message: String((details.errorInstance as Error | null)?.message ?? details.errorInstance),
              counterexample: details.counterexample ? fc.stringify(details.counterexample).slice(0, 2000) : undefined,
            }
          : {}),
      });
    }
    result.requests = env.stats.cases;
    result.statuses = Object.fromEntries(env.stats.byStatus);
    result.knownBugs = Object.fromEntries(env.stats.knownBugs);
    return result;
  } finally {
    await t.close();
  }
}

/** One route, in a child process. */
function runChild(key: string): Promise<RouteResult> {
  const forwarded = [
    '--runs',
    String(runs),
    ...(args.kind ? ['--kind', args.kind] : []),
    ...(args.seed ? ['--seed', args.seed] : []),
    ...(args['replay-path'] ? ['--replay-path', args['replay-path']] : []),
  ];
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--child-route', key, ...forwarded], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let result: RouteResult | null = null;
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith(RESULT)) result = JSON.parse(line.slice(RESULT.length)) as RouteResult;
    else console.log(`  [${key}] ${line}`);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve(
        result ?? {
          route: key,
          fixtureError: `the child process ended (${code}) without a result: ${stderr.trim().split('\n').slice(-5).join(' | ')}`,
          properties: [],
          requests: 0,
          statuses: {},
          knownBugs: {},
        },
      );
    });
  });
}

if (args['child-route']) {
  const result = await runRoute(args['child-route']);
  console.log(RESULT + JSON.stringify(result));
} else {
  const { KNOWN_BUGS, routeKey } = await import('../test/helpers/route-fixtures.js');
  const selected = routes.map(routeKey).filter((key) => !args.route || key.includes(args.route));
  if (!selected.length) throw new Error(`No route matches --route ${args.route}`);
  const jobs = Math.max(1, Number(args.jobs) || 1);
  const started = Date.now();
  console.log(
    `fuzz-long on ${testDatabaseKind}: ${selected.length} routes, ${runs} runs per route and kind, ${jobs} at a time`,
  );

  const results: RouteResult[] = [];
  const queue = [...selected];
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let key = queue.shift(); key; key = queue.shift()) {
        const result = await runChild(key);
        results.push(result);
        if (result.fixtureError) console.log(`${key}: FIXTURE FAILED ${result.fixtureError}`);
        for (const p of result.properties) {
          console.log(
            `${key} ${p.kind}: ${p.numRuns} runs, ${p.requests} requests, ${p.seconds.toFixed(1)} s${p.failed ? ' FAILED' : ''}`,
          );
        }
      }
    }),
  );

  const sum = (records: Array<Record<string, number>>) => {
    const total: Record<string, number> = {};
    for (const r of records) for (const [k, n] of Object.entries(r)) total[k] = (total[k] ?? 0) + n;
    return total;
  };
  const properties = results.flatMap((r) => r.properties.map((p) => ({ route: r.route, ...p })));
  const statuses = sum(results.map((r) => r.statuses));
  const knownBugs = sum(results.map((r) => r.knownBugs));
  const failures = properties.filter((p) => p.failed);
  const fixtureFailures = results.filter((r) => r.fixtureError);
  console.log('');
  console.log(
    `cases run: ${properties.reduce((n, p) => n + p.numRuns, 0)} property runs over ${properties.length} properties of ${results.length} routes, ` +
      `${results.reduce((n, r) => n + r.requests, 0)} requests (shrinking included), ${((Date.now() - started) / 1000).toFixed(0)} s on ${testDatabaseKind}`,
  );
  console.log(
    `statuses: ${Object.entries(statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`,
  );
  console.log('known bugs (counted, not failures):');
  for (const bug of KNOWN_BUGS) console.log(`  ${bug.id}: ${knownBugs[bug.id] ?? 0} (${bug.description})`);
  console.log(`failures: ${failures.length + fixtureFailures.length}`);
  for (const r of fixtureFailures) console.log(`- ${r.route} [fixture]: ${r.fixtureError}`);
  for (const f of failures) {
    console.log(`- ${f.route} [${f.kind}]: ${f.message}`);
    if (f.counterexample) console.log(`    counterexample: ${f.counterexample.slice(0, 600)}`);
    console.log(
      `    replay: node_modules/.bin/node --import ./register.mjs scripts/fuzz-long.ts --route '${f.route}' --kind ${f.kind} --runs ${runs} --seed ${f.seed} --replay-path '${f.path ?? ''}'`,
    );
  }
  process.exitCode = failures.length + fixtureFailures.length ? 1 : 0;
}
