// The cache of public GET responses for anonymous callers.
//
// Never stale, by construction: every entry records the generations of what it was read from
// (each table its statements named, each process cache it used, and the global generation `*`),
// taken before it was read; every request that wrote bumps the generations of what it changed
// *before its response is sent* (onSend), and an entry is served only while all of its
// generations are unchanged. So a write drops the cached reads it changes and no others (issue
// 37: one anonymous client sharing comparisons at 5/s emptied the whole cache). What a write
// changes: the tables its statements name, plus what their triggers write and their foreign keys
// cascade to (read from the database's catalog at start-up), plus the process caches it drops;
// a statement whose target cannot be told, DDL, a write outside a request, bump `*` (everything).
// A reader that started before the write holds older generations, so its entry is never served.
// With REDIS_URL the generations and the entries live in Redis, so a write on one instance is
// seen at once on every other; each instance also keeps an in-process copy of entries, checked
// against the same shared generations (so it can never be stale either).
//
// Redis away: a write cannot bump the shared generation, so no instance can trust anything cached
// before it. While the connection is down nothing is cached or served from the cache (an entry
// kept then could be outdated by another instance's write that nobody hears of). When it is back,
// every instance that saw the outage starts a new generation before it uses the cache again, and
// caches nothing for a short while after (the other instances are reconnecting too: a write one
// of them made while still cut off is covered by its own new generation once it is back). A bump
// refused by a connected Redis (out of memory) deletes the generation instead, which every
// instance then starts afresh; if that fails too, the next connection re-bases.
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Orm } from '../db.js';
import { MAX_RECONNECT_DELAY_MS, type RedisLink } from './redis.js';
import { currentStore, onWriteOutsideRequest, storeOf, trackTransactions } from './request-store.js';

export interface CachedResponse {
  status: number;
  contentType: string;
  body: string;
  etag: string;
}

/** An entry with the generations it was read under: `*`, and each table or `cache:<name>` it read. */
interface StoredResponse extends CachedResponse {
  deps: Record<string, string>;
}

/** The generations now: `*` and each table's (a table never written has none: "0"). */
type Generations = Record<string, string>;

/**
 * What the database tells about writes: the tables there are, and per table what else a write to
 * it changes (its triggers' writes, its foreign keys' cascades), closed transitively.
 */
export interface WriteGraph {
  tables: ReadonlySet<string>;
  /** What an update or delete of the table changes besides (its triggers and cascades, then theirs). */
  alsoWritten: ReadonlyMap<string, ReadonlySet<string>>;
  /** What an insert into the table changes besides (its triggers, then theirs: an insert cascades to nothing). */
  alsoInserted: ReadonlyMap<string, ReadonlySet<string>>;
  /** Per SQL function of ours, the tables it reads (a read calling it depends on them). */
  functionReads: ReadonlyMap<string, ReadonlySet<string>>;
  /** Views: what they read is not followed, so an answer reading one is not kept. */
  views: ReadonlySet<string>;
}

const TABLES_SQL = `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm') and n.nspname = current_schema()`;
const FUNCTIONS_SQL = `select p.proname as name, p.prosrc as source from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = current_schema()`;
const CASCADES_SQL = `select child.relname as child, parent.relname as parent from pg_constraint k
  join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
  where k.contype = 'f' and (k.confdeltype in ('c', 'n', 'd') or k.confupdtype in ('c', 'n', 'd'))`;
const TRIGGERS_SQL = `select c.relname as name, p.prosrc as source from pg_trigger t
  join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal`;
const WRITES_IN_SOURCE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Reads the write graph from the database's catalog (PostgreSQL and PGlite alike). */
export async function readWriteGraph(
  execute: (sql: string) => Promise<Array<Record<string, string>>>,
): Promise<WriteGraph> {
  const relations = await execute(TABLES_SQL);
  const tables = new Set(relations.map((r) => r.name));
  const views = new Set(relations.filter((r) => r.kind === 'v' || r.kind === 'm').map((r) => r.name));
  // Functions read what their source names, and what the functions they call read.
  const sources = new Map((await execute(FUNCTIONS_SQL)).map((r) => [r.name, r.source ?? '']));
  const namedIn = (source: string) => new Set(source.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
  const functionReads = new Map<string, Set<string>>();
  for (const name of sources.keys()) {
    const reads = new Set<string>();
    const seen = new Set([name]);
    const queue = [name];
    while (queue.length)
      for (const word of namedIn(sources.get(queue.pop()!) ?? '')) {
        if (tables.has(word)) reads.add(word);
        else if (sources.has(word) && !seen.has(word)) {
          seen.add(word);
          queue.push(word);
        }
      }
    if (reads.size) functionReads.set(name, reads);
  }
  const direct = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    const targets = direct.get(from) ?? new Set<string>();
    targets.add(to);
    direct.set(from, targets);
  };
  const triggered = new Map<string, Set<string>>();
  for (const { name, source } of await execute(TRIGGERS_SQL)) {
    const targets = [...source.matchAll(WRITES_IN_SOURCE)].map((m) => m[1].toLowerCase()).filter((t) => tables.has(t));
    const into = triggered.get(name) ?? new Set<string>();
    // A trigger function that writes what we cannot name (dynamic SQL) changes anything.
    if (/\bexecute\b/i.test(source)) into.add('*');
    for (const target of targets) into.add(target);
    triggered.set(name, into);
    for (const target of into) add(name, target);
  }
  for (const { child, parent } of await execute(CASCADES_SQL)) add(parent, child);
  /** Everything reached from these, following triggers and cascades. */
  const reach = (start: Iterable<string>) => {
    const seen = new Set<string>(start);
    const queue = [...seen];
    while (queue.length)
      for (const next of direct.get(queue.pop()!) ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
    return seen;
  };
  const alsoWritten = new Map([...direct.keys()].map((table) => [table, reach([table])]));
  const alsoInserted = new Map([...triggered].map(([table, targets]) => [table, reach(targets)]));
  return { tables, alsoWritten, alsoInserted, functionReads, views };
}

export interface ResponseCacheOptions {
  redis: Redis | null;
  /** The server's connection state (absent for a command-line tool, whose commands wait). */
  link?: RedisLink;
  prefix: string;
  maxEntries: number;
  ttlSeconds: number;
  log: FastifyBaseLogger;
}

/** Start a new generation sequence above any used before (Redis emptied, or a fresh start). */
const freshGeneration = (): number => Date.now() * 1000;

const BUMP = `if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;
/** Per-table generations start above any used before, as `*` does: a hash evicted and begun again never repeats one. */
const BUMP_TABLES = `for i = 2, #ARGV do
  if redis.call('hexists', KEYS[1], ARGV[i]) == 0 then redis.call('hset', KEYS[1], ARGV[i], ARGV[1]) end
  redis.call('hincrby', KEYS[1], ARGV[i], 1)
end
return 1`;

/** After a reconnection, how long the cache stays unused while the other instances reconnect and re-base. */
const SETTLE_MS = 2 * MAX_RECONNECT_DELAY_MS;

export class ResponseCache {
  private readonly local: LRUCache<string, StoredResponse>;
  /** Without Redis: the generations, in process. */
  private readonly localGenerations = new Map<string, number>([['*', freshGeneration()]]);
  private readonly genKey: string;
  private readonly tablesKey: string;
  /** What writes change (null until read from the database, or for a command-line tool: writes then bump `*`). */
  graph: WriteGraph | null = null;
  /** The graph being read (the first lookups wait for it: a few catalog statements at start-up). */
  graphRead: Promise<unknown> | null = null;
  /** Bumps by scope, in this process: `*` (everything) or the tables and caches named (tests and the bench count them). */
  readonly bumps = { everything: 0, tables: 0 };
  /** No caching before this time: Redis is back, the instances are re-basing. */
  private settledAt = 0;
  /** A bump that could not reach Redis: the next connection must start a new generation. */
  bumpOwed = false;
  hits = 0;
  misses = 0;
  /** Lookups answered without the cache because the shared generation could not be trusted. */
  bypassed = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.local = new LRUCache<string, StoredResponse>({
      max: options.maxEntries,
      ttl: options.ttlSeconds * 1000,
      maxSize: 128 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length + 200,
    });
    this.genKey = `${options.prefix}cache:gen`;
    this.tablesKey = `${options.prefix}cache:tables`;
    options.link?.onReady((afterOutage) => {
      if (afterOutage || this.bumpOwed) return this.rebase();
    });
    options.link?.onDown(() => this.local.clear());
  }

  /** Whether the shared generation can be trusted now (Redis connected, re-based, settled). */
  get usable(): boolean {
    const { link } = this.options;
    return !link || (link.up && !this.rebasing && Date.now() >= this.settledAt);
  }

  private rebasing = false;

  /** Back after an outage: a new generation before anything is served from the cache again. */
  private async rebase(): Promise<void> {
    this.rebasing = true;
    this.local.clear();
    this.settledAt = Date.now() + SETTLE_MS;
    const error = await this.advance();
    if (!error) {
      this.bumpOwed = false;
      this.rebasing = false;
      this.options.log.info('response cache: new generation after the Redis outage');
      return;
    }
    // Still owed: tried again in a moment, or on the next 'ready' if the connection goes.
    this.bumpOwed = true;
    this.options.log.error(
      { err: error },
      'response cache: could not start a new generation after the outage; not caching',
    );
    this.options.link?.commandFailed(error);
    setTimeout(() => {
      if (this.options.link?.up && this.rebasing) void this.rebase();
    }, MAX_RECONNECT_DELAY_MS).unref();
  }

  /**
   * Moves the shared generation on; returns the error when it could not. A bump refused by a
   * Redis that answers (out of memory) deletes the generation instead (DEL is allowed then):
   * every instance then starts a new one above it.
   */
  private async advance(): Promise<unknown> {
    const redis = this.options.redis!;
    try {
      await redis.eval(BUMP, 1, this.genKey, String(freshGeneration()));
      return null;
    } catch (error) {
      const deleted = await redis.del(this.genKey).then(
        () => true,
        () => false,
      );
      if (!deleted) return error;
      this.options.log.warn({ err: error }, 'response cache: could not bump the generation; deleted it instead');
      return null;
    }
  }

  /** The generations now, or null when they cannot be known (Redis away): then no caching. */
  async generations(): Promise<Generations | null> {
    const { redis } = this.options;
    if (!redis) return Object.fromEntries([...this.localGenerations].map(([k, v]) => [k, String(v)]));
    if (!this.usable) {
      this.bypassed++;
      return null;
    }
    try {
      const read = async () => {
        const results = await redis.pipeline().get(this.genKey).hgetall(this.tablesKey).exec();
        const [[genError, global], [tablesError, tables]] = results!;
        if (genError || tablesError) throw genError ?? tablesError;
        return { global: global as string | null, tables: tables as Record<string, string> };
      };
      let { global, tables } = await read();
      if (global === null) {
        await redis.set(this.genKey, String(freshGeneration()), 'NX');
        ({ global, tables } = await read());
      }
      return { ...tables, '*': global! };
    } catch (error) {
      this.options.link?.commandFailed(error);
      this.options.log.warn({ err: error }, 'response cache: Redis unavailable, not caching');
      this.bypassed++;
      return null;
    }
  }

  /** An entry is served while every generation it was read under is still the current one. */
  private static current(entry: StoredResponse, generations: Generations): boolean {
    for (const name in entry.deps) if ((generations[name] ?? '0') !== entry.deps[name]) return false;
    return true;
  }

  /** What a write to these tables (and caches) changes: they, what their triggers and cascades write; `*` when unsure. */
  changedBy(written: Iterable<string>): Set<string> {
    const changed = new Set<string>();
    for (const name0 of written) {
      const inserted = name0.startsWith('insert:');
      const name = inserted ? name0.slice('insert:'.length) : name0;
      if (name === '*' || !this.graph || (!name.startsWith('cache:') && !this.graph.tables.has(name)))
        return new Set(['*']);
      changed.add(name);
      for (const also of (inserted ? this.graph.alsoInserted : this.graph.alsoWritten).get(name) ?? [])
        changed.add(also);
    }
    return changed.has('*') ? new Set(['*']) : changed;
  }

  /** Outdates the cached reads of these tables and caches (`*`, or none named: every cached response). */
  async bumpTables(names: Iterable<string>): Promise<void> {
    const changed = this.changedBy(names);
    if (changed.size === 0 || changed.has('*')) return this.bump();
    this.bumps.tables++;
    const { redis, link } = this.options;
    if (!redis) {
      for (const name of changed) this.localGenerations.set(name, (this.localGenerations.get(name) ?? 0) + 1);
      return;
    }
    if (link && !link.up) {
      this.owe(new Error('Redis is not connected'));
      return;
    }
    try {
      await redis.eval(BUMP_TABLES, 1, this.tablesKey, String(freshGeneration()), ...changed);
    } catch {
      // Could not move those on: move everything on instead (or owe it).
      await this.bump();
    }
  }

  /** Every cached response is outdated from now on. */
  async bump(): Promise<void> {
    this.bumps.everything++;
    this.localGenerations.set('*', this.localGenerations.get('*')! + 1);
    const { redis, link } = this.options;
    if (!redis) return;
    this.local.clear();
    if (link && !link.up) {
      this.owe(new Error('Redis is not connected'));
      return;
    }
    const error = await this.advance();
    if (error) this.owe(error);
  }

  /** The bump did not reach Redis: this instance re-bases on its next connection, and stops trusting the current one. */
  private owe(error: unknown): void {
    // Once per outage: every write of the outage owes the same bump.
    if (!this.bumpOwed)
      this.options.log.error(
        { err: error },
        'response cache: could not bump the generation in Redis; a new one starts when Redis is back',
      );
    this.bumpOwed = true;
    // Connected but unable to write the generation: the reconnection re-bases.
    this.options.link?.reset();
  }

  private redisKey(url: string): string {
    return `${this.options.prefix}cache:e:${url}`;
  }

  async get(url: string, generations: Generations): Promise<CachedResponse | undefined> {
    const found = this.local.get(url);
    if (found && ResponseCache.current(found, generations)) {
      this.hits++;
      return found;
    }
    if (!this.options.redis) {
      this.misses++;
      return undefined;
    }
    try {
      const raw = await this.options.redis.get(this.redisKey(url));
      const entry = raw ? (JSON.parse(raw) as StoredResponse) : null;
      if (!entry?.deps || !ResponseCache.current(entry, generations)) {
        this.misses++;
        return undefined;
      }
      this.local.set(url, entry);
      this.hits++;
      return entry;
    } catch (error) {
      this.options.link?.commandFailed(error);
      this.misses++;
      return undefined;
    }
  }

  /**
   * Keeps an answer under the generations read before it was computed, restricted to what its
   * request read (the request store, src/platform/request-store.ts). Not kept: without the
   * database's write graph (what is a table is unknown), or when the request wrote.
   */
  async set(url: string, generations: Generations, response: CachedResponse): Promise<void> {
    const store = currentStore();
    if (!store || store.committed || store.pendingWrite || !this.graph) return;
    const deps: Record<string, string> = { '*': generations['*'] };
    const depend = (name: string) => {
      deps[name] = generations[name] ?? '0';
    };
    for (const name of store.tablesRead) {
      if (this.graph.views.has(name)) return;
      if (this.graph.tables.has(name) || name.startsWith('cache:')) depend(name);
      for (const table of this.graph.functionReads.get(name) ?? []) depend(table);
    }
    const entry: StoredResponse = { ...response, deps };
    this.local.set(url, entry);
    if (!this.options.redis) return;
    try {
      await this.options.redis.set(this.redisKey(url), JSON.stringify(entry), 'EX', this.options.ttlSeconds);
    } catch (error) {
      // A miss next time.
      this.options.link?.commandFailed(error);
    }
  }

  /** What the REST router needs: the cached answer of a URL, or a way to keep the one it computes. */
  async open(url: string): Promise<{ hit: CachedResponse } | { store: (entry: CachedResponse) => void } | null> {
    if (!this.graph && this.graphRead) await this.graphRead;
    const generations = await this.generations();
    if (generations === null) return null;
    const hit = await this.get(url, generations);
    if (hit) return { hit };
    return { store: (entry) => void this.set(url, generations, entry) };
  }
}

/**
 * The second bump of writes made outside a request: its delay, and the bumps still to come (tests
 * wait for them, and shorten the delay, instead of sleeping past it).
 */
export const outsideWriteBumps = {
  delayMs: 1000,
  pending: new Set<Promise<void>>(),
  settled(): Promise<unknown> {
    return Promise.all([...this.pending]);
  },
};

/**
 * The cache (null when CACHE_ENABLED is off) and what invalidates it: only a committed write bumps
 * the generation, in onSend, before the writer gets its answer. A failed request (404, 401, 415,
 * 400, a rolled back transaction) leaves the cache as it was.
 */
export function registerResponseCache(
  app: FastifyInstance,
  { config, orm, link }: { config: Config; orm: Orm; link: RedisLink | null },
): ResponseCache | null {
  if (!config.cache.enabled) return null;
  const cache = new ResponseCache({
    redis: link?.client ?? null,
    link: link ?? undefined,
    prefix: config.redisPrefix,
    maxEntries: config.cache.maxEntries,
    ttlSeconds: config.cache.ttlSeconds,
    log: app.log,
  });
  trackTransactions(orm.em.getEventManager());
  // What a write changes, from the catalog: until it is read (start-up), writes bump everything and nothing is kept.
  cache.graphRead = readWriteGraph(
    (sql) => orm.em.fork().getConnection().execute(sql) as Promise<Array<Record<string, string>>>,
  ).then(
    (graph) => {
      cache.graph = graph;
    },
    (error: unknown) =>
      app.log.error({ err: error }, 'response cache: could not read the tables and triggers; not caching'),
  );
  app.addHook('onSend', async (request, _reply, payload) => {
    const store = storeOf(request);
    if (store?.committed) await cache.bumpTables(store.tablesWritten);
    return payload;
  });
  // Writes outside a request (background work): bump now and once more when it has likely committed.
  let scheduled: Promise<void> | null = null;
  const stop = onWriteOutsideRequest(() => {
    if (scheduled) return;
    setImmediate(() => void cache.bump());
    const done = new Promise<void>((resolve) => {
      setTimeout(() => {
        scheduled = null;
        outsideWriteBumps.pending.delete(done);
        void cache.bump().finally(resolve);
      }, outsideWriteBumps.delayMs).unref();
    });
    scheduled = done;
    outsideWriteBumps.pending.add(done);
  });
  app.addHook('onClose', async () => {
    stop();
  });
  return cache;
}
