// The cache of public GET responses for anonymous callers.
//
// Never stale, by construction: every entry is keyed by a generation number, and every request
// that wrote to the database bumps the generation *before its response is sent* (onSend). A
// reader that started before the write may store what it read under the old generation, which
// nobody asks for any more. With REDIS_URL the generation and the entries live in Redis, so a
// write on one instance is seen at once on every other; each instance also keeps an in-process
// copy of entries, keyed by the same shared generation (so it can never be stale either).
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Orm } from '../db.js';
import { onWriteOutsideRequest, storeOf, trackTransactions } from './request-store.js';

export interface CachedResponse {
  status: number;
  contentType: string;
  body: string;
  etag: string;
}

export interface ResponseCacheOptions {
  redis: Redis | null;
  prefix: string;
  maxEntries: number;
  ttlSeconds: number;
  log: FastifyBaseLogger;
}

/** Start a new generation sequence above any used before (Redis emptied, or a fresh start). */
const freshGeneration = (): number => Date.now() * 1000;

const BUMP = `if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;

export class ResponseCache {
  private readonly local: LRUCache<string, CachedResponse>;
  private localGeneration = freshGeneration();
  private readonly genKey: string;
  /** The generation the in-process entries belong to: entries of older ones are dropped at once. */
  private localFor: string | null = null;
  hits = 0;
  misses = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.local = new LRUCache<string, CachedResponse>({
      max: options.maxEntries,
      ttl: options.ttlSeconds * 1000,
      maxSize: 128 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length + 200,
    });
    this.genKey = `${options.prefix}cache:gen`;
  }

  /** The current generation, or null when it cannot be known (Redis away): then no caching. */
  async generation(): Promise<string | null> {
    const { redis } = this.options;
    if (!redis) return String(this.localGeneration);
    try {
      let value = await redis.get(this.genKey);
      if (value === null) {
        await redis.set(this.genKey, String(freshGeneration()), 'NX');
        value = await redis.get(this.genKey);
      }
      return value;
    } catch (error) {
      this.options.log.warn({ err: error }, 'response cache: Redis unavailable, not caching');
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
    const { redis } = this.options;
    if (!redis) return;
    try {
      await redis.eval(BUMP, 1, this.genKey, String(freshGeneration()));
    } catch (error) {
      // Other instances cannot read the generation either while Redis is away (they do not cache).
      this.local.clear();
      this.options.log.error({ err: error }, 'response cache: could not bump the generation in Redis');
    }
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
    } catch {
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
      await this.options.redis.set(this.redisKey(generation, url), JSON.stringify(entry), 'EX', this.options.ttlSeconds);
    } catch {
      // A miss next time.
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
 * The cache (null when CACHE_ENABLED is off) and what invalidates it: only a committed write bumps
 * the generation, in onSend, before the writer gets its answer. A failed request (404, 401, 415,
 * 400, a rolled back transaction) leaves the cache as it was.
 */
export function registerResponseCache(app: FastifyInstance, { config, orm, redis }: { config: Config; orm: Orm; redis: Redis | null }): ResponseCache | null {
  if (!config.cache.enabled) return null;
  const cache = new ResponseCache({ redis, prefix: config.redisPrefix, maxEntries: config.cache.maxEntries, ttlSeconds: config.cache.ttlSeconds, log: app.log });
  trackTransactions(orm.em.getEventManager());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (storeOf(request)?.committed) await cache.bump();
    return payload;
  });
  // Writes outside a request (background work): bump now and once more when it has likely committed.
  let scheduled = false;
  const stop = onWriteOutsideRequest(() => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void cache.bump());
    setTimeout(() => {
      scheduled = false;
      void cache.bump();
    }, 1000).unref();
  });
  app.addHook('onClose', async () => {
    stop();
  });
  return cache;
}
