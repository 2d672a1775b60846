// `npm start`. What runs first is what can fail fast: the configuration, then the port, both checked before
// any module of the application is loaded (seconds on a small machine) and before the database is opened or
// prepared. Each set-up failure is one line on standard error and an exit code of its own (README,
// "Start-up"); what takes longer than a second says so on standard output (src/platform/start-progress.ts).
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { ConfigError, loadConfig, type Config } from './config.js';
import { startProgress } from './platform/start-progress.js';

/** The exit codes of a failed start. */
const EXIT = { database: 1, config: 2, folderLocked: 3, port: 4, databaseMissing: 5 } as const;

// A `.env` in the working folder, when there is one: the environment's own values win over it.
if (existsSync('.env')) process.loadEnvFile('.env');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(EXIT.config);
  }
  throw error;
}

/** Why `HOST`/`PORT` cannot be listened on, in one line. */
function listenFailure(error: NodeJS.ErrnoException): string {
  const where = `${config.host}:${config.port}`;
  if (error.code === 'EADDRINUSE')
    return `Cannot listen on ${where}: the port is in use by another process. Stop it, or start on another port: PORT=3001 npm start`;
  if (error.code === 'EADDRNOTAVAIL') return `Cannot listen on ${where}: no such address on this machine (HOST)`;
  if (error.code === 'EACCES')
    return `Cannot listen on ${where}: not permitted (ports below 1024 need privileges; PORT)`;
  return `Cannot listen on ${where}: ${error.message}`;
}

// The port first: a port in use is reported at once, not after the database is prepared.
if (config.port !== 0) {
  const probe = createServer();
  const free = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    probe.once('error', resolve);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (free) {
    console.error(listenFailure(free));
    process.exit(EXIT.port);
  }
}

const progress = startProgress();
const [
  { buildApp },
  { describeAuthMode },
  { armStatementTimeout, openDatabase },
  { isDatabaseUnavailable },
  { PgliteFolderLocked },
  { seedIfEmpty },
  { preparedDatabase },
  { loadKnowledgeBase },
  { loadRegulation },
  { startProductFlagsReread },
] = await progress.stage('loading the application', () =>
  Promise.all([
    import('./app.js'),
    import('./auth.js'),
    import('./db.js'),
    import('./platform/database-errors.js'),
    import('./platform/pglite-lock.js'),
    import('./seeders/index.js'),
    import('./seeders/prepared-database.js'),
    import('./modules/ingredient/matcher.service.js'),
    import('./modules/analysis/regulation-data.js'),
    import('./modules/analysis/product-flags-reread.job.js'),
  ]),
);
type EntityManager = import('./db.js').EntityManager;
type Orm = import('./db.js').Orm;

/** The PostgreSQL server answers but has no database of DATABASE_URL's name (SQLSTATE 3D000). */
function databaseMissing(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  return e?.code === '3D000' || /database ".*" does not exist/.test(e?.message ?? '');
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
    if (databaseMissing(error)) {
      const name = decodeURIComponent(url.pathname.slice(1));
      const options = [
        `-h ${url.hostname}`,
        url.port ? `-p ${url.port}` : '',
        url.username ? `-U ${decodeURIComponent(url.username)}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `The PostgreSQL server at ${url.host} has no database "${name}". Create it (once), then start again: createdb ${options} ${name}`;
    }
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
  // An empty PGlite folder is restored from the prepared database (built once, then cached:
  // src/seeders/prepared-database.ts); PostgreSQL is migrated and seeded in place.
  orm = await progress.stage('opening the database', () =>
    openDatabase(
      { databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, sqlLog },
      {
        prepared: () => preparedDatabase({ demo: config.seedDemoData }, progress),
        whileLocked: async (opened) => {
          seeded = await seedIfEmpty(opened, { demo: config.seedDemoData, progress });
        },
      },
    ),
  );
} catch (error) {
  console.error(openFailure(error));
  process.exit(
    error instanceof PgliteFolderLocked
      ? EXIT.folderLocked
      : databaseMissing(error)
        ? EXIT.databaseMissing
        : EXIT.database,
  );
}
await armStatementTimeout(orm, config.statementTimeoutMs);
const app = await progress.stage('building the API', () => buildApp({ config, orm }));
if (seeded.seeded) app.log.info(seeded, 'loaded the ingredient knowledge base and demo catalog');
else if (seeded.inventory)
  app.log.info({ inventory: seeded.inventory }, "loaded the EU inventory's ingredients into the knowledge base");
// The knowledge base and EU cosmetics law in memory before the first request: indexing the EU inventory's names
// and reading the annexes take a second or more, which the first analysis would otherwise wait for.
await progress.stage('loading the knowledge base', async () => {
  await loadKnowledgeBase(orm.em.fork() as EntityManager);
  loadRegulation();
});
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // Taken since the check at start (another process was quicker).
  console.error(listenFailure(error as NodeJS.ErrnoException));
  await app.close().catch(() => undefined);
  await orm.close().catch(() => undefined);
  process.exit(EXIT.port);
}
app.log.info(
  `database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.pgliteDir}`}; GraphiQL at /graphiql, API reference at /docs`,
);
// Products stored by an older reading of their flags are read again beside the server (about an hour at 1,000,000).
const productFlagsReread = startProductFlagsReread(orm, app.log);
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
      .then(() => productFlagsReread.stop())
      .then(() => orm.close())
      .then(() => process.exit(0))
      .catch((error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
