// Apollo's automatic persisted queries: a client sends the sha256 of its document, and the
// document only once, when the server answers PERSISTED_QUERY_NOT_FOUND. Apollo runs the protocol
// (the hash must match the document); this is where the documents are kept: a bounded LRU in
// memory, behind it Redis when REDIS_URL is set, so a document registered through one instance is
// known to all. A hash names its document for ever, so the local copy never goes stale.
//
// Anyone may register documents, so what Redis keeps is bounded: a document longer than
// MAX_DOCUMENT_CHARS is kept nowhere (it still runs when sent whole); each caller may add at most
// CALLER_BUDGET per hour, and all callers together GLOBAL_BUDGET_CHARS per TTL; a document past a
// budget is kept in this process's LRU only (other instances answer PERSISTED_QUERY_NOT_FOUND and
// the client sends it again). Documents expire after REDIS_TTL_SECONDS, used or not, so Redis
// holds at most twice the global budget.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Authenticator } from '../auth.js';
import { callerKey } from './caller.js';
import type { RedisLink } from './redis.js';
import { currentStore } from './request-store.js';

/** Characters of documents kept in memory per process. */
const MAX_LOCAL_CHARS = 16 * 1024 * 1024;
/** The longest document kept: the largest operation of rest-mappings/ is under 4 kB. */
export const MAX_DOCUMENT_CHARS = 32 * 1024;
/** What one caller (token subject, else IP) may add to Redis per hour. */
export const CALLER_BUDGET = { documents: 100, chars: 256 * 1024, windowSeconds: 3600 };
/** What all callers together may add to Redis per REDIS_TTL_SECONDS. */
export const GLOBAL_BUDGET_CHARS = 64 * 1024 * 1024;
/** How long Redis keeps a document (not renewed by use: the global budget bounds what it holds). */
export const REDIS_TTL_SECONDS = 24 * 3600;
/** Apollo's own prefix for the keys of this cache (APQ_CACHE_PREFIX in @apollo/server). */
const APOLLO_PREFIX = 'apq:';

/** Keeps a document if it is new and fits both budgets; counts it against them. 1: kept (or known), 0: over budget. */
const KEEP = `if redis.call('exists', KEYS[1]) == 1 then return 1 end
local size = tonumber(ARGV[2])
local count = tonumber(redis.call('hget', KEYS[2], 'n') or '0')
local chars = tonumber(redis.call('hget', KEYS[2], 'c') or '0')
if count + 1 > tonumber(ARGV[4]) or chars + size > tonumber(ARGV[5]) then return 0 end
local total = tonumber(redis.call('get', KEYS[3]) or '0')
if total + size > tonumber(ARGV[7]) then return 0 end
redis.call('hincrby', KEYS[2], 'n', 1)
redis.call('hincrby', KEYS[2], 'c', size)
if count == 0 then redis.call('expire', KEYS[2], ARGV[6]) end
if redis.call('incrby', KEYS[3], size) == size then redis.call('expire', KEYS[3], ARGV[3]) end
redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1`;

/** Apollo's KeyValueCache, as its persistedQueries option takes it. */
export interface PersistedQueryStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** The document registered under a sha256, for the guards that inspect requests before Apollo. */
  documentFor(sha256Hash: string): Promise<string | undefined>;
}

export function createPersistedQueryStore(
  link: RedisLink | null,
  prefix: string,
  auth: Authenticator,
): PersistedQueryStore {
  const local = new LRUCache<string, string>({
    maxSize: MAX_LOCAL_CHARS,
    sizeCalculation: (value, key) => value.length + key.length,
  });
  const redisKey = (key: string) => `${prefix}graphql:${key}`;
  // Redis away: skipped at once (a miss, and the client sends its document again).
  const shared = (): Redis | null => (link?.up ? link.client : null);
  const caller = async (): Promise<string> => {
    const request = currentStore()?.request;
    return request ? callerKey(request, auth) : 'unknown';
  };
  const store: PersistedQueryStore = {
    async get(key) {
      const known = local.get(key);
      const redis = shared();
      if (known !== undefined || !redis) return known;
      const found = await redis.get(redisKey(key)).catch((error: unknown) => {
        link!.commandFailed(error);
        return null;
      });
      if (found === null) return undefined;
      local.set(key, found);
      return found;
    },
    async set(key, value) {
      if (value.length > MAX_DOCUMENT_CHARS) return;
      local.set(key, value);
      const redis = shared();
      if (!redis) return;
      const keys = [redisKey(key), `${prefix}graphql-budget:${await caller()}`, `${prefix}graphql-budget:all`];
      await redis
        .eval(
          KEEP,
          keys.length,
          ...keys,
          value,
          value.length,
          REDIS_TTL_SECONDS,
          CALLER_BUDGET.documents,
          CALLER_BUDGET.chars,
          CALLER_BUDGET.windowSeconds,
          GLOBAL_BUDGET_CHARS,
        )
        .catch((error: unknown) => link!.commandFailed(error));
    },
    async delete(key) {
      const had = local.delete(key);
      await shared()
        ?.del(redisKey(key))
        .catch(() => undefined);
      return had;
    },
    documentFor: (sha256Hash) => store.get(APOLLO_PREFIX + sha256Hash),
  };
  return store;
}

/**
 * The request as the guards must see it: a persisted query's document put back in place of its
 * hash (an unknown hash stays as sent: Apollo answers PERSISTED_QUERY_NOT_FOUND and nothing runs).
 */
export async function withPersistedDocuments(payload: unknown, store: PersistedQueryStore): Promise<unknown> {
  const resolve = async (request: unknown): Promise<unknown> => {
    if (!request || typeof request !== 'object') return request;
    const { query, extensions } = request as { query?: unknown; extensions?: unknown };
    if (typeof query === 'string') return request;
    let parsed: unknown = extensions;
    // GET sends the extensions as JSON text.
    if (typeof extensions === 'string') {
      try {
        parsed = JSON.parse(extensions);
      } catch {
        return request;
      }
    }
    const hash = (parsed as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
    if (typeof hash !== 'string') return request;
    const document = await store.documentFor(hash);
    return document === undefined ? request : { ...request, query: document };
  };
  return Array.isArray(payload) ? Promise.all(payload.map(resolve)) : resolve(payload);
}
