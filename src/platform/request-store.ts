// Per-request state that must survive every await of the request (AsyncLocalStorage): whether
// the request committed a write to the database, so that the response cache is invalidated
// before the writer gets its answer, and only then (a request that failed, and so rolled back or
// never wrote, must not empty the cache: anyone could otherwise hold its hit rate at zero).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onStatement } from '../sql-statements.js';

export interface RequestStore {
  /** A write of this request has committed (or went out outside a transaction, which commits it). */
  committed: boolean;
  /** A write was sent inside the transaction now open: it counts once that transaction commits. */
  pendingWrite: boolean;
  /** Transactions (and savepoints) open in this request. */
  transactionDepth: number;
  /** The response has gone: later writes (background work) invalidate on their own. */
  sent: boolean;
  /** In-process caches this request dropped: announced to the other instances once it has committed. */
  droppedCaches?: Set<string>;
  request: FastifyRequest;
}

const storage = new AsyncLocalStorage<RequestStore>();
const stores = new WeakMap<FastifyRequest, RequestStore>();

/** Statements that read only; anything else (insert, update, delete, DDL, copy, locks) counts as a write. */
const READ_ONLY =
  /^\s*(\(?\s*select|show|explain|begin|start\s+transaction|commit|rollback|savepoint|release|set\s|reset\s)/i;
const HIDDEN_WRITE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|nextval|setval)\b/i;
export const isWriteStatement = (sql: string): boolean =>
  !READ_ONLY.test(sql) || (/^\s*\(?\s*select/i.test(sql) ? HIDDEN_WRITE.test(sql) : false);
/** The platform's own bookkeeping (idempotency records): no answer anyone reads depends on it, so it invalidates nothing. */
const BOOKKEEPING = /^\s*(insert\s+into|update|delete\s+from)\s+"?idempotency_record\b/i;

type WriteListener = () => void;
const outsideWriteListeners = new Set<WriteListener>();

/** Called for writes made outside any request, or after a request answered (background work). */
export function onWriteOutsideRequest(listener: WriteListener): () => void {
  outsideWriteListeners.add(listener);
  return () => outsideWriteListeners.delete(listener);
}

onStatement((sql) => {
  if (!isWriteStatement(sql) || BOOKKEEPING.test(sql)) return;
  const store = storage.getStore();
  if (store && !store.sent) {
    if (store.transactionDepth > 0) store.pendingWrite = true;
    else store.committed = true;
  } else for (const listener of outsideWriteListeners) listener();
});

/**
 * Follows the transactions of the request (MikroORM's transaction events, registered by
 * buildApp): writes sent inside one count when the outermost commits, and not when it rolls back.
 */
export const transactionTracker = {
  getSubscribedEntities: () => [],
  afterTransactionStart(): void {
    const store = storage.getStore();
    if (store) store.transactionDepth++;
  },
  afterTransactionCommit(): void {
    const store = storage.getStore();
    if (!store) return;
    store.transactionDepth = Math.max(0, store.transactionDepth - 1);
    if (store.transactionDepth === 0 && store.pendingWrite) {
      store.pendingWrite = false;
      store.committed = true;
    }
  },
  afterTransactionRollback(): void {
    const store = storage.getStore();
    if (!store) return;
    store.transactionDepth = Math.max(0, store.transactionDepth - 1);
    // A savepoint rolled back keeps the outer transaction's pending writes (counting too many is safe).
    if (store.transactionDepth === 0) store.pendingWrite = false;
  },
};

const tracked = new WeakSet<object>();

/** Registers the transaction tracker on an ORM's event manager, once however many apps share it. */
export function trackTransactions(eventManager: { registerSubscriber(subscriber: object): void }): void {
  if (tracked.has(eventManager)) return;
  tracked.add(eventManager);
  eventManager.registerSubscriber(transactionTracker);
}

/** A write made for this request committed by other means (the group-committed analysis INSERT). */
export function markCommittedWrite(): void {
  const store = storage.getStore();
  if (store && !store.sent) store.committed = true;
}

export const currentStore = (): RequestStore | undefined => storage.getStore();
export const storeOf = (request: FastifyRequest): RequestStore | undefined => stores.get(request);

/** Opens the store on every request (first hook of all) and re-enters it before the handler. */
export function registerRequestStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store: RequestStore = { committed: false, pendingWrite: false, transactionDepth: 0, sent: false, request };
    stores.set(request, store);
    storage.run(store, done);
  });
  // First of the onSend hooks: from here on the response is going out (the write has committed).
  app.addHook('onSend', (request, _reply, payload, done) => {
    const store = stores.get(request);
    if (store) store.sent = true;
    done(null, payload);
  });
  // Body parsing runs on stream events, which may lose the context: enter it again.
  app.addHook('preHandler', (request, _reply, done) => {
    const store = stores.get(request);
    if (store) storage.run(store, done);
    else done();
  });
}
