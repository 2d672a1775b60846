// The one-connection rule, enforced: inside a transaction, every query goes through that
// transaction (its EntityManager: `ctx.em` inside a mutation, `tx` inside `em.transactional`).
//
// PGlite has ONE connection. A query sent from inside a transaction through another entity
// manager (the request's outer one, an `orm.em.fork()`, a second `em.transactional`) waits for
// the connection that this same transaction holds: it waits forever, and the request with it.
// On PostgreSQL the same query takes a second pooled connection and reads outside the
// transaction (it misses the transaction's own writes, and waits on its row locks): a bug too.
// So on both databases such a query fails at once with TransactionBypassed, naming this rule.
//
// How: each top-level transaction run through `Connection.transactional` (what `em.transactional`
// and the mutation wrapper use) marks its async flow (AsyncLocalStorage). A query, stream or new
// transaction that carries no transaction of its own (no `ctx`) from inside a marked flow is the
// deadlock. Other requests are other flows: they queue for the connection as before. Work started
// inside a transaction and not awaited by it (a timer, a fire-and-forget promise) inherits the
// mark while the transaction is open: start it after the commit, or from `runOutsideTransaction`.
// Not covered: `em.begin()`/`em.commit()` by hand (unused here) and raw Kysely calls.
//
// Cost: a counter test per query while no transaction is open; one AsyncLocalStorage lookup per
// query sent without a transaction while one is.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Configuration, Transaction } from '@mikro-orm/core';
import { PgliteConnection, PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { AbstractSqlConnection } from '@mikro-orm/sql';

export const TRANSACTION_BYPASSED = 'TRANSACTION_BYPASSED';

/**
 * A query went around the transaction its async flow holds (see the rule above). MikroORM wraps
 * errors of queries in a DriverException that keeps the message and `code`.
 */
export class TransactionBypassed extends Error {
  readonly code = TRANSACTION_BYPASSED;
  constructor(what: string) {
    super(
      `${what} from inside an open transaction, but not through it (another EntityManager, e.g. the request's outer one or orm.em.fork()). ` +
        'On PGlite it would wait forever for the one connection this transaction holds; on PostgreSQL it would run outside the transaction. ' +
        "Query through the transaction's EntityManager (ctx.em inside a mutation). See src/platform/transaction-guard.ts.",
    );
    this.name = 'TransactionBypassed';
  }
}

interface HeldTransaction {
  open: boolean;
}

const flows = new AsyncLocalStorage<HeldTransaction>();
/** Top-level transactions running now, in any flow: zero on most queries, which then skip the lookup. */
let running = 0;

function refuseIfHeld(what: string): void {
  if (running > 0 && flows.getStore()?.open) throw new TransactionBypassed(what);
}

/** Runs `work` as if outside any transaction: for work a transaction starts but does not wait for. */
export const runOutsideTransaction = <T>(work: () => T): T => flows.exit(work);

type TransactionalOptions = Parameters<AbstractSqlConnection['transactional']>[1];
type BeginOptions = Parameters<AbstractSqlConnection['begin']>[0];
type ExecuteArgs = Parameters<AbstractSqlConnection['execute']>;
type StreamArgs = Parameters<AbstractSqlConnection['stream']>;
// TypeScript requires a mixin base to take `any[]` arguments.
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base constructor must take any arguments (TS2545)
type SqlConnectionClass = abstract new (...args: any[]) => AbstractSqlConnection;

/** The connection class with the rule: a query without a transaction from a flow that holds one fails. */
function guarded<C extends SqlConnectionClass>(Base: C) {
  abstract class Guarded extends Base {
    override async transactional<T>(
      cb: (trx: Transaction) => Promise<T>,
      options: TransactionalOptions = {},
    ): Promise<T> {
      // A savepoint inside the flow's own transaction: already marked.
      if (options.ctx) return super.transactional(cb, options);
      refuseIfHeld('A new transaction was opened');
      const held: HeldTransaction = { open: false };
      running++;
      try {
        return await flows.run(held, () => super.transactional(cb, options));
      } finally {
        held.open = false;
        running--;
      }
    }

    override async begin(options: BeginOptions = {}): Promise<Transaction> {
      if (options.ctx) return super.begin(options);
      refuseIfHeld('A new transaction was opened');
      const trx = await super.begin(options);
      const held = flows.getStore();
      if (held) held.open = true;
      return trx;
    }

    override async execute(...args: ExecuteArgs): Promise<never> {
      if (!args[3]) refuseIfHeld('A query was sent');
      return super.execute(...args) as Promise<never>;
    }

    override async *stream(...args: StreamArgs): AsyncIterableIterator<never> {
      if (!args[2]) refuseIfHeld('A query was streamed');
      yield* super.stream(...args) as AsyncIterableIterator<never>;
    }
  }
  return Guarded;
}

const GuardedPgliteConnection = guarded(PgliteConnection);

/** A driver's connection is set by its own constructor and typed read-only: the guarded one replaces it there, once. */
function useConnection(driver: PgliteDriver | PostgreSqlDriver, connection: AbstractSqlConnection): void {
  Object.assign(driver, { connection });
}
const GuardedPostgreSqlConnection = guarded(PostgreSqlConnection);

/** PgliteDriver whose connection enforces the rule. */
export class PgliteDriverWithGuard extends PgliteDriver {
  constructor(config: Configuration) {
    super(config);
    useConnection(this, new GuardedPgliteConnection(this.config));
  }
}

/** PostgreSqlDriver whose connection enforces the rule (read replicas serve no transaction). */
export class PostgreSqlDriverWithGuard extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    useConnection(this, new GuardedPostgreSqlConnection(this.config));
  }
}
