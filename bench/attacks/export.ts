// Issue 37, re-run: what GET /my/export of a very large account and a burst of Idempotency-Keys
// cost a server now.
//
// 1. export: an account with N analyses (default 10,000) of 20,000-character lists, inserted in
//    bulk (one analysis through the API, then copied in the database), exported over a real HTTP
//    socket (the server listening on 127.0.0.1) by a client that counts the bytes and checks the
//    JSON's structure as it streams by without keeping it, while /health is polled every 200 ms.
//    Pass: 200, a complete well-formed document holding every analysis, RSS growth < 100 MB,
//    /health answering throughout within 1 s.
// 2. keys: 1,000 keyed anonymous POSTs from one address, then (simulated clock) a normal keyed POST
//    5 minutes later. Pass: it is accepted (the old allowance refused every key for 24 h).
//
// Usage: node --expose-gc --import ./register.mjs bench/attacks/export.ts [--analyses 10000] [--only export|keys]
//        [--no-analyze] (leave the statistics as the bulk insert left them)
// (TEST_DB=postgres for PostgreSQL). Throwaway database, as the tests'.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app.js';
import { Authenticator } from '../../src/auth.js';
import type { EntityManager } from '../../src/db.js';
import { newId } from '../../src/modules/shared/ids.js';
import { cloneRow } from '../../test/helpers/bulk-rows.js';
import { startAttackApp } from './attack-app.js';

const arg = (name: string, fallback: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const analyses = Number(arg('--analyses', '10000'));
const only = arg('--only', '');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const out: string[] = [];

// The tests' throwaway database (PGlite, or PostgreSQL with TEST_DB=postgres), seeded; no response cache.
const attackApp = await startAttackApp({ CACHE_ENABLED: 'false' });
const { orm, config, app: server } = attackApp;
const sql = (query: string, params: unknown[] = []) =>
  (orm.em.fork() as EntityManager).getConnection().execute(query, params) as Promise<Array<Record<string, unknown>>>;

/** A checker of JSON structure fed chunk by chunk: depth, strings, rows opened at the rows' depth. */
function structureChecker(rowDepth: number) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let rows = 0;
  let last = '';
  let broken: string | null = null;
  return {
    feed(chunk: string) {
      for (const c of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') {
          depth++;
          if (c === '{' && depth === rowDepth) rows++;
        } else if (c === '}' || c === ']') {
          depth--;
          if (depth < 0) broken ??= 'closes more than it opens';
        }
        if (c.trim()) last = c;
      }
    },
    result: () => ({ rows, complete: !broken && depth === 0 && !inString && last === '}', broken }),
  };
}

if (!only || only === 'export') {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  await sql(
    `insert into app_user (id, subject, username, user_type, bio, email, created_at, updated_at)
     values (?, 'bench|exporter', 'bench-exporter', 'member', '', 'exporter@example.com', now(), now())`,
    [newId()],
  );
  const token = await new Authenticator(config.auth).sign({ sub: 'bench|exporter' });
  // One analysis of a 20,000-character list through the API, then copied.
  // Distinct names of the knowledge base, so every entry is one (a label repeating itself is read as one entry each).
  const words = (await sql('select name from ingredient order by name limit 3000')).map((r) => String(r.name));
  let list = '';
  for (let i = 0; list.length < 20_000; i++) list += `${i ? ', ' : ''}${words[i % words.length]}`;
  list = list.slice(0, 20_000);
  const setupStart = performance.now();
  const created = await server.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    headers: { authorization: `Bearer ${token}` },
    payload: { ingredient_list: list },
  });
  if (created.statusCode !== 201) throw new Error(`analysis: ${created.statusCode} ${created.body.slice(0, 300)}`);
  const [first] = await sql(
    'select id, octet_length(ingredient_list) + octet_length(entries::text) as bytes from ingredient_analysis ' +
      'where owner_id = (select id from app_user where username = ?)',
    ['bench-exporter'],
  );
  for (let done = 1; done < analyses; done += 1000)
    await cloneRow(sql, 'ingredient_analysis', String(first.id), Math.min(1000, analyses - done), ['token'], done);
  // A bulk load leaves the planner's statistics behind, as the OBF importer says (it runs the same): with
  // them, each page is an index range of (owner_id, id); without, a sort of all the person's analyses.
  if (!process.argv.includes('--no-analyze')) await sql('analyze ingredient_analysis');
  const setupSeconds = (performance.now() - setupStart) / 1000;

  // /health every 200 ms throughout.
  const health: number[] = [];
  let healthFailures = 0;
  let exporting = true;
  const poll = (async () => {
    while (exporting) {
      const start = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: '/health', timeout: 5000 }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('timeout', () => req.destroy());
        req.on('error', () => resolve(0));
        req.end();
      });
      health.push(performance.now() - start);
      if (status !== 200) healthFailures++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const start = performance.now();
  const checker = structureChecker(5); // document { sections [ section { rows [ row {
  const answer = await new Promise<{ status: number; bytes: number; firstByteMs: number }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/my/export', headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        let firstByteMs = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!bytes) firstByteMs = performance.now() - start;
          bytes += Buffer.byteLength(chunk);
          checker.feed(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, firstByteMs }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  exporting = false;
  await poll;
  const { rows, complete, broken } = checker.result();
  const growth = peak - rssBefore;
  const slowest = Math.max(...health);
  const pass =
    answer.status === 200 &&
    complete &&
    rows >= analyses &&
    growth < 100 * 1024 * 1024 &&
    slowest < 1000 &&
    !healthFailures;
  out.push(
    `export (${process.env.TEST_DB ?? 'pglite'}): ${analyses} analyses of ${list.length}-character lists (${(Number(first.bytes) / 1024).toFixed(0)} kB of list and entries each, set up in ${setupSeconds.toFixed(0)} s)`,
    `  GET /my/export -> ${answer.status}, ${mb(answer.bytes)} in ${seconds.toFixed(1)} s (${mb(answer.bytes / seconds)}/s), first byte after ${answer.firstByteMs.toFixed(0)} ms`,
    `  structure: ${complete ? 'complete' : `INCOMPLETE (${broken ?? 'cut'})`}, ${rows} rows (${analyses} analyses + the seeded account's others)`,
    `  RSS ${mb(rssBefore)} -> peak ${mb(peak)} (growth ${mb(growth)})`,
    `  /health: ${health.length} polls, slowest ${slowest.toFixed(0)} ms, median ${health.sort((a, b) => a - b)[Math.floor(health.length / 2)].toFixed(0)} ms, ${healthFailures} not 200`,
    `  ${pass ? 'PASS' : 'FAIL'}`,
  );
}

if (!only || only === 'keys') {
  let now = Date.now();
  const app = await buildApp({ config, orm, logger: false, clock: () => new Date(now) });
  const statuses = new Map<number, number>();
  const start = performance.now();
  let retryAfter = '';
  for (let i = 0; i < 1000; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      remoteAddress: '10.37.9.9',
      headers: { 'idempotency-key': `burst-${i}` },
      payload: { ingredient_list: 'Aqua, Glycerin, Niacinamide' },
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode === 429) retryAfter ||= String(response.headers['retry-after']);
  }
  const burstSeconds = (performance.now() - start) / 1000;
  now += 5 * 60 * 1000;
  const later = await app.inject({
    method: 'POST',
    url: '/analyze/ingredient_list',
    remoteAddress: '10.37.9.9',
    headers: { 'idempotency-key': 'after-five-minutes' },
    payload: { ingredient_list: 'Aqua, Glycerin' },
  });
  const [{ n, bytes }] = await sql(
    'select count(*)::int as n, coalesce(sum(octet_length(body)), 0)::int as bytes from idempotency_record',
  );
  out.push(
    `keys: 1,000 keyed anonymous POSTs from one address in ${burstSeconds.toFixed(0)} s -> ${[...statuses].map(([s, c]) => `${c} x ${s}`).join(', ')} (first Retry-After ${retryAfter || '-'} s; window ${config.idempotencyMaxKeysPerCaller} keys / ${config.idempotencyKeyWindowSeconds} s)`,
    `  a keyed POST 5 minutes later (simulated clock) -> ${later.statusCode} ${later.statusCode === 201 ? 'PASS' : 'FAIL'}; store: ${n} records, ${mb(Number(bytes))} of bodies (bounds ${config.idempotencyMaxRecords} records, ${mb(config.idempotencyMaxBytes)})`,
  );
  await app.close();
}

await attackApp.close();
console.log(out.join('\n'));
