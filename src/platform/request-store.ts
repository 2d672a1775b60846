// Per-request state that must survive every await of the request (AsyncLocalStorage): whether
// the request committed a write to the database, so that the response cache is invalidated
// before the writer gets its answer, and only then (a request that failed, and so rolled back or
// never wrote, must not empty the cache: anyone could otherwise hold its hit rate at zero).
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onStatement } from '../sql-statements.js';
import { onProcessCacheDrop, onProcessCacheRead } from '../modules/shared/process-caches.js';

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
  /** What the request read: tables named by its statements, `cache:<name>` for process caches (response-cache.ts). */
  tablesRead: Set<string>;
  /** What its committed writes changed: tables, `cache:<name>`, or `*` when a statement's target is unknown. */
  tablesWritten: Set<string>;
  /** The same, for writes inside the transaction now open: they count once it commits. */
  pendingTables: Set<string>;
  request: FastifyRequest;
}

const storage = new AsyncLocalStorage<RequestStore>();
const stores = new WeakMap<FastifyRequest, RequestStore>();

/** Statements that read only; anything else (insert, update, delete, DDL, copy, locks) counts as a write. */
const READ_ONLY =
  /^\s*(\(?\s*select|with\b|show|explain|begin|start\s+transaction|commit|rollback|savepoint|release|set\s|reset\s)/i;
const HIDDEN_WRITE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|nextval|setval)\b/i;
/**
 * A select or a `with` query writes only when a write hides in it (a data-modifying CTE, a sequence). A `with`
 * read counted as a write of what cannot be told bumped every cached answer: product search's statement is one
 * (issue 43: each search emptied the response cache).
 */
const SELECT_OR_WITH = /^\s*(\(?\s*select|with)\b/i;
export const isWriteStatement = (sql: string): boolean =>
  !READ_ONLY.test(sql) || (SELECT_OR_WITH.test(sql) ? HIDDEN_WRITE.test(sql) : false);
/** The platform's own bookkeeping (idempotency records): no answer anyone reads depends on it, so it invalidates nothing. */
const BOOKKEEPING = /^\s*(insert\s+into|update|delete\s+from)\s+"?idempotency_record\b/i;

type WriteListener = () => void;
const outsideWriteListeners = new Set<WriteListener>();

/** Called for writes made outside any request, or after a request answered (background work). */
export function onWriteOutsideRequest(listener: WriteListener): () => void {
  outsideWriteListeners.add(listener);
  return () => outsideWriteListeners.delete(listener);
}

/** The table a write statement changes, each of them (a CTE may hold several); `*` when it cannot be told. */
const WRITE_TARGETS =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
export function tablesWrittenBy(sql: string): string[] {
  if (/^\s*(copy|create|alter|drop|truncate|grant|revoke|comment|do|call)\b/i.test(sql)) return ['*'];
  // An insert cascades to nothing (only its triggers write): named `insert:<table>`.
  const tables = [...sql.matchAll(WRITE_TARGETS)]
    .filter((m) => m[1].toLowerCase() !== 'set')
    .map((m) => (/^insert/i.test(m[0]) ? `insert:${m[1].toLowerCase()}` : m[1].toLowerCase()));
  return tables.length ? tables : ['*'];
}

/** Every identifier of a statement (quoted or not): the response cache keeps those that name tables. */
const IDENTIFIERS = /"([^"]+)"|\b([a-z_][a-z0-9_]*)\b/gi;
// Every read of every request asks this; its statements are a few hundred texts (prepared, values apart), so
// each is read once. Bounded, for statements that inline their values.
const identifiersBySql = new LRUCache<string, readonly string[]>({ max: 2_000 });
export function identifiersOf(sql: string): readonly string[] {
  let words = identifiersBySql.get(sql);
  if (!words) {
    words = [...sql.matchAll(IDENTIFIERS)].map((m) => (m[1] ?? m[2]).toLowerCase());
    identifiersBySql.set(sql, words);
  }
  return words;
}

const recordWrite = (store: RequestStore, tables: Iterable<string>): void => {
  const into = store.transactionDepth > 0 ? store.pendingTables : store.tablesWritten;
  for (const table of tables) into.add(table);
};

onStatement((sql) => {
  const store = storage.getStore();
  if (!isWriteStatement(sql) || BOOKKEEPING.test(sql)) {
    if (store && !store.sent) for (const word of identifiersOf(sql)) store.tablesRead.add(word);
    return;
  }
  if (store && !store.sent) {
    if (store.transactionDepth > 0) store.pendingWrite = true;
    else store.committed = true;
    recordWrite(store, tablesWrittenBy(sql));
  } else for (const listener of outsideWriteListeners) listener();
});

// What a request read from a process cache it depends on as on a table; a drop changes it.
onProcessCacheRead((name) => {
  const store = storage.getStore();
  if (store && !store.sent) store.tablesRead.add(`cache:${name}`);
});
onProcessCacheDrop((name) => {
  const store = storage.getStore();
  if (store && !store.sent) recordWrite(store, [`cache:${name}`]);
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
    if (store.transactionDepth === 0) {
      for (const table of store.pendingTables) store.tablesWritten.add(table);
      store.pendingTables.clear();
    }
  },
  afterTransactionRollback(): void {
    const store = storage.getStore();
    if (!store) return;
    store.transactionDepth = Math.max(0, store.transactionDepth - 1);
    // A savepoint rolled back keeps the outer transaction's pending writes (counting too many is safe).
    if (store.transactionDepth === 0) {
      store.pendingWrite = false;
      store.pendingTables.clear();
    }
  },
};

const tracked = new WeakSet<object>();

/** Registers the transaction tracker on an ORM's event manager, once however many apps share it. */
export function trackTransactions(eventManager: { registerSubscriber(subscriber: object): void }): void {
  if (tracked.has(eventManager)) return;
  tracked.add(eventManager);
  eventManager.registerSubscriber(transactionTracker);
}

/** A write made for this request committed by other means (the group-committed analysis INSERT), to these tables. */
export function markCommittedWrite(tables: string[]): void {
  const store = storage.getStore();
  if (!store || store.sent) return;
  store.committed = true;
  for (const table of tables) store.tablesWritten.add(table);
}

export const currentStore = (): RequestStore | undefined => storage.getStore();
export const storeOf = (request: FastifyRequest): RequestStore | undefined => stores.get(request);

/** Opens the store on every request (first hook of all) and re-enters it before the handler. */
export function registerRequestStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store: RequestStore = {
      committed: false,
      pendingWrite: false,
      transactionDepth: 0,
      sent: false,
      request,
      tablesRead: new Set(),
      tablesWritten: new Set(),
      pendingTables: new Set(),
    };
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
