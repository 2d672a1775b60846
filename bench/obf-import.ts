// Times import:obf on a generated export (bench/obf-generate.ts), then measures search and
// similar products on the result. PostgreSQL when DATABASE_URL is set (use a throwaway database:
// it is written to), else a fresh PGlite folder under /tmp. Reports wall-clock rates, CPU seconds
// (this process, and the PostgreSQL backends it used, read from /proc), and RSS at start, middle
// and end. On a shared machine the CPU figures say more than the wall clock.
//   node --import ./register.mjs bench/obf-import.ts FILE [--batch-size 500] [--searches 400]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { importObf } from '../src/modules/obf-import/importer.js';
import { formatOf } from '../src/modules/obf-import/reader.js';
import { formatObfReport } from '../src/modules/obf-import/report.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!file) {
  console.error('usage: node --import ./register.mjs bench/obf-import.ts FILE [--batch-size 500] [--searches 400]');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL ?? null;
const pgliteDir = databaseUrl ? '' : mkdtempSync(join(tmpdir(), 'obf-bench-'));
const orm = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? 'memory://' : pgliteDir });
await seedIfEmpty(orm, { demo: true });
const em = () => orm.em.fork() as EntityManager;

const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const heap = () => Math.round(process.memoryUsage().heapUsed / 1048576);
/** CPU seconds of the PostgreSQL backends serving this database (same machine only). */
async function backendCpuSeconds(): Promise<number> {
  if (!databaseUrl) return 0;
  const pids = await em().execute<Array<{ pid: number }>>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return ticks / 100;
}

const size = statSync(file).size;
const samples: Array<{ at: number; rss: number; heap: number }> = [{ at: 0, rss: rss(), heap: heap() }];
const backendBefore = await backendCpuSeconds();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const report = await importObf(orm, file, {
  format: formatOf(file) ?? 'jsonl',
  batchSize: option('--batch-size', 500),
  onProgress: (r, bytes) => {
    if (r.batches % 10 === 0) samples.push({ at: bytes / size, rss: rss(), heap: heap() });
  },
});
const wall = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const nodeCpu = (cpu.user + cpu.system) / 1e6;
const backendCpu = (await backendCpuSeconds()) - backendBefore;
samples.push({ at: 1, rss: rss(), heap: heap() });

console.log(formatObfReport(report, { unmatchedShown: 10 }));
const written = report.imported + report.updated + report.unchanged;
const middle = samples.reduce((best, s) => (Math.abs(s.at - 0.5) < Math.abs(best.at - 0.5) ? s : best));
console.log(
  `\n== ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${report.linesRead} lines, ${written} products in ${wall.toFixed(1)} s wall = ${Math.round(written / wall)} products/s`,
);
console.log(
  `CPU: node ${nodeCpu.toFixed(1)} s${databaseUrl ? `, PostgreSQL backends ${backendCpu.toFixed(1)} s` : ' (PGlite runs inside it)'}; ${Math.round(written / (nodeCpu + backendCpu))} products per CPU-second`,
);
console.log(
  `RSS: start ${samples[0].rss} MB, middle ${middle.rss} MB, end ${samples.at(-1)!.rss} MB, peak ${Math.max(...samples.map((s) => s.rss))} MB; heap used start ${samples[0].heap} MB, middle ${middle.heap} MB, end ${samples.at(-1)!.heap} MB`,
);

// Search and similar products on the result, in process, the response cache off.
const config = loadConfig({
  AUTH_JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
  IDP_WEBHOOK_SECRET: 'bench',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
  CACHE_ENABLED: 'false',
  PGLITE_DIR: '/tmp/unused',
});
const app = await buildApp({ config, orm, logger: false });
await app.ready();
const total = await em().execute<Array<{ n: string }>>('select count(*) as n from product where status = ?', [
  'published',
]);
const aliases = (
  await em().execute<Array<{ alias: string }>>(
    `select alias from product where source_name is not null order by md5(id::text) limit 200`,
  )
).map((r) => r.alias);
const ingredients = (
  await em().execute<Array<{ alias: string }>>(
    `select alias from ingredient where curated order by md5(id::text) limit 50`,
  )
).map((r) => r.alias);
const words = [
  'Cream',
  'Serum',
  'Cleanser',
  'Lotion',
  'Gel',
  'Toner',
  'Mask',
  'Balm',
  'Sunscreen',
  'Shampoo',
  'Hydrating',
  'Night',
];
const kinds: Record<string, (i: number) => { method: 'GET' | 'POST'; url: string; payload?: object }> = {
  'search by name': (i) => ({
    method: 'POST',
    url: '/products/search',
    payload: { query: `${words[i % words.length]} ${i % 97}` },
  }),
  'search by ingredient': (i) => ({
    method: 'POST',
    url: '/products/search',
    payload: { include_ingredients: [ingredients[i % ingredients.length]] },
  }),
  'search free of + category': (i) => ({
    method: 'POST',
    url: '/products/search',
    payload: { free_of: ['fragrance'], category: ['skincare', 'serums', 'body-care'][i % 3] },
  }),
  'list by name (GET /products?search=)': (i) => ({
    method: 'GET',
    url: `/products?search=${words[i % words.length]}`,
  }),
  'similar products': (i) => ({ method: 'GET', url: `/products/${aliases[i % aliases.length]}/similar` }),
};
const searches = option('--searches', 400);
console.log(`\nsearch on ${total[0].n} published products (${searches} requests of each kind after 20 warm-up):`);
for (const [kind, request] of Object.entries(kinds)) {
  for (let i = 0; i < 20; i++) await app.inject(request(i));
  const times: number[] = [];
  for (let i = 0; i < searches; i++) {
    const t = performance.now();
    const response = await app.inject(request(i));
    times.push(performance.now() - t);
    if (response.statusCode !== 200) throw new Error(`${kind}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`  ${kind.padEnd(38)} p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}
await app.close();
await orm.close();
if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
