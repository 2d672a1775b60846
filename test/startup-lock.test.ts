// Instances starting together on a fresh database: a rolling deployment starts
// its replicas at once. Each opens the database, migrates and seeds an empty one as
// src/server.ts does; all must come up and nothing may be seeded twice.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../mikro-orm.config.js';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager, type Orm } from '../src/db.js';
import { migrationsList } from '../src/migrations/index.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { TEST_JWT_SECRET } from './helpers/app.js';
import { openTestDatabase, testDatabaseKind } from './helpers/database.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const onPostgres = testDatabaseKind === 'postgres' ? it : it.skip;
const closing: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => undefined);
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const count = async (orm: Orm, table: string): Promise<number> =>
  Number(
    (
      await (orm.em.fork() as EntityManager).execute<Array<{ n: string | number }>>(
        `select count(*) as n from ${table}`,
      )
    )[0].n,
  );

describe('instances starting together', () => {
  onPostgres(
    'three boots at once on a fresh PostgreSQL database: all come up, migrated and seeded once',
    async () => {
      const name = `skincare_boot_${randomBytes(5).toString('hex')}`;
      await admin(`create database "${name}"`);
      closing.push(() => admin(`drop database if exists "${name}" with (force)`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const target = { databaseUrl: url.toString(), pgliteDir: '' };
      const config = loadConfig({
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        IDP_WEBHOOK_SECRET: 'x',
        LOG_LEVEL: 'silent',
        DATABASE_URL: target.databaseUrl,
        RATE_LIMIT_ENABLED: 'false',
      });

      const boot = async () => {
        let seeded = { seeded: false, ingredients: 0, inventory: 0, products: 0 };
        const orm = await openDatabase(target, {
          whileLocked: async (opened) => {
            seeded = await seedIfEmpty(opened, { demo: true });
          },
        });
        closing.push(() => orm.close());
        const app = await buildApp({ config, orm, logger: false });
        closing.unshift(() => app.close());
        return { orm, app, seeded };
      };
      const booted = await Promise.allSettled([boot(), boot(), boot()]);
      expect(booted.map((b) => (b.status === 'rejected' ? String(b.reason) : 'up'))).toEqual(['up', 'up', 'up']);
      const instances = booted.map((b) => (b as PromiseFulfilledResult<Awaited<ReturnType<typeof boot>>>).value);
      for (const { app } of instances)
        expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);

      expect(instances.filter((i) => i.seeded.seeded)).toHaveLength(1);
      // Row for row what one seeding makes: the tests' own database, seeded once from empty.
      const reference = await openTestDatabase();
      closing.push(() => reference.drop());
      const seededOnce = await openDatabase(reference.target);
      closing.push(() => seededOnce.close());
      const { orm } = instances[0];
      // The reference is seeded without the EU inventory; the boots add it once, on top.
      const inventoryRows = instances.reduce((sum, i) => sum + i.seeded.inventory, 0);
      expect(inventoryRows).toBeGreaterThan(20_000);
      expect(await count(orm, 'ingredient')).toBe((await count(seededOnce, 'ingredient')) + inventoryRows);
      expect(await count(orm, 'ingredient where not curated')).toBe(inventoryRows);
      for (const table of [
        'product',
        'brand',
        'app_user',
        'routine',
        'product_list_version',
        'product_reaction',
        'routine_favorite',
      ]) {
        expect([table, await count(orm, table)]).toEqual([table, await count(seededOnce, table)]);
      }
      expect(await count(orm, 'mikro_orm_migrations')).toBe(migrationsList.length);
    },
    // Three real boots seed the EU inventory too: minutes on a loaded 2-core machine.
    900_000,
  );

  it('seeding an empty database from three places at once seeds it once', async () => {
    // One PGlite (its folder lock keeps a second process out): the three seeders queue on its one
    // connection, each seeing the database empty before its transaction.
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const orm = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://', pglite });
    closing.push(() => orm.close());
    const results = await Promise.all([1, 2, 3].map(() => seedIfEmpty(orm, { demo: false, inventory: false })));
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await count(orm, 'ingredient')).toBe(results.find((r) => r.seeded)!.ingredients);
  }, 240_000);
});
