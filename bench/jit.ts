// In-process: the REST layer executing its operations with graphql-jit versus graphql-js.
// /census/countries touches no database, so it isolates execution and serialisation;
// /products/:id_or_alias adds the database work. Usage: npm run bench:jit
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  PGLITE_DIR: process.env.PGLITE_DIR ?? join(mkdtempSync(join(tmpdir(), 'bench-')), 'db'),
});
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await seedIfEmpty(orm, { demo: true });
const apps = {
  jit: await buildApp({ config, orm, logger: false, restJit: true }),
  'graphql-js': await buildApp({ config, orm, logger: false, restJit: false }),
};
const alias = (
  JSON.parse((await apps.jit.inject({ method: 'GET', url: '/products?limit=1' })).body) as {
    items: Array<{ alias: string }>;
  }
).items[0].alias;

async function perRequest(app: (typeof apps)['jit'], url: string, n: number): Promise<number> {
  for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url });
  const t = performance.now();
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url });
  return ((performance.now() - t) / n) * 1000;
}

console.log('| route | graphql-jit µs/request | graphql-js µs/request |');
console.log('| --- | ---: | ---: |');
for (const [url, n] of [
  ['/census/countries?limit=100', 3000],
  [`/products/${alias}`, 1000],
] as const) {
  const results: number[] = [];
  // Interleave rounds so drift on a busy machine hits both alike; keep the best round of each.
  const best = { jit: Infinity, 'graphql-js': Infinity };
  for (let round = 0; round < 3; round++) {
    for (const name of ['jit', 'graphql-js'] as const)
      best[name] = Math.min(best[name], await perRequest(apps[name], url, n));
  }
  results.push(best.jit, best['graphql-js']);
  console.log(`| GET ${url.replace(alias, ':id_or_alias')} | ${results[0].toFixed(0)} | ${results[1].toFixed(0)} |`);
}
for (const app of Object.values(apps)) await app.close();
await orm.close();
