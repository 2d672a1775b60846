// Reads three ways in one run, in alternating rounds so all three see the same machine load:
// the anchor (bench/one-statement-routes.ts: Fastify + node-postgres, ONE SQL statement building
// the same JSON), the REST layer, and the same named operation sent to POST /graphql. Before
// timing, each request's three answers must be deep-equal (parsed JSON, key order aside).
// Response cache and rate limits off. Reports req/s, p50, p99 (medians over the rounds) and each
// route's req/s as a ratio of the anchor's. --apq adds a fourth route: the same operation sent to
// POST /graphql as an automatic persisted query, its sha256 only. --baseline DIR adds another
// checkout's REST layer (a before/after in the same run; its answers are not compared).
// Usage: npm run bench:rest-vs-graphql [-- --apq --baseline DIR --only detail,list20,list50,routines,user-routines
//          | --list (the four list pages) --seconds 5 --rounds 3 --warmup 2 --connections 20 --pglite]
// Database: DATABASE_URL (PostgreSQL: seeded with the demo data if empty, left in place for the
// next run), else a throwaway database on HARDENING_PG_URL's server, dropped at the end. --pglite:
// the REST layer and POST /graphql on a fresh PGlite folder, no anchor (it is PostgreSQL-only).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import assert from 'node:assert/strict';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { print } from 'graphql';
import { loadOperations } from '../src/rest/documents.js';
import { admin, createDatabase } from '../scripts/hardening-lib.js';
import { startBenchServer } from './bench-server.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'detail,list20,list50,routines,user-routines' },
    list: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    pglite: { type: 'boolean', default: false },
    apq: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const warmup = Number(args.warmup);
const connections = Number(args.connections);

interface Kind {
  title: string;
  /** The REST path (also the anchor's), given the demo data's first product and busiest routine author. */
  path: (p: { alias: string; username: string }) => string;
  operation: string;
  variables: (p: { alias: string; username: string }) => Record<string, unknown>;
}
const KINDS: Record<string, Kind> = {
  detail: {
    title: 'GET /products/:alias',
    path: (p) => `/products/${p.alias}`,
    operation: 'GetProduct',
    variables: (p) => ({ id_or_alias: p.alias }),
  },
  list20: {
    title: 'GET /products?limit=20',
    path: () => '/products?limit=20',
    operation: 'ListProducts',
    variables: () => ({ limit: 20 }),
  },
  list50: {
    title: 'GET /products?limit=50',
    path: () => '/products?limit=50',
    operation: 'ListProducts',
    variables: () => ({ limit: 50 }),
  },
  routines: { title: 'GET /routines', path: () => '/routines', operation: 'ListRoutines', variables: () => ({}) },
  'user-routines': {
    title: 'GET /users/:u/routines',
    path: (p) => `/users/${p.username}/routines`,
    operation: 'ListUserRoutines',
    variables: (p) => ({ id_or_username: p.username }),
  },
};
const chosen = (args.list ? 'list20,list50,routines,user-routines' : args.only)
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
for (const k of chosen)
  if (!KINDS[k]) throw new Error(`--only: unknown request "${k}" (known: ${Object.keys(KINDS).join(', ')})`);

// Both servers derive the cursor key from these, so signed cursors compare equal.
const env: Record<string, string> = {
  CACHE_ENABLED: 'false',
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: 'http://bench.invalid',
  AUTH_JWT_SECRET: 'bench-anchor-secret-of-at-least-32-characters',
  IDP_WEBHOOK_SECRET: 'bench-anchor-idp-secret',
};
/**
 * CPU seconds used so far by a server process and by the PostgreSQL backends connected to its
 * database (PGlite runs inside the server). Per round, this over the requests answered is the work
 * a request costs wherever it runs: unlike req/s, it hardly moves with the machine's load.
 */
async function cpuSeconds(pid: number | undefined, database: string | undefined): Promise<number> {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return 0; // a backend that ended between the listing and the reading
    }
  };
  let total = pid ? ticks(pid) : 0;
  if (database) {
    const name = new URL(database).pathname.slice(1);
    const backends = await admin((c) =>
      c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        name,
      ]),
    );
    for (const b of backends.rows) total += ticks(b.pid);
  }
  return total / 100; // USER_HZ
}

/** A server's process and its database: where a route's CPU is counted. */
interface Side {
  pid?: number;
  database?: string;
}

const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
if (!args.pglite) {
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  else {
    const db = await createDatabase('anchor');
    env.DATABASE_URL = db.url;
    dropDatabase = db.drop;
  }
} else {
  delete process.env.DATABASE_URL;
}

try {
  const app = await startBenchServer(env);
  children.push(app.server);
  const anchor = args.pglite
    ? null
    : await startBenchServer({ ...env, ANCHOR_POOL: '10' }, 'bench/one-statement-routes.ts');
  if (anchor) children.push(anchor.server);
  // --baseline DIR: another checkout's REST layer (its own bench/server.ts, on a database of its
  // own seeded by itself with the same demo data), measured in the same alternating rounds.
  let baseline: { base: string; label: string; side: Side } | null = null;
  if (args.baseline) {
    const dir = resolve(args.baseline);
    const label = `REST layer, before (${execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim()})`;
    const baseEnv = { ...env };
    if (!args.pglite) {
      const db = await createDatabase('baseline');
      baseEnv.DATABASE_URL = db.url;
      const dropFirst = dropDatabase;
      dropDatabase = async () => {
        await db.drop();
        await dropFirst?.();
      };
    }
    const started = await startBenchServer(baseEnv, join(dir, 'bench/server.ts'), dir);
    children.push(started.server);
    if (baseEnv.DATABASE_URL) await admin((c) => c.query('analyze'), baseEnv.DATABASE_URL);
    baseline = { base: started.base, label, side: { pid: started.server.pid, database: baseEnv.DATABASE_URL } };
  }

  // Planner statistics for both sides (a freshly seeded database has none until autovacuum runs).
  if (env.DATABASE_URL) await admin((c) => c.query('analyze'), env.DATABASE_URL);

  const getJson = async (url: string) => (await fetch(url)).json() as Promise<unknown>;
  const alias = ((await getJson(`${app.base}/products?limit=1`)) as { items: Array<{ alias: string }> }).items[0].alias;
  // The author of the most published routines: the busiest GET /users/:u/routines page.
  const owners = new Map<string, number>();
  for (const r of (
    (await getJson(`${app.base}/routines?limit=100`)) as { items: Array<{ owner: { username: string } }> }
  ).items) {
    owners.set(r.owner.username, (owners.get(r.owner.username) ?? 0) + 1);
  }
  const username = [...owners].sort((a, b) => b[1] - a[1])[0][0];
  const operations = loadOperations('rest-mappings');
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };

  type Row = {
    kind: string;
    route: string;
    bytes: number;
    rps: number[];
    /** CPU ms per request, server and database backends, per round. */
    cpu: number[];
    p50: number[];
    p99: number[];
    errors: number;
  };
  const rows: Row[] = [];
  for (const key of chosen) {
    const kind = KINDS[key];
    const path = kind.path({ alias, username });
    const op = operations.get(kind.operation)!;
    // The very document the REST route runs (snake_case aliases, fragments), sent over HTTP instead.
    const query = print(op.document);
    const body = JSON.stringify({ query, operationName: op.name, variables: kind.variables({ alias, username }) });
    // --apq: the same operation as a persisted query, by its sha256 alone (registered just below).
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    const byHash = JSON.stringify({
      operationName: op.name,
      variables: kind.variables({ alias, username }),
      extensions: { persistedQuery },
    });

    // Same answer from all: checked before timing.
    const restText = await (await fetch(`${app.base}${path}`)).text();
    const rest = JSON.parse(restText);
    const viaGraphql = (await (await fetch(`${app.base}/graphql`, { ...post, body })).json()) as {
      data?: Record<string, unknown>;
    };
    if (!isDeepStrictEqual(viaGraphql.data?.[op.rootKey], rest))
      throw new Error(`${kind.title}: POST /graphql answers differently: ${JSON.stringify(viaGraphql).slice(0, 300)}`);
    if (anchor) {
      const fromAnchor = await getJson(`${anchor.base}${path}`);
      // deepStrictEqual's message shows where the two bodies part.
      if (!isDeepStrictEqual(fromAnchor, rest))
        assert.deepStrictEqual(
          fromAnchor,
          rest,
          `${kind.title}: the one-statement route answers differently from REST`,
        );
    }
    if (baseline) {
      // The same path answers on the other checkout (its body may differ: it is the old code).
      const status = (await fetch(`${baseline.base}${path}`)).status;
      if (status !== 200) throw new Error(`${kind.title}: the baseline answers ${status}`);
    }
    if (args.apq) {
      await fetch(`${app.base}/graphql`, {
        ...post,
        body: JSON.stringify({ ...JSON.parse(body), extensions: { persistedQuery } }),
      });
      const viaHash = (await (await fetch(`${app.base}/graphql`, { ...post, body: byHash })).json()) as {
        data?: Record<string, unknown>;
      };
      if (!isDeepStrictEqual(viaHash.data?.[op.rootKey], rest))
        throw new Error(
          `${kind.title}: the persisted query answers differently: ${JSON.stringify(viaHash).slice(0, 300)}`,
        );
    }

    const appSide: Side = { pid: app.server.pid, database: env.DATABASE_URL };
    const targets: Array<{ route: string; options: autocannon.Options; side: Side }> = [
      ...(anchor
        ? [
            {
              route: 'one SQL statement',
              options: { url: `${anchor.base}${path}` },
              side: { pid: anchor.server.pid, database: env.DATABASE_URL },
            },
          ]
        : []),
      { route: 'REST layer', options: { url: `${app.base}${path}` }, side: appSide },
      ...(baseline
        ? [{ route: baseline.label, options: { url: `${baseline.base}${path}` }, side: baseline.side }]
        : []),
      { route: 'POST /graphql', options: { url: `${app.base}/graphql`, ...post, body }, side: appSide },
      ...(args.apq
        ? [
            {
              route: 'POST /graphql, persisted query (hash only)',
              options: { url: `${app.base}/graphql`, ...post, body: byHash },
              side: appSide,
            },
          ]
        : []),
    ];
    const measured = targets.map((t) => ({
      kind: kind.title,
      route: t.route,
      bytes: Buffer.byteLength(restText),
      rps: [] as number[],
      cpu: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      errors: 0,
    }));
    for (const t of targets) await autocannon({ ...t.options, connections, duration: warmup });
    for (let round = 0; round < rounds; round++) {
      // Each round starts with another route, so none always runs first or last.
      for (let i = 0; i < targets.length; i++) {
        const j = (i + round) % targets.length;
        const { side } = targets[j];
        const before = await cpuSeconds(side.pid, side.database);
        const r = await autocannon({ ...targets[j].options, connections, duration: seconds });
        const used = (await cpuSeconds(side.pid, side.database)) - before;
        measured[j].rps.push(r.requests.average);
        measured[j].cpu.push((used * 1000) / Math.max(1, r.requests.total));
        measured[j].p50.push(r.latency.p50);
        measured[j].p99.push(r.latency.p99);
        measured[j].errors += r.errors + r.non2xx + r.timeouts;
      }
    }
    rows.push(...measured);
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `\n${args.pglite ? 'PGlite' : 'PostgreSQL'}, ${connections} connections, ${rounds} alternating rounds of ${seconds} s (medians), response cache off; load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| request | route | req/s | p50 ms | p99 ms | req/s per round | errors | vs one SQL statement | CPU ms/request (server + database) | CPU vs one SQL statement |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const anchorRow = rows.find((a) => a.kind === r.kind && a.route === 'one SQL statement');
    const ratio = anchorRow ? (median(r.rps) / median(anchorRow.rps)).toFixed(3) : '–';
    const cpuRatio = anchorRow ? (median(r.cpu) / median(anchorRow.cpu)).toFixed(2) : '–';
    const kind = `${r.kind} (${(r.bytes / 1000).toFixed(1)} kB)`;
    console.log(
      `| ${kind} | ${r.route} | ${thousands(median(r.rps))} | ${median(r.p50)} | ${median(r.p99)} | ${r.rps.map(thousands).join(', ')} | ${r.errors} | ${ratio} | ${median(r.cpu).toFixed(2)} | ${cpuRatio} |`,
    );
  }
  if (rows.some((r) => r.errors)) process.exitCode = 1;
} finally {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await dropDatabase?.();
}
