// Apollo's automatic persisted queries: a client sends the sha256 of its document, and the
// document only once, when the server answers PERSISTED_QUERY_NOT_FOUND. Apollo runs the protocol
// (the hash must match the document); this is where the documents are kept: a bounded LRU in
// memory, behind it Redis when REDIS_URL is set, so a document registered through one instance is
// known to all. A hash names its document for ever, so the local copy never goes stale.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Characters of documents kept in memory per process. */
const MAX_LOCAL_CHARS = 16 * 1024 * 1024;
/** How long Redis keeps a document nobody asked for (every hit renews it). */
const REDIS_TTL_SECONDS = 7 * 24 * 3600;
/** Apollo's own prefix for the keys of this cache (APQ_CACHE_PREFIX in @apollo/server). */
const APOLLO_PREFIX = 'apq:';

/** Apollo's KeyValueCache, as its persistedQueries option takes it. */
export interface PersistedQueryStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** The document registered under a sha256, for the guards that inspect requests before Apollo. */
  documentFor(sha256Hash: string): Promise<string | undefined>;
}

export function createPersistedQueryStore(redis: Redis | null, prefix: string): PersistedQueryStore {
  const local = new LRUCache<string, string>({ maxSize: MAX_LOCAL_CHARS, sizeCalculation: (value, key) => value.length + key.length });
  const redisKey = (key: string) => `${prefix}graphql:${key}`;
  const store: PersistedQueryStore = {
    async get(key) {
      const known = local.get(key);
      if (known !== undefined || !redis) return known;
      // Redis away: a miss, and the client sends its document again.
      const shared = await redis.getex(redisKey(key), 'EX', REDIS_TTL_SECONDS).catch(() => null);
      if (shared === null) return undefined;
      local.set(key, shared);
      return shared;
    },
    async set(key, value) {
      local.set(key, value);
      await redis?.set(redisKey(key), value, 'EX', REDIS_TTL_SECONDS).catch(() => undefined);
    },
    async delete(key) {
      const had = local.delete(key);
      await redis?.del(redisKey(key)).catch(() => undefined);
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
