// A mixed load against the server on PostgreSQL: reads (anonymous and signed in), searches,
// analyses and writes, with autocannon at 100 connections for 60 s (rate limits off by
// configuration). Reports, per request kind: latency, req/s and its ratio to the one-statement
// product detail route (bench/one-statement-routes.ts) measured in the same run on the same
// database, and the statuses of failures by route; overall req/s, p50/p99, and the server's memory
// after warm-up and at the end. Creates its own database (skincare_hardening_load_*) and drops it.
// Ingredient pages name aliases from the whole EU inventory, its longest ones included (a path
// segment limit under the longest alias shows here as 400s).
//
// --per-kind S: before the mix, each kind ALONE for S s at --kind-connections (20): CPU ms per
// request of the server process and of its database backends (/proc), req/s, p50. With --profile
// DIR, a CPU profile of the server during each kind alone and during the mix (top frames printed);
// with --heap DIR, heap snapshots after warm-up and at the end, and the types that grew.
// --cache off runs the server without its response cache (per-kind figures are of the work itself).
// Usage: npm run bench:load-mixed [-- --seconds 60 --connections 100 --warmup 30 --per-kind 6
//   --kind-connections 20 --only search --cache off --profile DIR --heap DIR --anchor-seconds 10]
// Env: HARDENING_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import {
  admin,
  check,
  createDatabase,
  freePort,
  option,
  rssMb,
  startServer,
  stopServer,
  token,
} from '../scripts/hardening-lib.js';
import { startBenchServer } from './bench-server.js';
import { mixOf, type Kind } from './load-mixed-kinds.js';
import { heapGrowth, summariseHeap, summariseProfile } from './profile-summary.js';
import { cpuSeconds, KindStats, median } from './load-mixed-stats.js';

const text = (name: string): string | undefined => {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const seconds = option('seconds', 60);
const connections = option('connections', 100);
const warmup = option('warmup', 30);
const perKind = option('per-kind', 0);
const kindConnections = option('kind-connections', 20);
const anchorSeconds = option('anchor-seconds', 10);
const profileDir = text('profile');
const heapDir = text('heap');
const only = text('only');
for (const dir of [profileDir, heapDir]) if (dir) mkdirSync(dir, { recursive: true });

const db = await createDatabase('load');
const probePort = await freePort();
const server = await startServer({
  DATABASE_URL: db.url,
  RATE_LIMIT_ENABLED: 'false',
  CACHE_ENABLED: text('cache') === 'off' ? 'false' : 'true',
  PROBE_PORT: String(probePort),
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(import.meta.dirname, 'server-probe.mjs')}`.trim(),
  ...(process.env.REDIS_URL ? { REDIS_PREFIX: `skincare-load-${process.pid}:` } : {}),
});
const anchor = await startBenchServer({ DATABASE_URL: db.url, ANCHOR_POOL: '10' }, 'bench/one-statement-routes.ts');
const probe = async (what: string, file = '') =>
  (await fetch(`http://127.0.0.1:${probePort}/${what}?file=${encodeURIComponent(file)}`, { method: 'POST' })).text();
const serverCpu = () => cpuSeconds(server.child.pid, db.name);
try {
  const base = server.base;
  const products = (
    (await (await fetch(`${base}/products?limit=50`)).json()) as { items: Array<{ alias: string }> }
  ).items.map((p) => p.alias);
  // Ingredient pages over the whole inventory: the listing's first page, a sample of the rest, and the longest aliases.
  const inventory = await admin(
    (c) =>
      c.query<{ alias: string }>(
        `(select alias from ingredient order by random() limit 200)
         union (select alias from ingredient order by length(alias) desc, alias limit 20)`,
      ),
    db.url,
  );
  const listed = ((await (await fetch(`${base}/ingredients?limit=100`)).json()) as { items: Array<{ alias: string }> })
    .items;
  const ingredients = [...new Set([...listed.map((i) => i.alias), ...inventory.rows.map((r) => r.alias)])];
  const longest = Math.max(...ingredients.map((a) => a.length));
  console.log(`${products.length} products, ${ingredients.length} ingredient aliases (longest ${longest} characters)`);
  const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => token(`load|user-${i}`)));
  // Create the users before the load (their first call creates them).
  for (const t of tokens) await fetch(`${base}/my/favorite_products`, { headers: { authorization: `Bearer ${t}` } });
  const mix = mixOf(products, ingredients, tokens);

  /** autocannon over `kinds` (by weight) against `url`; per-kind latency and statuses. */
  const run = (kinds: Kind[], duration: number, clients: number, url = base) => {
    const stats = new KindStats(kinds);
    const total = kinds.reduce((s, k) => s + k.weight, 0);
    let answered: { kind: string; status: number } | null = null;
    return new Promise<{ result: autocannon.Result; stats: KindStats }>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections: clients,
          duration,
          timeout: 30,
          requests: [
            {
              setupRequest: (request, context) => {
                let r = Math.random() * total;
                const kind = kinds.find((k) => (r -= k.weight) < 0) ?? kinds[0];
                (context as { kind?: string }).kind = kind.name;
                return { ...request, ...kind.request() };
              },
              // Called just before the 'response' event of the same answer, on one connection at a time.
              onResponse: (status, _body, context) => {
                answered = { kind: (context as { kind: string }).kind, status };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve({ result, stats })),
      );
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
        if (answered) stats.add(answered.kind, answered.status, ms);
        answered = null;
      });
    });
  };
  const anchorDetail = async (clients: number) => {
    const kind: Kind = {
      name: 'one SQL statement: GET /products/:alias',
      weight: 1,
      request: () => ({ method: 'GET', path: `/products/${products[Math.floor(Math.random() * products.length)]}` }),
    };
    const before = await cpuSeconds(anchor.server.pid, db.name);
    const { result } = await run([kind], anchorSeconds, clients, anchor.base);
    const after = await cpuSeconds(anchor.server.pid, db.name);
    const cpu = after.server + after.database - before.server - before.database;
    return { rps: result.requests.total / anchorSeconds, cpuMs: (cpu * 1000) / result.requests.total };
  };
  const printProfile = (file: string, label: string) => {
    const { busyMs, frames, places } = summariseProfile(file, 12);
    console.log(`\nCPU profile, ${label}: ${busyMs.toFixed(0)} ms busy (main thread)`);
    console.log('| top frames (self) | ms | share |\n| --- | ---: | ---: |');
    for (const f of frames) console.log(`| ${f.name} | ${f.ms.toFixed(0)} | ${(f.share * 100).toFixed(1)}% |`);
    console.log('| by place | ms | share |\n| --- | ---: | ---: |');
    for (const f of places) console.log(`| ${f.name} | ${f.ms.toFixed(0)} | ${(f.share * 100).toFixed(1)}% |`);
  };

  if (perKind) {
    const anchorAlone = await anchorDetail(kindConnections);
    console.log(`\nEach kind alone, ${kindConnections} connections, ${perKind} s (after 2 s of warm-up each):`);
    const rows: string[] = [];
    for (const kind of mix.filter((k) => !only || k.name.includes(only))) {
      await run([kind], 2, kindConnections);
      if (profileDir) await probe('cpu/start');
      const before = await serverCpu();
      const { result, stats } = await run([kind], perKind, kindConnections);
      const used = await serverCpu();
      const n = result.requests.total;
      if (profileDir) {
        const file = join(profileDir, `${kind.name.replace(/\W+/g, '-')}.cpuprofile`);
        await probe('cpu/stop', file);
        printProfile(file, `${kind.name} alone`);
      }
      rows.push(
        `| ${kind.name} | ${(n / perKind).toFixed(0)} | ${((n / perKind / anchorAlone.rps) * 1000).toFixed(0)} | ${median(stats.of(kind.name).ms).toFixed(0)} | ${(((used.server - before.server) * 1000) / n).toFixed(2)} | ${(((used.database - before.database) * 1000) / n).toFixed(2)} | ${stats.failures(kind.name) || 0} |`,
      );
    }
    console.log(
      `\n| kind alone | req/s | per mille of one statement (${anchorAlone.rps.toFixed(0)} req/s) | p50 ms | server CPU ms/req | database CPU ms/req | non-2xx |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
  }
  if (seconds) await mixed();

  async function mixed() {
    console.log(`\nwarm-up: ${warmup} s`);
    await run(mix, warmup, connections);
    const anchorBefore = await anchorDetail(connections);
    const memoryStart = JSON.parse(await probe('gc')) as NodeJS.MemoryUsage;
    const rssStart = rssMb(server.child.pid!);
    if (heapDir) await probe('heap', join(heapDir, 'after-warm-up.heapsnapshot'));
    console.log(`load: ${seconds} s at ${connections} connections (RSS after warm-up ${rssStart.toFixed(0)} MB)`);
    // Memory every 10 s: RSS of the process and V8's used heap (from /metrics).
    const heapMb = async () => {
      const metrics = await (await fetch(`${base}/metrics`)).text();
      return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN) / 1024 / 1024;
    };
    const samples: string[] = [];
    const sampler = setInterval(() => {
      void heapMb().then((heap) => samples.push(`${rssMb(server.child.pid!).toFixed(0)}/${heap.toFixed(0)}`));
    }, 10_000);
    const heapStart = await heapMb();
    if (profileDir) await probe('cpu/start');
    const cpuBefore = await serverCpu();
    const { result, stats } = await run(mix, seconds, connections);
    const cpuAfter = await serverCpu();
    clearInterval(sampler);
    if (profileDir) {
      await probe('cpu/stop', join(profileDir, 'mix.cpuprofile'));
      printProfile(join(profileDir, 'mix.cpuprofile'), 'the mix');
    }
    const anchorAfter = await anchorDetail(connections);
    console.log(`RSS/heap used (MB) every 10 s: ${heapStart.toFixed(0)} heap at start, then ${samples.join(', ')}`);
    await new Promise((r) => setTimeout(r, 2000));
    const memoryEnd = JSON.parse(await probe('gc')) as NodeJS.MemoryUsage;
    const rssEnd = rssMb(server.child.pid!);
    const mb = (m: NodeJS.MemoryUsage) =>
      `RSS ${(m.rss / 2 ** 20).toFixed(0)}, V8 heap committed ${(m.heapTotal / 2 ** 20).toFixed(0)} (used ${(m.heapUsed / 2 ** 20).toFixed(0)}), external ${(m.external / 2 ** 20).toFixed(0)} (array buffers ${(m.arrayBuffers / 2 ** 20).toFixed(0)})`;
    console.log(`memory after a full GC (MB), after warm-up: ${mb(memoryStart)}\n  at the end: ${mb(memoryEnd)}`);
    if (heapDir) {
      await probe('heap', join(heapDir, 'end.heapsnapshot'));
      const before = summariseHeap(join(heapDir, 'after-warm-up.heapsnapshot'));
      const after = summariseHeap(join(heapDir, 'end.heapsnapshot'));
      const growth = heapGrowth(before, after);
      const total = (m: Map<string, { bytes: number }>) => [...m.values()].reduce((n, t) => n + t.bytes, 0) / 1e6;
      console.log(
        `\nheap snapshots (after GC): ${total(before).toFixed(1)} MB of objects after warm-up, ${total(after).toFixed(1)} at the end`,
      );
      console.log('| heap type (after GC) | count after warm-up → end | self MB after warm-up → end |');
      console.log('| --- | ---: | ---: |');
      for (const g of growth)
        console.log(
          `| ${g.type} | ${g.before.count} → ${g.after.count} | ${(g.before.bytes / 1e6).toFixed(2)} → ${(g.after.bytes / 1e6).toFixed(2)} |`,
        );
    }
    const anchorRps = (anchorBefore.rps + anchorAfter.rps) / 2;
    const rps = result.requests.total / seconds;
    const n = result.requests.total;
    console.log(
      `\nMixed load on PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}: ${connections} connections, ${seconds} s; ` +
        `one SQL statement (product detail) ${anchorBefore.rps.toFixed(0)} req/s before, ${anchorAfter.rps.toFixed(0)} after`,
    );
    console.log(
      '| requests | req/s | of one statement | p50 ms | p99 ms | errors | non-2xx | server / database CPU ms per request | RSS after warm-up | RSS at end |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${n} | ${rps.toFixed(0)} | ${(rps / anchorRps).toFixed(3)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.non2xx} | ${(((cpuAfter.server - cpuBefore.server) * 1000) / n).toFixed(2)} / ${(((cpuAfter.database - cpuBefore.database) * 1000) / n).toFixed(2)} | ${rssStart.toFixed(0)} MB | ${rssEnd.toFixed(0)} MB |`,
    );
    console.log(
      '\n| kind | requests | req/s | per mille of one statement | p50 ms | p99 ms | failures (status × count) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const row of stats.rows(seconds, anchorRps)) console.log(row);
    check(result.errors === 0 && result.non2xx === 0, 'no errors');
    check(
      rssEnd <= rssStart * 1.1,
      `RSS at the end within 10% of after warm-up (${((rssEnd / rssStart - 1) * 100).toFixed(1)}%)`,
    );
    check(result.latency.p99 < 300, `p99 under 300 ms (${result.latency.p99}; on a quiet machine)`);
    check(rps / anchorRps >= 0.1, `req/s at least 0.1 of one statement (${(rps / anchorRps).toFixed(3)})`);
  }
} finally {
  await stopServer(server);
  anchor.server.kill('SIGTERM');
  await new Promise((r) => anchor.server.once('exit', r));
  await db.drop();
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL);
    const keys = await redis.keys(`skincare-load-${process.pid}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}
