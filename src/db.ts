import { MikroORM } from '@mikro-orm/core';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { ormOptions, PGLITE_EXTENSIONS, type DatabaseTarget } from '../mikro-orm.config.js';
import { lockPgliteFolder } from './platform/pglite-lock.js';
import type { EntityManager } from './read-rows.js';

// The row read path lives in read-rows.ts (no import of the entities); the type is named here too.
export type { EntityManager } from './read-rows.js';
export type Orm = MikroORM;

/** The advisory lock (per database) that instances starting together take in turn to migrate and seed. */
const STARTUP_LOCK = 'skincare:startup';

/**
 * Waits for, then holds, PostgreSQL's start-up lock on a connection of its own (a session lock:
 * it outlives the transactions of migrations and seeding, and goes with the connection if this
 * process dies). Returns its release.
 */
async function takeStartupLock(databaseUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    await client.query('select pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}

export interface OpenOptions {
  /**
   * A PGlite folder found empty is restored from this tar (the prepared database) rather than migrated and
   * seeded: called once the folder is locked.
   */
  prepared?: () => Promise<Buffer>;
  /** Runs after the migrations, still under the start-up lock: first seeding. */
  whileLocked?: (orm: Orm) => Promise<void>;
}

/**
 * Opens the database and applies pending migrations. A PGlite folder is locked first, for as
 * long as the database is open (PgliteFolderLocked when another live process has it). On
 * PostgreSQL, instances started together (a rolling deployment) migrate and run `whileLocked`
 * one at a time under an advisory lock: the first does the work, the others wait for it and then
 * find nothing left to do (two at once raced to create the same tables).
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Orm> {
  const folder =
    !target.databaseUrl && !target.pglite && !target.pgliteDir.startsWith('memory://') ? target.pgliteDir : null;
  const lock = folder ? lockPgliteFolder(folder) : null;
  const releaseOnExit = () => lock?.release();
  if (lock) process.once('exit', releaseOnExit);
  let orm: Orm | null = null;
  let restored: PGlite | null = null;
  const unlock = target.databaseUrl
    ? await takeStartupLock(target.databaseUrl).catch((error: unknown) => {
        lock?.release();
        process.off('exit', releaseOnExit);
        throw error;
      })
    : null;
  try {
    const tar = lock && options.prepared && pgliteFolderEmpty(lock.folder) ? await options.prepared() : null;
    // Restored by an instance of our own (the ORM would copy the tar's Blob out of its options, unreadable).
    restored = tar
      ? await PGlite.create({
          dataDir: lock!.folder,
          extensions: PGLITE_EXTENSIONS,
          loadDataDir: new Blob([new Uint8Array(tar)]),
        })
      : null;
    orm = await MikroORM.init(
      ormOptions(lock ? { ...target, pgliteDir: lock.folder, ...(restored ? { pglite: restored } : {}) } : target),
    );
    await orm.migrator.up();
    await options.whileLocked?.(orm);
    await unlock?.();
    if (lock) {
      // The lock goes with the database: closing the ORM releases it.
      const close = orm.close.bind(orm);
      orm.close = async (force?: boolean) => {
        try {
          await close(force);
          await restored?.close();
        } finally {
          lock.release();
          process.off('exit', releaseOnExit);
        }
      };
    }
    return orm;
  } catch (error) {
    await unlock?.();
    await orm?.close().catch(() => undefined);
    await restored?.close().catch(() => undefined);
    lock?.release();
    process.off('exit', releaseOnExit);
    throw lock ? pgliteFailure(error, lock.folder) : error;
  }
}

/** True when a PGlite folder holds no database yet (absent or empty): a start restores the prepared one there. */
function pgliteFolderEmpty(folder: string): boolean {
  try {
    return readdirSync(folder).length === 0;
  } catch {
    return true;
  }
}

/** WASI's numbers for the file-system errors PGlite's in-memory file system throws (not Errors: `{ errno }`). */
const WASI_ERRNO: Readonly<Record<number, string>> = {
  2: 'EACCES: permission denied',
  20: 'EEXIST: it exists but is not a folder',
  31: 'EISDIR: a folder where a file was expected',
  44: 'ENOENT: no such file or folder',
  51: 'ENOSPC: no space left',
  54: 'ENOTDIR: a file where a folder was expected',
  63: 'EPERM: not permitted',
  69: 'EROFS: read-only file system',
};

/** PGlite's file-system errors as an Error naming the folder and the cause (they printed "[object Object]"). */
function pgliteFailure(error: unknown, folder: string): unknown {
  if (typeof error !== 'object' || error === null || typeof (error as { message?: unknown }).message === 'string')
    return error;
  const errno = (error as { errno?: unknown }).errno;
  const cause = typeof errno === 'number' ? (WASI_ERRNO[errno] ?? `file-system error ${errno}`) : JSON.stringify(error);
  return new Error(`PGlite could not open the folder ${folder} (${cause})`, { cause: error });
}

/** True when the database answers a trivial query: what `/ready` reports. */
export async function databaseAnswers(orm: Orm): Promise<boolean> {
  try {
    await (orm.em.fork() as EntityManager).execute('select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL: every statement the server's requests send is cancelled past `ms` (a backstop: the
 * searches and the GraphQL limits bound the work first; a statement cut off is a 503 for its request,
 * not another caller's 30 s wait). Armed after migrations and seeding, which may take longer, and
 * not for the import commands. Set once per pooled connection, on its first checkout (pg queues the
 * SET before the caller's query). PGlite has no statement_timeout (one connection, no second
 * backend to cancel from): there the bounds alone hold.
 */
export async function armStatementTimeout(orm: Orm, ms: number): Promise<void> {
  if (ms <= 0) return;
  const native = (await orm.em.getConnection().getNativeClient()) as unknown;
  if (!(native instanceof pg.Pool)) return;
  const armed = new WeakSet<object>();
  native.on('acquire', (client) => {
    if (armed.has(client)) return;
    armed.add(client);
    client.query(`set statement_timeout = ${Math.floor(ms)}`).catch(() => undefined);
  });
}
