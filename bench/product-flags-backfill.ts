// What re-reading every product's flags costs (backfillProductFlags, issue 40), batch by batch, to extrapolate to
// an imported catalog of 1,000,000 products:
//   node --expose-gc --import ./register.mjs bench/product-flags-backfill.ts [--batch 500]
// against the configured database (DATABASE_URL, else PGLITE_DIR), seeded when empty; top it up first with
// `npm run seed:scale -- --products 20000` for more than the demo's batch. It forgets the done-marker, reads every
// product again, and prints per batch the wall and CPU time and the heap after it, then the median batch's cost
// per product times 1,000,000.
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { backfillProductFlags } from '../src/modules/analysis/product-flags-backfill.service.js';
import { loadKnowledgeBase } from '../src/modules/ingredient/matcher.service.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const at = process.argv.indexOf('--batch');
const batchSize = at > 0 ? Number(process.argv[at + 1]) : 500;
const config = loadConfig();
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await seedIfEmpty(orm, { demo: true });
const em = orm.em.fork() as EntityManager;
await loadKnowledgeBase(em); // loaded once at start-up anyway: not the backfill's cost
await em.execute('delete from product_flag_reading');
const batches: Array<{ products: number; wallMs: number; cpuMs: number; heapMb: number }> = [];
let wall = performance.now();
let cpu = process.cpuUsage();
// With --expose-gc the heap is measured after a collection: what a batch keeps, not what it has not yet freed.
const collect = (globalThis as { gc?: () => void }).gc;
const total = await backfillProductFlags(em, batchSize, (products) => {
  const used = process.cpuUsage(cpu);
  collect?.();
  batches.push({
    products,
    wallMs: performance.now() - wall,
    cpuMs: (used.user + used.system) / 1000,
    heapMb: process.memoryUsage().heapUsed / 1e6,
  });
  wall = performance.now();
  cpu = process.cpuUsage();
});
for (const [i, b] of batches.entries())
  console.log(
    `batch ${i + 1}: ${b.products} products, ${b.wallMs.toFixed(0)} ms wall, ${b.cpuMs.toFixed(0)} ms CPU, heap ${b.heapMb.toFixed(0)} MB`,
  );
const full = batches.filter((b) => b.products === batchSize);
const sample = (full.length ? full : batches).map((b) => b.wallMs / b.products).sort((a, b) => a - b);
const cpuSample = (full.length ? full : batches).map((b) => b.cpuMs / b.products).sort((a, b) => a - b);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
console.log(
  `${total} products in ${batches.length} batches; median ${median(sample).toFixed(3)} ms wall and ` +
    `${median(cpuSample).toFixed(3)} ms CPU per product: 1,000,000 products ≈ ${((median(sample) * 1e6) / 60_000).toFixed(0)} min wall, ` +
    `${((median(cpuSample) * 1e6) / 60_000).toFixed(0)} min CPU in this process`,
);
await orm.close();
