// GET /products/:id_or_alias three ways, in one run, against one server process:
// the REST layer, the same named operation through POST /graphql, and a hand-written route.
// Usage: npm run bench:rest-vs-graphql [-- --seconds 10 --connections 20]
import autocannon from 'autocannon';
import { print } from 'graphql';
import { loadOperations } from '../src/rest/documents.js';
import { startBenchServer } from './bench-server.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = option('seconds', 10);
const connections = option('connections', 20);
const { base, server } = await startBenchServer();

try {
  const list = await (await fetch(`${base}/products?limit=1`)).json() as { items: Array<{ alias: string }> };
  const alias = list.items[0].alias;
  // The very document the REST route runs (with its fragments), sent over HTTP instead.
  const document = print(loadOperations('rest-mappings').get('GetProduct')!.document);
  const graphqlBody = JSON.stringify({ query: document, operationName: 'GetProduct', variables: { id_or_alias: alias } });

  // The three answer the same data: check before timing.
  const rest = await (await fetch(`${base}/products/${alias}`)).json();
  const handwritten = await (await fetch(`${base}/bench/handwritten/products/${alias}`)).json();
  if (JSON.stringify(rest) !== JSON.stringify(handwritten)) throw new Error('the hand-written route answers differently from REST');
  const viaGraphql = await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: graphqlBody })).json() as { data?: { product: unknown } };
  if (JSON.stringify(viaGraphql.data?.product) !== JSON.stringify(rest)) throw new Error(`POST /graphql answers differently: ${JSON.stringify(viaGraphql).slice(0, 300)}`);

  const run = (title: string, options: autocannon.Options) =>
    autocannon({ connections, duration: seconds, ...options, title }) as Promise<autocannon.Result>;
  const targets: Array<[string, autocannon.Options]> = [
    ['hand-written Fastify route', { url: `${base}/bench/handwritten/products/${alias}` }],
    ['REST layer', { url: `${base}/products/${alias}` }],
    ['POST /graphql', { url: `${base}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: graphqlBody }],
  ];
  await run('warm-up', { url: `${base}/products/${alias}`, duration: 3 });
  const results: Array<{ title: string; rps: number; p50: number; p99: number; errors: number }> = [];
  for (const [title, options] of targets) {
    const r = await run(title, options);
    results.push({ title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  const baseline = results[0].rps;
  console.log(`\nGET /products/${alias}: ${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log('| route | req/s | p50 ms | p99 ms | errors | vs hand-written |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.title} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((r.rps / baseline) * 100).toFixed(1)}% |`);
  }
} finally {
  server.kill('SIGTERM');
}
