// A throwaway, migrated and seeded database per test file, on PGlite (default) or on a
// PostgreSQL server (TEST_DB=postgres). Seeding runs once per change of migrations or data:
// PGlite restores a dumped snapshot, PostgreSQL copies a template database.
import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS, type DatabaseTarget } from '../../mikro-orm.config.js';
import { openDatabase } from '../../src/db.js';
import { preparedDatabase, seedFingerprint } from '../../src/seeders/prepared-database.js';
import { seedIfEmpty } from '../../src/seeders/index.js';

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Without the EU inventory: it triples the snapshot that every test file restores, and only the inventory's
 * own tests need it (they seed it: test/inventory-knowledge.test.ts).
 */
const TEST_SEED = { demo: true, inventory: false } as const;

async function seed(target: DatabaseTarget): Promise<void> {
  const orm = await openDatabase(target);
  await seedIfEmpty(orm, TEST_SEED);
  await orm.close();
}

const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') {
    // The prepared database (src/platform/prepared-database.ts), uncompressed: PGlite restores a tar in two
    // thirds of the time it takes to gunzip and restore the same (0.8 s against 1.2-1.3 s).
    const pglite = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([new Uint8Array(await preparedDatabase(TEST_SEED))]),
    });
    return { target: { databaseUrl: null, pgliteDir: 'memory://', pglite }, drop: () => pglite.close() };
  }
  // Checkouts side by side (git worktrees) share one server: each keeps templates of its own,
  // named after its folder, and drops only its own old ones.
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8);
  const template = `skincare_tpl_${checkout}_${seedFingerprint()}`;
  // Jest's workers start test files at once: one makes the template under an advisory lock
  // (held by its session), the others wait for it and find it made.
  await admin(async (c) => {
    await c.query(`select pg_advisory_lock(hashtext('skincare_tpl'))`);
    try {
      const exists = (await c.query('select 1 from pg_database where datname = $1', [template])).rowCount;
      if (exists) return;
      // Templates of older migrations or data are of no more use.
      const old = await c.query(`select datname from pg_database where datname like $1`, [
        `skincare_tpl_${checkout}_%`,
      ]);
      for (const row of old.rows) await c.query(`drop database if exists "${row.datname}" with (force)`);
      // Seeded under another name and renamed once complete: a seeding cut short (a worker
      // killed, a timeout) leaves no empty template behind to be copied by the next run.
      const partial = `${template}_partial`;
      await c.query(`create database "${partial}"`);
      await seed({ databaseUrl: withDatabase(adminUrl, partial), pgliteDir: '' });
      await c.query(`alter database "${partial}" rename to "${template}"`);
    } finally {
      await c.query(`select pg_advisory_unlock(hashtext('skincare_tpl'))`);
    }
  });
  const name = `skincare_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database "${name}" template "${template}"`));
  return {
    target: { databaseUrl: withDatabase(adminUrl, name), pgliteDir: '' },
    drop: () =>
      admin(async (c) => {
        await c.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}
