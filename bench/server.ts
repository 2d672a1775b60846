// The app as the benches run it: seeded with the demo data when empty, in a process of its own,
// telling its parent when it listens. (The hand-written MikroORM route that was the old anchor
// of bench/rest-vs-graphql.ts is gone: bench/one-statement-routes.ts is the anchor now.)
// Env: PORT, PGLITE_DIR or DATABASE_URL; BENCH_JIT=0 for graphql-js instead of graphql-jit.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await seedIfEmpty(orm, { demo: true });
const app = await buildApp({ config, orm, logger: false, restJit: process.env.BENCH_JIT !== '0' });

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => orm.close())
      .then(() => process.exit(0)),
);
