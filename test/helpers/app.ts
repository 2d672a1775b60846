import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { Authenticator } from '../../src/auth.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type EntityManager, type Orm } from '../../src/db.js';
import { newId } from '../../src/modules/shared/ids.js';
import { User, UserType } from '../../src/modules/user/user.entity.js';
import { totalStatements } from '../../src/sql-statements.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The environment of a test app (more apps on the same database: `loadConfig({ ...TEST_ENV, … })`). */
export const TEST_ENV = {
  AUTH_JWT_SECRET: TEST_JWT_SECRET,
  IDP_WEBHOOK_SECRET: 'test-idp-secret',
  LOG_LEVEL: 'silent',
  PGLITE_DIR: join(tmpdir(), 'skincare-test-unused', 'pglite'),
  // Test files send hundreds of requests a minute; test/protections.test.ts turns limits on.
  RATE_LIMIT_ENABLED: 'false',
};

export interface TestApp {
  app: FastifyInstance;
  orm: Orm;
  config: Config;
  auth: Authenticator;
  /** A bearer token for a user of this type, creating the user when needed. */
  tokenFor(username: string, type?: `${UserType}`): Promise<string>;
  /** The user row behind a username. */
  user(username: string): Promise<User>;
  inject(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Runs a request and counts the SQL statements it sent. */
  countStatements(
    options: InjectOptions & { token?: string },
  ): Promise<{ response: LightMyRequestResponse; statements: number }>;
  em(): EntityManager;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: { sqlLog?: (line: string) => void } = {},
): Promise<TestApp> {
  const database: TestDatabase = await openTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ADMIN_SUBJECTS: 'test|root', ...env });
  const orm = await openDatabase({ ...database.target, sqlLog: options.sqlLog });
  const app = await buildApp({ config, orm, logger: false });
  await app.ready();
  const auth = new Authenticator(config.auth);

  const em = () => orm.em.fork() as EntityManager;
  const testApp: TestApp = {
    app,
    orm,
    config,
    auth,
    em,
    async tokenFor(username, type = 'member') {
      const subject = `test|${username}`;
      const e = em();
      const existing = await e.findOne(User, { subject });
      if (!existing) {
        await e.insert(User, {
          id: newId(),
          subject,
          username,
          userType: type as UserType,
          bio: '',
          email: `${username}@example.com`,
          createdAt: new Date(),
          updatedAt: new Date(),
        } as never);
      } else if (existing.userType !== type) {
        existing.userType = type as UserType;
        await e.flush();
      }
      return auth.sign({ sub: subject, preferred_username: username, email: `${username}@example.com` });
    },
    async user(username) {
      return em().findOneOrFail(User, { username });
    },
    inject({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async countStatements(options) {
      const before = totalStatements();
      const response = await testApp.inject(options);
      return { response, statements: totalStatements() - before };
    },
    async close() {
      await app.close();
      await orm.close();
      await database.drop();
    },
  };
  return testApp;
}

/** The body of an error response, checked to be in the contract's format. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  details?: { field?: string };
} {
  const body = response.json() as { error?: { code: string; message: string } };
  if (!body.error || typeof body.error.code !== 'string' || typeof body.error.message !== 'string') {
    throw new Error(`Not an error in the contract's format: ${response.body}`);
  }
  return body.error;
}

/**
 * For a test file that reads the SQL its requests send: a test app, response cache off, whose SQL log lines are
 * kept in `lines`; started before the file's tests (`app` is set then) and closed after them.
 */
export function testAppWithSqlLog(): { app: TestApp; lines: string[] } {
  const logged = { app: undefined as unknown as TestApp, lines: [] as string[] };
  beforeAll(async () => {
    logged.app = await startTestApp({ CACHE_ENABLED: 'false' }, { sqlLog: (line) => logged.lines.push(line) });
  });
  afterAll(async () => {
    await logged.app?.close();
  });
  return logged;
}
