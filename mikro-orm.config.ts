import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { Options } from '@mikro-orm/core';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { entities } from './src/entities.js';
import { PgliteDriverWithGuard, PostgreSqlDriverWithGuard } from './src/platform/transaction-guard.js';
import { migrationsList } from './src/migrations/index.js';
import { countStatement } from './src/sql-statements.js';

export interface DatabaseTarget {
  /** A PostgreSQL server URL; when null the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** Folder of the embedded database, or `memory://` for a throwaway one. */
  pgliteDir: string;
  /** A ready PGlite instance to use instead of opening `pgliteDir` (tests restore snapshots this way). */
  pglite?: unknown;
  /**
   * Where to write every SQL statement (LOG_SQL=true): the ORM's query log with the values in
   * place, time and row count, and the row path's prepared reads (src/read-rows.ts). Unset: none.
   */
  sqlLog?: (line: string) => void;
}

/** The contrib extensions every PGlite instance loads: search needs them, as PostgreSQL ships them. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * One set of entities and migrations, two drivers: PGlite embedded, PostgreSQL when a URL is given.
 * Both refuse a query that goes around the transaction its flow holds (src/platform/transaction-guard.ts).
 */
export function ormOptions(target: DatabaseTarget): Options {
  const common = {
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      path: 'src/migrations',
      emit: 'ts',
      silent: true,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // Counts every statement for /metrics and for the per-request query-count tests.
    onQuery: (sql: string) => {
      countStatement(sql);
      return sql;
    },
    // LOG_SQL: the statements with their values, nothing else of the ORM's debug output.
    debug: target.sqlLog ? ['query', 'query-params'] : false,
    ...(target.sqlLog ? { logger: target.sqlLog, colors: false } : {}),
    allowGlobalContext: false,
    forceUtcTimezone: true,
  } satisfies Partial<Options>;
  if (target.databaseUrl) {
    return {
      ...common,
      driver: PostgreSqlDriverWithGuard,
      clientUrl: target.databaseUrl,
      pool: { min: 0, max: 10 },
    } as unknown as Options;
  }
  return {
    ...common,
    driver: PgliteDriverWithGuard,
    dbName: target.pgliteDir,
    driverOptions: target.pglite ? { pglite: target.pglite } : { extensions: PGLITE_EXTENSIONS },
  } as unknown as Options;
}

export default ormOptions({
  databaseUrl: process.env.DATABASE_URL || null,
  pgliteDir: process.env.PGLITE_DIR || '.data/pglite',
  sqlLog: /^(1|true|yes|on)$/i.test(process.env.LOG_SQL ?? '') ? (line) => console.log(line) : undefined,
});
