import { buildApp } from './app.js';
import { describeAuthMode } from './auth.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { armStatementTimeout, openDatabase, type Orm } from './db.js';
import { isDatabaseUnavailable } from './platform/database-errors.js';
import { PgliteFolderLocked } from './platform/pglite-lock.js';
import { seedIfEmpty } from './seeders/index.js';
import { loadKnowledgeBase } from './modules/ingredient/matcher.service.js';
import { loadRegulation } from './modules/analysis/regulation-data.js';
import type { EntityManager } from './db.js';

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

/** Why the database could not be opened, in one line (no stack, no minified WebAssembly glue). */
function openFailure(error: unknown): string {
  if (error instanceof PgliteFolderLocked) return error.message;
  const e = error as { code?: string; message?: string; errors?: Array<{ message?: string }> };
  const reason = (e.message || e.errors?.map((x) => x.message).join('; ') || e.code || String(error))
    .split('\n')[0]
    .slice(0, 300);
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    // Only a connection that failed is DATABASE_URL's fault; a migration or the seeding refused is not.
    if (!isDatabaseUnavailable(error) && !/authentication|does not exist|password|SSL/i.test(reason)) {
      return `Cannot prepare the PostgreSQL database at ${url.host}${url.pathname} (migrations or first seeding): ${reason}`;
    }
    return `Cannot open the PostgreSQL database at ${url.host}${url.pathname}: ${reason}. Is the server running and DATABASE_URL right?`;
  }
  return `Cannot open the PGlite database in ${config.pgliteDir}: ${reason}. The folder may be damaged or not a PGlite database: move it aside (a new one is created) or restore a backup.`;
}

let orm: Orm;
let seeded = { seeded: false, ingredients: 0, inventory: 0, products: 0 };
try {
  // Replicas starting together migrate and seed one at a time (an advisory lock on PostgreSQL).
  // LOG_SQL: every statement on standard output, beside the JSON request log.
  const sqlLog = config.logSql ? (line: string) => void process.stdout.write(`${line}\n`) : undefined;
  orm = await openDatabase(
    { databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, sqlLog },
    {
      whileLocked: async (opened) => {
        seeded = await seedIfEmpty(opened, { demo: config.seedDemoData });
      },
    },
  );
} catch (error) {
  console.error(openFailure(error));
  process.exit(error instanceof PgliteFolderLocked ? 3 : 1);
}
await armStatementTimeout(orm, config.statementTimeoutMs);
const app = await buildApp({ config, orm });
if (seeded.seeded) app.log.info(seeded, 'loaded the ingredient knowledge base and demo catalog');
else if (seeded.inventory)
  app.log.info({ inventory: seeded.inventory }, "loaded the EU inventory's ingredients into the knowledge base");
// The knowledge base and EU cosmetics law in memory before the first request: indexing the EU inventory's names
// and reading the annexes take a second or more, which the first analysis would otherwise wait for.
await loadKnowledgeBase(orm.em.fork() as EntityManager);
loadRegulation();
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  console.error(
    `Cannot listen on ${config.host}:${config.port}: ${e.code === 'EADDRINUSE' ? 'the port is in use (PORT)' : e.code === 'EADDRNOTAVAIL' ? 'no such address on this machine (HOST)' : e.message}`,
  );
  await app.close().catch(() => undefined);
  await orm.close().catch(() => undefined);
  process.exit(1);
}
app.log.info(
  `database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`}; GraphiQL at /graphiql, API reference at /docs`,
);
const authMode = describeAuthMode(config.auth, config.dataDir);
app.log.info(authMode.line);
for (const warning of authMode.warnings) app.log.warn(warning);

// Stop accepting, finish what is in flight, then close the database cleanly.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    app
      .close()
      .then(() => orm.close())
      .then(() => process.exit(0))
      .catch((error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
