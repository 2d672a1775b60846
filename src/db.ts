import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ormOptions, type DatabaseTarget } from '../mikro-orm.config.js';

/** The entity manager every module uses: both drivers are SQL drivers. */
export type EntityManager = SqlEntityManager;
export type Orm = MikroORM;

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Orm> {
  const orm = await MikroORM.init(ormOptions(target));
  await orm.migrator.up();
  return orm;
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
