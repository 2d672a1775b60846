// Idempotency-Key on POST routes of the REST layer. The first request with a key (per caller)
// runs; its response (status, content type, body) is kept for IDEMPOTENCY_TTL_SECONDS. A retry
// with the same key and the same request gets that response again (header
// `idempotent-replayed: true`) and runs nothing; the same key with another method, path or body
// is a 409 CONFLICT; a retry while the first is still running is a 409 CONFLICT too (retry
// later). Server errors (5xx) are not kept: the key is released and a retry runs again.
// Kept in Redis when REDIS_URL is set (shared by instances), else in an in-process LRU.
// Multipart bodies (uploads) are streamed to the handler and are not covered.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Authenticator } from '../auth.js';
import { AppError, conflict } from '../errors.js';
import { callerKey } from './caller.js';
import { restRouteOf } from './rate-limit.js';

interface Pending { state: 'pending'; fingerprint: string }
interface Done { state: 'done'; fingerprint: string; status: number; contentType: string | null; location: string | null; body: string }
type Entry = Pending | Done;

/** A request still running after this long is taken for dead (its process crashed): the key frees. */
const PENDING_TTL_SECONDS = 300;
const KEY = /^[\x21-\x7e]{1,255}$/;

interface Store {
  /** Claims the key for a request; returns what is there when it is taken. */
  claim(key: string, entry: Pending): Promise<Entry | null>;
  finish(key: string, entry: Done): Promise<void>;
  release(key: string): Promise<void>;
}

function memoryStore(ttlSeconds: number): Store {
  const entries = new LRUCache<string, Entry>({ max: 100_000, ttl: ttlSeconds * 1000, maxSize: 256 * 1024 * 1024, sizeCalculation: (e) => (e.state === 'done' ? e.body.length : 0) + 200 });
  return {
    async claim(key, entry) {
      const found = entries.get(key);
      if (found) return found;
      entries.set(key, entry, { ttl: PENDING_TTL_SECONDS * 1000 });
      return null;
    },
    async finish(key, entry) {
      entries.set(key, entry);
    },
    async release(key) {
      entries.delete(key);
    },
  };
}

function redisStore(redis: Redis, prefix: string, ttlSeconds: number): Store {
  const k = (key: string) => `${prefix}idem:${key}`;
  return {
    async claim(key, entry) {
      const set = await redis.set(k(key), JSON.stringify(entry), 'EX', PENDING_TTL_SECONDS, 'NX');
      if (set === 'OK') return null;
      const raw = await redis.get(k(key));
      // Expired between the two calls: claim again.
      return raw ? (JSON.parse(raw) as Entry) : this.claim(key, entry);
    },
    async finish(key, entry) {
      await redis.set(k(key), JSON.stringify(entry), 'EX', ttlSeconds);
    },
    async release(key) {
      await redis.del(k(key));
    },
  };
}

const claimed = new WeakMap<FastifyRequest, { key: string; fingerprint: string }>();

export function registerIdempotency(app: FastifyInstance, options: { auth: Authenticator; redis: Redis | null; prefix: string; ttlSeconds: number }): void {
  const store = options.redis ? redisStore(options.redis, options.prefix, options.ttlSeconds) : memoryStore(options.ttlSeconds);

  app.addHook('preHandler', async (request, reply) => {
    const route = restRouteOf(request);
    const header = request.headers['idempotency-key'];
    if (!route || route.method !== 'POST' || header === undefined || request.isMultipart?.()) return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 printable ASCII characters', { field: 'Idempotency-Key' });
    }
    const key = createHash('sha256').update(`${await callerKey(request, options.auth)}\u0000${header}`).digest('base64url');
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\u0000${JSON.stringify(request.body ?? null)}`).digest('base64url');
    const found = await store.claim(key, { state: 'pending', fingerprint });
    if (!found) {
      claimed.set(request, { key, fingerprint });
      return;
    }
    if (found.fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was used for another request: use a new key for a new request', { field: 'Idempotency-Key' });
    }
    if (found.state === 'pending') {
      throw conflict('A request with this Idempotency-Key is still being processed: retry later', { field: 'Idempotency-Key' });
    }
    reply.code(found.status).header('idempotent-replayed', 'true');
    if (found.contentType) reply.header('content-type', found.contentType);
    if (found.location) reply.header('location', found.location);
    return reply.send(found.status === 204 ? undefined : found.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const mine = claimed.get(request);
    if (!mine) return payload;
    claimed.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
    if (reply.statusCode >= 500 || body === null) {
      await store.release(mine.key).catch(() => undefined);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const location = reply.getHeader('location');
    await store.finish(mine.key, {
      state: 'done', fingerprint: mine.fingerprint, status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null, location: typeof location === 'string' ? location : null, body,
    }).catch((error) => request.log.error({ err: error }, 'idempotency: could not keep the response'));
    return payload;
  });

  // Answered without onSend keeping it (should not happen): free the key rather than block it.
  // A client that goes away mid-request does not free it: the work may still commit.
  app.addHook('onResponse', async (request) => {
    const mine = claimed.get(request);
    if (!mine) return;
    claimed.delete(request);
    await store.release(mine.key).catch(() => undefined);
  });
}
