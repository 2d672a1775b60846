// In-process, one request at a time: what POST /graphql adds over the REST layer for the same
// named operation (the very document the route runs), and a persisted query sent by its hash
// alone. /census/countries touches no database, so it isolates parsing, validation, limits and
// execution; /products/:id_or_alias adds the database work. Best of 3 interleaved rounds.
// Usage: node --import ./register.mjs bench/graphql-overhead.ts (DATABASE_URL or a fresh PGlite).
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db.js';
import { mappingsDir } from '../src/rest/describe.js';
import { loadOperations } from '../src/rest/documents.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
  CACHE_ENABLED: 'false',
  PGLITE_DIR: process.env.PGLITE_DIR ?? join(mkdtempSync(join(tmpdir(), 'bench-')), 'db'),
});
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await seedIfEmpty(orm, { demo: true });
const app = await buildApp({ config, orm, logger: false });
const operations = loadOperations(mappingsDir);
const alias = (
  JSON.parse((await app.inject({ method: 'GET', url: '/products?limit=1' })).body) as {
    items: Array<{ alias: string }>;
  }
).items[0].alias;

async function perRequest(request: InjectOptions, n: number): Promise<number> {
  for (let i = 0; i < 100; i++) await app.inject(request);
  const t = performance.now();
  for (let i = 0; i < n; i++) await app.inject(request);
  return ((performance.now() - t) / n) * 1000;
}

const graphql = (operation: string, variables: Record<string, unknown>, byHash: boolean): InjectOptions => {
  const query = print(operations.get(operation)!.document);
  const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
  return {
    method: 'POST',
    url: '/graphql',
    payload: byHash
      ? { operationName: operation, variables, extensions: { persistedQuery } }
      : { query, operationName: operation, variables, extensions: { persistedQuery } },
  };
};

console.log('| request | REST µs | POST /graphql µs | persisted query (hash only) µs |');
console.log('| --- | ---: | ---: | ---: |');
for (const [url, operation, variables, n] of [
  ['/census/countries?limit=100', 'ListCountries', { limit: 100 }, 1000],
  [`/products/${alias}`, 'GetProduct', { id_or_alias: alias }, 300],
] as const) {
  const requests = [
    { method: 'GET', url } as InjectOptions,
    graphql(operation, variables, false),
    graphql(operation, variables, true),
  ];
  const best = [Infinity, Infinity, Infinity];
  for (let round = 0; round < 3; round++)
    for (let i = 0; i < requests.length; i++) best[i] = Math.min(best[i], await perRequest(requests[i], n));
  console.log(`| GET ${url.replace(alias, ':id_or_alias')} | ${best.map((b) => b.toFixed(0)).join(' | ')} |`);
}
await app.close();
await orm.close();
