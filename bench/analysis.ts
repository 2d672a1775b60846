// Analysis speed: POST /analyze/ingredient_list over HTTP (autocannon, 20 connections) against a
// server process on PGlite (or DATABASE_URL), and similar products over a 10,000-product catalog
// in-process. Usage: npm run bench:analysis [-- --seconds 10 --profile server.cpuprofile]
// With --profile, the server's CPU profile over the measured seconds is written to that file (open it
// in Chrome's DevTools or VS Code).
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.js';
import { SimilarityIndex, type CatalogItem } from '../src/modules/analysis/engine/similarity.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1] || 10) || 10;
const profileFile = args.includes('--profile')
  ? resolve(args[args.indexOf('--profile') + 1] ?? 'server.cpuprofile')
  : null;

// 1. Similar products over 10,000 synthetic products whose lists are drawn from the demo catalog's.
const catalog = readYaml<Array<{ ingredient_list: string }>>('catalog/products.yaml');
const lists = catalog.map((p) => p.ingredient_list.split(/,(?![^(]*\))/).map((s) => s.trim().toLowerCase()));
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const items: CatalogItem[] = Array.from({ length: 10_000 }, (_, i) => {
  const base = lists[Math.floor(random() * lists.length)];
  const other = lists[Math.floor(random() * lists.length)];
  // A product is a real list with a few ingredients swapped in from another.
  const ingredientIds = base.map((name) => (random() < 0.15 ? other[Math.floor(random() * other.length)] : name));
  return { id: `p${i}`, ingredientIds, categoryId: `c${i % 40}` };
});
let t = performance.now();
const index = new SimilarityIndex(items);
const buildMs = performance.now() - t;
const queries = items.slice(0, 200).map((item) => item.ingredientIds);
for (const q of queries.slice(0, 20)) index.similar(q, 20);
const timings: number[] = [];
for (const q of queries) {
  t = performance.now();
  index.similar(q, 20);
  timings.push(performance.now() - t);
}
timings.sort((a, b) => a - b);
console.log(
  `similar products over 10,000: index built in ${buildMs.toFixed(0)} ms; query p50 ${timings[100].toFixed(2)} ms, p95 ${timings[190].toFixed(2)} ms, max ${timings[199].toFixed(2)} ms`,
);

// 2. POST /analyze/ingredient_list over HTTP.
const { base, server } = profileFile
  ? await startBenchServer({ PROFILE_FILE: profileFile }, 'bench/profiled-server.ts')
  : await startBenchServer();
try {
  const bodies = catalog.slice(0, 50).map((p) => JSON.stringify({ ingredient_list: p.ingredient_list }));
  let n = 0;
  const load = (duration: number) =>
    autocannon({
      url: `${base}/analyze/ingredient_list`,
      connections: 20,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[n++ % bodies.length] }),
        },
      ],
    });
  // Steady state: the first seconds of a fresh process are compilation (JIT, GraphQL, the matcher's cache).
  await load(2);
  if (profileFile) server.send('profile:start');
  const result = await load(seconds);
  if (profileFile) {
    server.send('profile:stop');
    await new Promise((done) => server.once('message', done));
    console.log(
      `server CPU profile over the measured seconds: ${profileFile} (the profiler slows the server: take figures without it)`,
    );
  }
  console.log(
    `POST /analyze/ingredient_list, 20 connections, ${seconds} s, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ` +
      `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
} finally {
  server.kill('SIGTERM');
}
