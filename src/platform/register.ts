// The platform's hooks in one place, in the order they must run. Fastify runs the hooks of one
// stage (onRequest, preHandler, onSend, onResponse) in the order they were added, so the order of
// the lines in registerPlatform IS the order of the request's life:
//   onRequest   request store → multipart → security headers, CORS → rate limits (per route, so after all of these)
//   preHandler  request store (again) → idempotency → GraphQL batch size → GraphQL inspection and budget
// onSend      response going out → x-request-id → idempotency keeps it → cache drops → cache generation → GraphQL
// answer size
//   onResponse  multipart clean-up → metrics → idempotency frees a key left pending
// Routes are added after this (the rate limiter hooks each route as it is added).
import type { Server } from 'node:http';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { v4 as uuidv4 } from 'uuid';
import type { Authenticator } from '../auth.js';
import type { Config } from '../config.js';
import type { Orm } from '../db.js';
import { createMetrics } from '../metrics.js';
import { MAX_ALIAS_LENGTH } from '../modules/shared/ids.js';
import { clientErrorHandler } from './client-errors.js';
import { BODY_LIMIT, frameworkErrors, registerErrorHandlers } from './error-mapping.js';
import { registerGraphqlGuards, type GraphqlGuards } from './graphql-guards.js';
import { registerIdempotency } from './idempotency.js';
import { registerJsonBodyParser } from './json-depth.js';
import { createPersistedQueryStore, type PersistedQueryStore } from './persisted-queries.js';
import { registerProcessCacheDrops } from './process-cache-drops.js';
import { rateLimitFallbacks, registerRateLimits } from './rate-limit.js';
import { RedisLink } from './redis.js';
import { registerRequestStore } from './request-store.js';
import { registerResponseCache, type ResponseCache } from './response-cache.js';
import { registerSecurity } from './security.js';

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify 5 reads a plain number
 * as "trust nothing" (it cannot check the peer), so TRUST_PROXY=1 would silently do nothing.
 */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Fastify's own options: body limit, deadlines for slow clients, request ids, URL errors. */
export function serverOptions(config: Config, logger: boolean | Record<string, unknown>): FastifyHttpOptions<Server> {
  return {
    logger: logger === true ? { level: config.logLevel } : logger,
    bodyLimit: BODY_LIMIT,
    // Slow clients: headers, the whole request, an idle socket and an idle keep-alive connection
    // each have a deadline (HTTP_*_TIMEOUT_SECONDS); Node checks them every second.
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : uuidv4();
    },
    requestIdHeader: false,
    // Behind a load balancer: request.ip (rate limits, logs) is the client's address, read from the
    // X-Forwarded-For of the listed proxies only.
    trustProxy: trustProxyOption(config.trustProxy),
    // A path segment as long as the longest alias (120): every product and ingredient can be named in a path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_ALIAS_LENGTH },
    frameworkErrors,
  };
}

export interface PlatformOptions {
  config: Config;
  orm: Orm;
  auth: Authenticator;
  schema: GraphQLSchema;
  /** Bytes of one uploaded file (the Upload scalar's limit). */
  maxUploadBytes: number;
  maxGraphqlResponseBytes: number;
  /** The time idempotency's key window reads (tests and benchmarks move it); the system clock by default. */
  clock?: () => Date;
}

export interface Platform {
  /** The response cache the REST router reads and fills (null when off). */
  cache: ResponseCache | null;
  metrics: ReturnType<typeof createMetrics>;
  graphql: GraphqlGuards;
  /** Documents of persisted queries (Apollo's persistedQueries cache), shared through Redis when set. */
  persistedQueries: PersistedQueryStore;
  /** For /ready: whether the shared state is there, and what runs without it. */
  sharedState(): SharedState;
}

export interface SharedState {
  redis: 'ok' | 'unavailable' | 'not configured';
  /** While Redis is away: what works differently (each a sentence). */
  degraded?: string[];
}

/** Registers the platform's hooks in their order; call before any route is added. */
export async function registerPlatform(
  app: FastifyInstance,
  { config, orm, auth, schema, maxUploadBytes, maxGraphqlResponseBytes, clock }: PlatformOptions,
): Promise<Platform> {
  // Shared state (limits, cache, drops, persisted queries) in Redis when REDIS_URL is set: every step below may use it.
  const redis = await openRedis(app, config);
  // 1. The request store first: every later hook, the handler and its SQL run inside it, and its onSend marks the
  // answer as going out before any other onSend reads it.
  registerRequestStore(app);
  // 2. Every answer, errors from any later hook included, names its request.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // 3. Bodies: JSON everywhere, multipart only where a route names its file fields (the router checks); inside the
  // store.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 2, fields: 20, fieldSize: 100_000 },
  });
  // 4. Metrics time every request, refused ones too (onResponse).
  const metrics = createMetrics();
  metrics.instrument(app);
  // 5. Security headers and CORS: app-wide onRequest hooks, so they run before the limiter's per-route one and a 429
  // carries them.
  await registerSecurity(app, config);
  // 6. Rate limits on onRequest, before any body is read; before any route, as the limiter hooks each route when it is
  // added.
  await registerRateLimits(app, config, auth, redis);
  // 7. Idempotency on preHandler (the body is parsed: it is part of the fingerprint); its onSend keeps the answer
  // first, as the client will see it.
  registerIdempotency(app, {
    auth,
    orm,
    ttlSeconds: config.idempotencyTtlSeconds,
    maxKeysPerCaller: config.idempotencyMaxKeysPerCaller,
    keyWindowSeconds: config.idempotencyKeyWindowSeconds,
    maxRecords: config.idempotencyMaxRecords,
    maxBytes: config.idempotencyMaxBytes,
    clock,
  });
  // 8. Other instances drop their process caches once this request's write has committed (its answer is going out).
  await registerProcessCacheDrops(app, redis, config.redisPrefix);
  // 9. The response cache's generation moves on a committed write, before the writer gets its answer (see
  // response-cache.ts).
  const cache = registerResponseCache(app, { config, orm, link: redis });
  metrics.watch({
    redisUp: () => (redis ? Number(redis.up) : null),
    redisOutages: () => redis?.outages ?? 0,
    rateLimitFallbacks: () => rateLimitFallbacks.total,
    cacheBypassed: () => cache?.bypassed ?? 0,
    cacheBumpOwed: () => Number(cache?.bumpOwed ?? false),
  });
  // 10. Errors in the contract's format (handlers, not hooks: their place does not matter).
  registerErrorHandlers(app);
  // 11. GraphQL guards last: their preHandlers run inside the store, after idempotency; their onSend, last of all, may
  // replace an answer that is too big.
  const persistedQueries = createPersistedQueryStore(redis, config.redisPrefix, auth);
  const graphql = registerGraphqlGuards(app, {
    schema,
    config,
    auth,
    redis,
    maxResponseBytes: maxGraphqlResponseBytes,
    persistedQueries,
  });
  const sharedState = (): SharedState => {
    if (!redis) return { redis: 'not configured' };
    if (redis.up) return { redis: 'ok' };
    return {
      redis: 'unavailable',
      degraded: [
        'rate limits are counted per instance',
        'responses are not cached',
        "the knowledge base and similarity index of this instance miss other instances' writes until Redis is back",
        'persisted queries are known to this instance only',
      ],
    };
  };
  return { cache, metrics, graphql, persistedQueries, sharedState };
}

/** The Redis connection, once connected (at most a second: else the app starts degraded, and connects later). */
async function openRedis(app: FastifyInstance, config: Config): Promise<RedisLink | null> {
  if (!config.redisUrl) return null;
  const link = new RedisLink(config.redisUrl, app.log);
  app.addHook('onClose', async () => link.close());
  if (!(await link.whenReady(1000))) app.log.warn('redis: not connected at start-up; running degraded until it is');
  return link;
}
