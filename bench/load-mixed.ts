// A mixed load against the server on PostgreSQL: reads (anonymous and signed in), searches,
// analyses and writes, with autocannon at 100 connections for 60 s (rate limits off by
// configuration). Prints req/s, p50/p99, errors, and the server's memory after warm-up and at
// the end. Creates its own database (skincare_hardening_load_*) and drops it.
// Usage: npm run bench:load-mixed [-- --seconds 60 --connections 100 --warmup 30]
// Env: HARDENING_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { check, createDatabase, option, rssMb, startServer, stopServer, token } from '../scripts/hardening-lib.js';

const seconds = option('seconds', 60);
const connections = option('connections', 100);
const warmup = option('warmup', 30);

const db = await createDatabase('load');
const server = await startServer({
  DATABASE_URL: db.url,
  RATE_LIMIT_ENABLED: 'false',
  ...(process.env.REDIS_URL ? { REDIS_PREFIX: `skincare-load-${process.pid}:` } : {}),
});
try {
  const base = server.base;
  const products = (
    (await (await fetch(`${base}/products?limit=50`)).json()) as { items: Array<{ alias: string }> }
  ).items.map((p) => p.alias);
  const ingredients = (
    (await (await fetch(`${base}/ingredients?limit=100`)).json()) as { items: Array<{ alias: string }> }
  ).items.map((i) => i.alias);
  const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => token(`load|user-${i}`)));
  // Create the users before the load (their first call creates them).
  for (const t of tokens) await fetch(`${base}/my/favorite_products`, { headers: { authorization: `Bearer ${t}` } });
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
  const json = { 'content-type': 'application/json' };
  const auth = () => ({ authorization: `Bearer ${pick(tokens)}` });
  const lists = [
    'Aqua, Glycerin, Niacinamide, Phenoxyethanol',
    'Water, Butylene Glycol, Sodium Hyaluronate, Panthenol, Ethylhexylglycerin',
    'Aqua, Cetearyl Alcohol, Dimethicone, Parfum, Tocopherol',
  ];

  type Mix = { weight: number; name: string; request: () => autocannon.Request };
  const mix: Mix[] = [
    {
      weight: 25,
      name: 'GET /products/:alias (anonymous)',
      request: () => ({ method: 'GET', path: `/products/${pick(products)}` }),
    },
    {
      weight: 15,
      name: 'GET /ingredients/:alias (anonymous)',
      request: () => ({ method: 'GET', path: `/ingredients/${pick(ingredients)}` }),
    },
    {
      weight: 10,
      name: 'GET /products/:alias (signed in)',
      request: () => ({ method: 'GET', path: `/products/${pick(products)}`, headers: auth() }),
    },
    {
      weight: 10,
      name: 'GET /products?search=',
      request: () => ({
        method: 'GET',
        path: `/products?search=${pick(['serum', 'cream', 'gel', 'cleanser', 'acid'])}&limit=20`,
      }),
    },
    {
      weight: 10,
      name: 'GET /ingredients?search=',
      request: () => ({
        method: 'GET',
        path: `/ingredients?search=${pick(['glyc', 'acid', 'oil', 'sodium', 'extract'])}&limit=20`,
      }),
    },
    {
      weight: 10,
      name: 'POST /analyze/ingredient_list',
      request: () => ({
        method: 'POST',
        path: '/analyze/ingredient_list',
        headers: json,
        body: JSON.stringify({ ingredient_list: pick(lists) }),
      }),
    },
    {
      weight: 8,
      name: 'POST /products/:alias/favorite',
      request: () => ({ method: 'POST', path: `/products/${pick(products)}/favorite`, headers: auth() }),
    },
    {
      weight: 4,
      name: 'DELETE /products/:alias/favorite',
      request: () => ({ method: 'DELETE', path: `/products/${pick(products)}/favorite`, headers: auth() }),
    },
    {
      weight: 5,
      name: 'PUT /ingredients/:alias/feeling/positive',
      request: () => ({ method: 'PUT', path: `/ingredients/${pick(ingredients)}/feeling/positive`, headers: auth() }),
    },
    {
      weight: 3,
      name: 'POST /ingredients/:alias/submit_feedback',
      request: () => ({
        method: 'POST',
        path: `/ingredients/${pick(ingredients)}/submit_feedback`,
        headers: { ...json, ...auth() },
        body: JSON.stringify({ kind: 'other', message: 'From the mixed load test' }),
      }),
    },
  ];
  const total = mix.reduce((s, m) => s + m.weight, 0);
  const next = () => {
    let r = Math.random() * total;
    for (const m of mix) if ((r -= m.weight) < 0) return m.request();
    return mix[0].request();
  };
  const errors: Record<string, number> = {};
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections,
          duration,
          timeout: 30,
          requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client: unknown, statusCode: number) => {
        if (statusCode >= 400) errors[statusCode] = (errors[statusCode] ?? 0) + 1;
      });
    });

  console.log(`warm-up: ${warmup} s`);
  await run(warmup);
  for (const k of Object.keys(errors)) delete errors[k];
  const rssStart = rssMb(server.child.pid!);
  console.log(`load: ${seconds} s at ${connections} connections (RSS after warm-up ${rssStart.toFixed(0)} MB)`);
  // Memory every 10 s: RSS of the process and V8's used heap (from /metrics).
  const heapMb = async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
  };
  const samples: string[] = [];
  const sampler = setInterval(() => {
    void heapMb().then((heap) => samples.push(`${rssMb(server.child.pid!).toFixed(0)}/${heap.toFixed(0)}`));
  }, 10_000);
  const heapStart = await heapMb();
  const result = await run(seconds);
  clearInterval(sampler);
  console.log(`RSS/heap used (MB) every 10 s: ${heapStart.toFixed(0)} heap at start, then ${samples.join(', ')}`);
  await new Promise((r) => setTimeout(r, 2000));
  global.gc?.();
  const rssEnd = rssMb(server.child.pid!);
  console.log(
    `\nMixed load on PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}: ${connections} connections, ${seconds} s`,
  );
  console.log('| requests | req/s | p50 ms | p99 ms | errors | non-2xx | RSS after warm-up | RSS at end |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.non2xx} | ${rssStart.toFixed(0)} MB | ${rssEnd.toFixed(0)} MB |`,
  );
  if (Object.keys(errors).length) console.log('statuses >= 400:', errors, '\n', server.log().slice(-3000));
  check(result.errors === 0 && result.non2xx === 0, 'no errors');
  check(
    rssEnd <= rssStart * 1.2,
    `RSS at the end within 20% of after warm-up (${((rssEnd / rssStart - 1) * 100).toFixed(1)}%)`,
  );
} finally {
  await stopServer(server);
  await db.drop();
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL);
    const keys = await redis.keys(`skincare-load-${process.pid}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}
