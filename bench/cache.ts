// GET /products/:id_or_alias and GET /ingredients/:id_or_alias, anonymous, with the response
// cache on and off (CACHE_ENABLED), autocannon against a real port. Rate limits are off.
// Usage: npm run bench:cache [-- --seconds 10 --connections 20]   (REDIS_URL=… to use Redis)
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { startBenchServer } from './bench-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = option('seconds', 10);
const connections = option('connections', 20);

const rows: string[] = [];
const prefix = `skincare-bench-${process.pid}:`;
for (const cache of ['false', 'true']) {
  const { base, server } = await startBenchServer({ CACHE_ENABLED: cache, REDIS_PREFIX: prefix });
  try {
    const products = (await (await fetch(`${base}/products?limit=1`)).json()) as { items: Array<{ alias: string }> };
    const ingredients = (await (await fetch(`${base}/ingredients?limit=1`)).json()) as {
      items: Array<{ alias: string }>;
    };
    const urls = [`/products/${products.items[0].alias}`, `/ingredients/${ingredients.items[0].alias}`];
    await autocannon({ url: `${base}${urls[0]}`, connections, duration: 3 });
    for (const url of urls) {
      const r = await autocannon({ url: `${base}${url}`, connections, duration: seconds });
      rows.push(
        `| ${url.split('/')[1]} | ${cache === 'true' ? 'on' : 'off'} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} |`,
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
}
console.log(
  `\nAnonymous GETs, ${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}`,
);
console.log('| route | cache | req/s | p50 ms | p99 ms | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
if (process.env.REDIS_URL) {
  const redis = new Redis(process.env.REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
