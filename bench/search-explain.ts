// Where a search's time goes: every statement a request of the mix runs (captured from the SQL log,
// values in place), each under EXPLAIN (ANALYZE, BUFFERS), on the configured database:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skincare_search1m node_modules/.bin/node --import ./register.mjs bench/search-explain.ts [--plans] [--only cream]
//   PGLITE_DIR=/tmp/searchscale/pglite100k node_modules/.bin/node --import ./register.mjs bench/search-explain.ts
// Each distinct request of the mix (bench/search-mix.ts) and each suggestion keystroke is sent once
// to warm up, then once more with its statements captured; each captured statement is explained
// twice and the second run kept (the first may read pages from disk). Printed per request: each
// statement's execution time, planning time and shared buffers (hit + read), then the sums; the
// buffers do not depend on the machine's load, the milliseconds do. `--plans` prints the plans.
import { readFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { searchMix, suggestionKeystrokes, tailBrands } from './search-mix.js';

const args = process.argv.slice(2);
const showPlans = args.includes('--plans');
// --cpu N: each request's statements also run N times more (not explained), and the CPU time they
// take is read: the PostgreSQL backend's from /proc/<pid>/stat (the server on this machine), or this
// process's (PGlite runs inside it). Unlike milliseconds, CPU time hardly moves with the load.
const cpuRounds = args.includes('--cpu') ? Number(args[args.indexOf('--cpu') + 1]) || 10 : 0;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', CACHE_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' });
let capture: string[] | null = null;
const orm = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  sqlLog: (line) => capture?.push(line),
});
const app = await buildApp({ config, orm, logger: false });
await app.ready();
const em = orm.em.fork() as EntityManager;
await em.execute('analyze product_search');

/** The statement of a query-log line: `[query] (prepared read_…) select … [took 3 ms, 1 result]`. */
const statementOf = (line: string) =>
  line
    .replace(/^\[query\]\s*/, '')
    .replace(/^\(prepared [^)]*\)\s*/, '')
    .replace(/\s*\[took [^\]]*\]\s*$/, '');

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
}
interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

async function explain(sql: string): Promise<{ exec: number; planning: number; buffers: number; text: string[] }> {
  let json: Explained | null = null;
  for (let i = 0; i < 2; i++) {
    const rows = await em.execute<Array<{ 'QUERY PLAN': unknown }>>(`explain (analyze, buffers, format json) ${sql}`);
    const value = rows[0]['QUERY PLAN'];
    json = (typeof value === 'string' ? JSON.parse(value) : value)[0] as Explained;
  }
  const text = showPlans
    ? (await em.execute<Array<{ 'QUERY PLAN': string }>>(`explain (analyze, buffers, costs off) ${sql}`)).map(
        (r) => r['QUERY PLAN'],
      )
    : [];
  return {
    exec: json!['Execution Time'],
    planning: json!['Planning Time'],
    buffers: (json!.Plan['Shared Hit Blocks'] ?? 0) + (json!.Plan['Shared Read Blocks'] ?? 0),
    text,
  };
}

/** CPU milliseconds so far: a backend's (utime + stime, clock ticks of 10 ms) or this process's. */
function cpuMs(backendPid: number): number {
  if (!backendPid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  const fields = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** CPU milliseconds of one run of the statements, on one connection (a transaction holds it). */
async function cpuOf(statements: string[]): Promise<number> {
  const run = async (tx: EntityManager) => {
    const [{ pid }] = config.databaseUrl
      ? await tx.execute<Array<{ pid: number }>>('select pg_backend_pid() as pid')
      : [{ pid: 0 }];
    for (const sql of statements) await tx.execute(sql);
    const started = cpuMs(pid);
    for (let i = 0; i < cpuRounds; i++) for (const sql of statements) await tx.execute(sql);
    return (cpuMs(pid) - started) / cpuRounds;
  };
  return config.databaseUrl ? em.transactional((tx) => run(tx as EntityManager)) : run(em);
}

const tail = await tailBrands(em);
const seen = new Set<string>();
const requests: Array<{ kind: string; label: string; send: () => Promise<{ statusCode: number; body: string }> }> = [];
for (const m of searchMix(tail, 120)) {
  const label = JSON.stringify(m.payload);
  if (seen.has(label)) continue;
  seen.add(label);
  requests.push({
    kind: m.kind,
    label,
    send: () => app.inject({ method: 'POST', url: '/products/search', payload: m.payload }),
  });
}
for (const q of new Set(suggestionKeystrokes(tail)))
  requests.push({
    kind: 'suggestion',
    label: q,
    send: () => app.inject({ method: 'GET', url: `/search/suggestions?query=${encodeURIComponent(q)}` }),
  });

const fmt = (n: number) => n.toFixed(1).padStart(7);
const totals = new Map<string, { exec: number[]; buffers: number[]; cpu: number[] }>();
console.log(
  `${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
for (const request of requests) {
  if (only && !request.label.includes(only)) continue;
  await request.send();
  capture = [];
  const response = await request.send();
  const lines = capture;
  capture = null;
  if (response.statusCode !== 200)
    throw new Error(`${request.label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  const results = (JSON.parse(response.body) as { items?: unknown[]; products?: unknown[] }).items?.length;
  let exec = 0;
  let buffers = 0;
  const parts: string[] = [];
  for (const line of lines) {
    const sql = statementOf(line);
    if (!/^\s*(select|with)\b/i.test(sql)) continue;
    const e = await explain(sql);
    exec += e.exec;
    buffers += e.buffers;
    parts.push(
      `    ${fmt(e.exec)} ms exec ${fmt(e.planning)} ms plan ${String(e.buffers).padStart(7)} buffers  ${sql.replace(/\s+/g, ' ').slice(0, 90)}`,
    );
    for (const t of e.text) parts.push(`      ${t}`);
  }
  const cpu = cpuRounds ? await cpuOf(lines.map(statementOf).filter((sql) => /^\s*(select|with)\b/i.test(sql))) : 0;
  const sum = totals.get(request.kind) ?? { exec: [], buffers: [], cpu: [] };
  sum.exec.push(exec);
  sum.buffers.push(buffers);
  sum.cpu.push(cpu);
  totals.set(request.kind, sum);
  console.log(
    `${request.kind.padEnd(12)} ${request.label.padEnd(80)} ${fmt(exec)} ms ${String(buffers).padStart(7)} buffers${cpuRounds ? ` ${fmt(cpu)} ms CPU` : ''}${results === undefined ? '' : `, ${results} results`}`,
  );
  for (const p of parts) console.log(p);
}
console.log(
  `\nper kind: execution time (sum of a request's statements) max / mean, buffers max / mean${cpuRounds ? ', CPU ms max / mean' : ''}`,
);
for (const [kind, t] of totals) {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `  ${kind.padEnd(12)} ${fmt(Math.max(...t.exec))} / ${fmt(mean(t.exec))} ms   ${Math.max(...t.buffers)} / ${mean(t.buffers).toFixed(0)} buffers${cpuRounds ? `   ${fmt(Math.max(...t.cpu))} / ${fmt(mean(t.cpu))} ms CPU` : ''}`,
  );
}
await app.close();
await orm.close();
