// The properties of test/fuzz.test.ts, run for much longer: every route of the table, every
// kind of bad input (wrong field values, bad shapes, bad path values), `--runs` runs each.
// Unlike the test it goes on after a failure and reports every failing route and kind, with
// what replays it.
//
//   node_modules/.bin/node --import ./register.mjs scripts/fuzz-long.ts --runs 2000
//   ... --route /products --kind path          only routes whose "METHOD /path" contains the text, one kind
//   ... --seed 123 --replay-path "4:0:1"       replay a reported counterexample (with its --route and --kind)
//   TEST_DB=postgres ...                       on PostgreSQL (TEST_DATABASE_URL) instead of PGlite
//
// Exit status 1 when a property failed.
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { routes } from '../rest-mappings/routes.js';
import { startTestApp } from '../test/helpers/app.js';
import { testDatabaseKind } from '../test/helpers/database.js';
import {
  fuzzProperty, fuzzTarget, kindsFor, KNOWN_BUGS, operationsOf, prepareFuzz, routeKey, type FuzzKind,
} from '../test/helpers/route-fixtures.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    route: { type: 'string' },
    kind: { type: 'string' },
    seed: { type: 'string' },
    'replay-path': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
if (args.kind && !['fields', 'shape', 'path'].includes(args.kind)) throw new Error('--kind is fields, shape or path');

const selected = routes.filter((r) => !args.route || routeKey(r).includes(args.route));
if (!selected.length) throw new Error(`No route matches --route ${args.route}`);

interface Failure { route: string; kind: FuzzKind | 'fixture'; message: string; seed?: number; path?: string | null; counterexample?: string }

const started = Date.now();
const operations = await operationsOf(routes);
const t = await startTestApp();
const env = await prepareFuzz(t, routes, operations);
const failures: Failure[] = [];
let propertyRuns = 0;
let properties = 0;
console.log(`fuzz-long on ${testDatabaseKind}: ${selected.length} routes, ${runs} runs per route and kind`);

try {
  for (const route of selected) {
    const key = routeKey(route);
    let target;
    try {
      target = await fuzzTarget(env, route);
    } catch (error) {
      failures.push({ route: key, kind: 'fixture', message: (error as Error).message });
      console.log(`${key}: FIXTURE FAILED ${(error as Error).message}`);
      continue;
    }
    for (const kind of kindsFor(route, operations).filter((k) => !args.kind || k === args.kind)) {
      const before = env.stats.cases;
      const routeStarted = Date.now();
      const details = await fc.check(fuzzProperty(env, target, kind), {
        numRuns: runs,
        ...(args.seed ? { seed: Number(args.seed) } : {}),
        ...(args['replay-path'] ? { path: args['replay-path'] } : {}),
      });
      properties++;
      propertyRuns += details.numRuns;
      if (details.failed) {
        failures.push({
          route: key, kind, seed: details.seed, path: details.counterexamplePath,
          message: String((details.errorInstance as Error | null)?.message ?? details.errorInstance),
          counterexample: details.counterexample ? fc.stringify(details.counterexample) : undefined,
        });
      }
      if (!args.quiet || details.failed) {
        console.log(`${key} ${kind}: ${details.numRuns} runs, ${env.stats.cases - before} requests, ${((Date.now() - routeStarted) / 1000).toFixed(1)} s${details.failed ? ' FAILED' : ''}`);
      }
    }
  }
} finally {
  await t.close();
}

const seconds = (Date.now() - started) / 1000;
const statuses = [...env.stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
console.log('');
console.log(`cases run: ${propertyRuns} property runs over ${properties} properties, ${env.stats.cases} requests (shrinking included), ${seconds.toFixed(0)} s on ${testDatabaseKind}`);
console.log(`statuses: ${statuses}`);
console.log('known bugs (counted, not failures):');
for (const bug of KNOWN_BUGS) console.log(`  ${bug.id}: ${env.stats.knownBugs.get(bug.id) ?? 0} — ${bug.description}`);
console.log(`failures: ${failures.length}`);
for (const f of failures) {
  console.log(`- ${f.route} [${f.kind}]: ${f.message}`);
  if (f.counterexample) console.log(`    counterexample: ${f.counterexample.slice(0, 600)}`);
  if (f.seed !== undefined) {
    console.log(`    replay: node_modules/.bin/node --import ./register.mjs scripts/fuzz-long.ts --route '${f.route}' --kind ${f.kind} --runs ${runs} --seed ${f.seed} --replay-path '${f.path ?? ''}'`);
  }
}
process.exitCode = failures.length ? 1 : 0;
