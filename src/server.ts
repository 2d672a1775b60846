import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db.js';
import { seedIfEmpty } from './seeders/index.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const seeded = await seedIfEmpty(orm, { demo: config.seedDemoData });
const app = await buildApp({ config, orm });
if (seeded.seeded) app.log.info(seeded, 'loaded the ingredient knowledge base and demo catalog');
await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`}; GraphiQL at /graphiql, API reference at /docs`);

// Stop accepting, finish what is in flight, then close the database cleanly.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    app.close()
      .then(() => orm.close())
      .then(() => process.exit(0))
      .catch((error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
