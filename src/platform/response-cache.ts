// The cache of public GET responses for anonymous callers.
//
// Never stale, by construction: every entry is keyed by a generation number, and every request
// that wrote to the database bumps the generation *before its response is sent* (onSend). A
// reader that started before the write may store what it read under the old generation, which
// nobody asks for any more. With REDIS_URL the generation and the entries live in Redis, so a
// write on one instance is seen at once on every other; each instance also keeps an in-process
// copy of entries, keyed by the same shared generation (so it can never be stale either).
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
import { onWriteOutsideRequest, storeOf, trackTransactions } from './request-store.js';

export interface CachedResponse {
  status: number;
  contentType: string;
  body: string;
  etag: string;
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

/** After a reconnection, how long the cache stays unused while the other instances reconnect and re-base. */
const SETTLE_MS = 2 * MAX_RECONNECT_DELAY_MS;

export class ResponseCache {
  private readonly local: LRUCache<string, CachedResponse>;
  private localGeneration = freshGeneration();
  private readonly genKey: string;
  /** The generation the in-process entries belong to: entries of older ones are dropped at once. */
  private localFor: string | null = null;
  /** No caching before this time: Redis is back, the instances are re-basing. */
  private settledAt = 0;
  /** A bump that could not reach Redis: the next connection must start a new generation. */
  bumpOwed = false;
  hits = 0;
  misses = 0;
  /** Lookups answered without the cache because the shared generation could not be trusted. */
  bypassed = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.local = new LRUCache<string, CachedResponse>({
      max: options.maxEntries,
      ttl: options.ttlSeconds * 1000,
      maxSize: 128 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length + 200,
    });
    this.genKey = `${options.prefix}cache:gen`;
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

  /** The current generation, or null when it cannot be known (Redis away): then no caching. */
  async generation(): Promise<string | null> {
    const { redis } = this.options;
    if (!redis) return String(this.localGeneration);
    if (!this.usable) {
      this.bypassed++;
      return null;
    }
    try {
      let value = await redis.get(this.genKey);
      if (value === null) {
        await redis.set(this.genKey, String(freshGeneration()), 'NX');
        value = await redis.get(this.genKey);
      }
      return value;
    } catch (error) {
      this.options.link?.commandFailed(error);
      this.options.log.warn({ err: error }, 'response cache: Redis unavailable, not caching');
      this.bypassed++;
      return null;
    }
  }

  /** In-process entries of an older generation can never be asked for again: free them. */
  private follow(generation: string): void {
    if (generation === this.localFor) return;
    this.local.clear();
    this.localFor = generation;
  }

  /** Every cached response is outdated from now on. */
  async bump(): Promise<void> {
    this.localGeneration++;
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

  private redisKey(generation: string, url: string): string {
    return `${this.options.prefix}cache:e:${generation}:${url}`;
  }

  async get(generation: string, url: string): Promise<CachedResponse | undefined> {
    this.follow(generation);
    const localKey = `${generation}\u0000${url}`;
    const found = this.local.get(localKey);
    if (found || !this.options.redis) {
      if (found) this.hits++;
      else this.misses++;
      return found;
    }
    try {
      const raw = await this.options.redis.get(this.redisKey(generation, url));
      if (!raw) {
        this.misses++;
        return undefined;
      }
      const entry = JSON.parse(raw) as CachedResponse;
      if (generation === this.localFor) this.local.set(localKey, entry);
      this.hits++;
      return entry;
    } catch (error) {
      this.options.link?.commandFailed(error);
      this.misses++;
      return undefined;
    }
  }

  async set(generation: string, url: string, entry: CachedResponse): Promise<void> {
    // A reader that started before a write stores under the old generation: keep it out of memory.
    if (generation !== this.localFor) return this.setShared(generation, url, entry);
    this.local.set(`${generation}\u0000${url}`, entry);
    return this.setShared(generation, url, entry);
  }

  private async setShared(generation: string, url: string, entry: CachedResponse): Promise<void> {
    if (!this.options.redis) return;
    try {
      await this.options.redis.set(
        this.redisKey(generation, url),
        JSON.stringify(entry),
        'EX',
        this.options.ttlSeconds,
      );
    } catch (error) {
      // A miss next time.
      this.options.link?.commandFailed(error);
    }
  }

  /** What the REST router needs: the cached answer of a URL, or a way to keep the one it computes. */
  async open(url: string): Promise<{ hit: CachedResponse } | { store: (entry: CachedResponse) => void } | null> {
    const generation = await this.generation();
    if (generation === null) return null;
    const hit = await this.get(generation, url);
    if (hit) return { hit };
    return { store: (entry) => void this.set(generation, url, entry) };
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
  app.addHook('onSend', async (request, _reply, payload) => {
    if (storeOf(request)?.committed) await cache.bump();
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
