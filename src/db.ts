import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ormOptions, type DatabaseTarget } from '../mikro-orm.config.js';
import { lockPgliteFolder } from './platform/pglite-lock.js';

/** The entity manager every module uses: both drivers are SQL drivers. */
export type EntityManager = SqlEntityManager;
export type Orm = MikroORM;

/**
 * Opens the database and applies pending migrations. A PGlite folder is locked first, for as
 * long as the database is open (PgliteFolderLocked when another live process has it).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Orm> {
  const folder = !target.databaseUrl && !target.pglite && !target.pgliteDir.startsWith('memory://') ? target.pgliteDir : null;
  const lock = folder ? lockPgliteFolder(folder) : null;
  const releaseOnExit = () => lock?.release();
  if (lock) process.once('exit', releaseOnExit);
  try {
    const orm = await MikroORM.init(ormOptions(target));
    await orm.migrator.up();
    if (lock) {
      // The lock goes with the database: closing the ORM releases it.
      const close = orm.close.bind(orm);
      orm.close = async (force?: boolean) => {
        try {
          await close(force);
        } finally {
          lock.release();
          process.off('exit', releaseOnExit);
        }
      };
    }
    return orm;
  } catch (error) {
    lock?.release();
    process.off('exit', releaseOnExit);
    throw error;
  }
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
