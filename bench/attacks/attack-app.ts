// What the attack scripts of bench/attacks share: the app started in-process as test/helpers/app.ts starts it (that
// file imports jest's globals, so it cannot run here), on a copy of the seeded test database (PGlite, or PostgreSQL
// with TEST_DB=postgres), with the default limits but the rate limit (one client sends every attack); and the peak
// of the resident memory while an attack runs.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Orm } from '../../src/db.js';
import { openTestDatabase } from '../../test/helpers/database.js';

export interface AttackApp {
  app: FastifyInstance;
  orm: Orm;
  config: Config;
  close(): Promise<void>;
}

export async function startAttackApp(env: Record<string, string> = {}): Promise<AttackApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    AUTH_JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: '/tmp/skincare-bench-unused/pglite',
    RATE_LIMIT_ENABLED: 'false',
    ...env,
  });
  const orm = await openDatabase(database.target);
  const app = await buildApp({ config, orm, logger: false });
  await app.ready();
  return {
    app,
    orm,
    config,
    close: async () => {
      await app.close();
      await orm.close();
      await database.drop();
    },
  };
}

/** Samples the resident memory every few milliseconds from now (after a collection, with --expose-gc). */
export function rssSampler(): { before: number; stop(): number } {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return {
    before,
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
