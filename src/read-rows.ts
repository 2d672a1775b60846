// The row read path's one way to the database: a read statement in, plain rows out. It imports the
// drivers and nothing of the application (no mikro-orm.config.ts, so no entity and no module), so
// any module may use it without closing an import loop through the composition root.
import { createHash } from 'node:crypto';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { countStatement } from './sql-statements.js';

/** The entity manager every module uses: both drivers are SQL drivers. */
export type EntityManager = SqlEntityManager;

/** Names given to read statements, by their `?` text; bounded so a statement built from input cannot grow it (or the server's per-connection caches) without end. */
const preparedReads = new Map<string, { name: string | undefined; text: string }>();
const PREPARED_READS_MAX = 500;

/**
 * Runs a read statement (`?` placeholders) and returns its rows. On PostgreSQL, outside a
 * transaction, it goes to the driver's pool as a named prepared statement: the server plans it once
 * per connection instead of on every request (planning was more than half the time of a routine
 * page's one statement). Everywhere else (PGlite, a transaction's own connection, an empty list) it
 * is `em.execute`. Counted like every ORM statement, logged like them (LOG_SQL), errors converted
 * as the ORM converts them.
 */
export async function readRows<T extends object>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const connection = em.getConnection();
  if (
    !(connection instanceof PostgreSqlConnection) ||
    em.isInTransaction() ||
    params.some((p) => Array.isArray(p) && p.length === 0)
  ) {
    return em.execute<T[]>(sql, [...params]);
  }
  // An array value stands for a list (`in (?)`, as MikroORM expands it): one placeholder an element,
  // so a statement is prepared per list length (DataLoader batches of the same size share it).
  const lists = params.some(Array.isArray);
  const key = lists ? `${sql}\u0000${params.map((p) => (Array.isArray(p) ? p.length : '')).join(',')}` : sql;
  let prepared = preparedReads.get(key);
  if (!prepared) {
    let n = 0;
    let i = 0;
    const text = sql.replace(/\?/g, () => {
      const value = params[i++];
      return Array.isArray(value) ? value.map(() => `$${++n}`).join(', ') : `$${++n}`;
    });
    // Past the bound, an unnamed statement: planned on every run, as em.execute's are.
    const named = preparedReads.size < PREPARED_READS_MAX;
    prepared = {
      name: named ? `read_${createHash('sha256').update(text).digest('hex').slice(0, 24)}` : undefined,
      text,
    };
    if (named) preparedReads.set(key, prepared);
  }
  countStatement(prepared.text);
  const pool = await connection.getNativeClient();
  const values = lists ? params.flatMap((p) => (Array.isArray(p) ? p : [p])) : [...params];
  const started = Date.now();
  try {
    const result = await pool.query<T>({ name: prepared.name, text: prepared.text, values });
    logRead(em, sql, params, prepared.name, { took: Date.now() - started, results: result.rows.length });
    return result.rows;
  } catch (error) {
    logRead(em, sql, params, prepared.name, { took: Date.now() - started, level: 'error' });
    throw em.getDriver().convertException(error as Error);
  }
}

/**
 * A prepared read in the ORM's query log (LOG_SQL), as the ORM writes its own: the statement with
 * its values in place when 'query-params' is on, its time and row count, labelled with the name
 * the server knows it by.
 */
function logRead(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  name: string | undefined,
  outcome: { took: number; results?: number; level?: 'error' },
): void {
  const logger = em.config.getLogger();
  if (!logger.isEnabled('query')) return;
  const query = logger.isEnabled('query-params') ? em.getPlatform().formatQuery(sql, [...params]) : sql;
  logger.logQuery({ query, params, label: `prepared ${name ?? 'unnamed'}`, ...outcome });
}
