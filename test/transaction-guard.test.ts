// The one-connection rule (src/platform/transaction-guard.ts): a query that goes around the
// transaction its own async flow holds fails at once, instead of waiting forever on PGlite.
import { GraphQLObjectType, GraphQLSchema, GraphQLString, graphql } from 'graphql';
import { createContext, type Context } from '../src/context.js';
import type { EntityManager } from '../src/db.js';
import { Brand } from '../src/modules/brand/brand.entity.js';
import { wrapMutationsInTransactions } from '../src/modules/shared/transactional.js';
import { runOutsideTransaction, TRANSACTION_BYPASSED } from '../src/platform/transaction-guard.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** Settles `work` or says it hung: a hang must show as a failure, not as a test timeout. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), ms);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a query that goes around the open transaction fails at once', () => {
  test('through orm.em.fork() inside em.transactional', async () => {
    // `within` gives up after 5 s: an answer here is the guard's error, not a wait for a lock that never comes.
    const outcome = await within(
      5000,
      t
        .em()
        .transactional(async () => t.orm.em.fork().count(Brand))
        .catch((error: unknown) => error),
    );
    // The query's error comes wrapped by MikroORM (a DriverException), keeping the message and code.
    expect(outcome).toMatchObject({
      code: TRANSACTION_BYPASSED,
      message: expect.stringMatching(
        /^A query was sent from inside an open transaction, but not through it.*On PGlite it would wait forever/s,
      ),
    });
  });

  test('a second top-level transaction opened inside one', async () => {
    const outcome = await within(
      5000,
      t
        .em()
        .transactional(async () => t.orm.em.fork().transactional(async (inner) => inner.count(Brand)))
        .catch((error: unknown) => error),
    );
    expect(outcome).toMatchObject({ name: 'TransactionBypassed', code: TRANSACTION_BYPASSED });
  });

  test("through the request's outer entity manager inside a mutation: the client gets INTERNAL, the server does not hang", async () => {
    const query = new GraphQLObjectType({
      name: 'Query',
      fields: { ok: { type: GraphQLString, resolve: () => 'ok' } },
    });
    let outer: EntityManager | null = null;
    const mutation = new GraphQLObjectType<unknown, Context>({
      name: 'Mutation',
      fields: { countAround: { type: GraphQLString, resolve: async () => String(await outer!.count(Brand)) } },
    });
    const schema = new GraphQLSchema({ query, mutation });
    wrapMutationsInTransactions(schema);
    outer = t.em();
    const contextValue = createContext(outer, null, 'test', 'http://localhost', {
      mailer: null as never,
      idpWebhookSecret: '',
    });
    const result = await within(
      5000,
      Promise.resolve(graphql({ schema, source: 'mutation { countAround }', contextValue })),
    );
    expect(result).not.toBe('hung');
    expect((result as { errors?: Array<{ originalError?: unknown }> }).errors?.[0]?.originalError).toMatchObject({
      code: TRANSACTION_BYPASSED,
    });
  });
});

describe('what the rule leaves alone', () => {
  test('queries and savepoints through the transaction itself', async () => {
    const counted = await t.em().transactional(async (tx) => {
      const before = await tx.count(Brand);
      const nested = await tx.transactional(async (inner) => inner.count(Brand));
      return before === nested ? nested : -1;
    });
    expect(counted).toBeGreaterThan(0);
  });

  test('another flow queues for the connection while a transaction holds it, and gets its answer after the commit', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const transaction = t.em().transactional(async (tx) => {
      await tx.count(Brand);
      opened();
      await holding;
    });
    await isOpen;
    // Started from this test's flow, not the transaction's: legitimate concurrency.
    const other = t.em().count(Brand);
    release();
    await transaction;
    expect(await within(5000, other)).toBeGreaterThan(0);
  });

  test('work a transaction starts but does not wait for: after the commit, or through runOutsideTransaction', async () => {
    let later: Promise<number> | null = null;
    let outside: Promise<number> | null = null;
    await t.em().transactional(async (tx) => {
      await tx.count(Brand);
      later = new Promise<number>((resolve, reject) => setTimeout(() => t.em().count(Brand).then(resolve, reject), 50));
      outside = runOutsideTransaction(() => t.em().count(Brand));
    });
    expect(await within(5000, later!)).toBeGreaterThan(0);
    expect(await within(5000, outside!)).toBeGreaterThan(0);
  });
});
