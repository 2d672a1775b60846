// Rate limits per caller (the token's subject, else the IP) and route class, in one store:
// in-process, or Redis when REDIS_URL is set so that every instance shares the budget. While
// Redis is away, or refuses a count (full: maxmemory), each instance counts in its own memory:
// limits then hold per instance (n instances: up to n times the budget), never switched off.
import { createRequire } from 'node:module';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Authenticator } from '../auth.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { callerKey } from './caller.js';
import type { RedisLink } from './redis.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: Record<string, unknown>): Store;
}
type StoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
// The plugin's own stores (CommonJS files with no types of their own).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;

/**
 * Counts in Redis while it is connected and answers, and always in this process too: when Redis
 * is away or refuses a count (full), the local count, which has seen every request this instance
 * let through, decides. Falling back per command instead would split one caller's count between
 * two stores that each stay under the limit.
 */
class SharedOrLocalStore implements Store {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onLocal: () => void,
  ) {}

  private run(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number): void {
    this.local[method](
      key,
      (_error, counted) => {
        const locally = () => {
          this.onLocal();
          callback(null, counted);
        };
        if (!this.link.up) return locally();
        this.shared[method](
          key,
          (error, result) => {
            if (error || !result) {
              this.link.commandFailed(error);
              return locally();
            }
            // The shared count covers this instance's, unless it was lost (Redis emptied): the larger decides.
            callback(null, counted && counted.current > result.current ? counted : result);
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: Record<string, unknown>): Store {
    return new SharedOrLocalStore(
      this.link,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.onLocal,
    );
  }
}

/** How often a limit was counted in this process because Redis was away or refused (for /metrics). */
export const rateLimitFallbacks = { total: 0 };

/**
 * Rate-limit classes: each has its own budget per caller and window (RATE_LIMIT_*_MAX).
 * `analysis`: POST /analyze/*; `upload`: routes taking files; `email`: routes that send e-mail;
 * `idp`: the identity provider's hook; `default`: everything else.
 */
export type RateLimitClass = 'default' | 'analysis' | 'upload' | 'email' | 'idp';

/**
 * What the platform reads of a REST route (src/rest/router.ts puts the route's definition in
 * its Fastify config as `route`): the REST layer depends on the platform, never the reverse.
 */
export interface RouteTraits {
  method: string;
  path: string;
  uploads?: string[];
  rateLimit?: RateLimitClass;
  /** false: the route keeps no idempotency record (it stores nothing; its body is nobody's to keep). */
  idempotency?: false;
}

/** The REST route a request hit, if any. */
export const restRouteOf = (request: FastifyRequest): RouteTraits | undefined =>
  (request.routeOptions.config as { route?: RouteTraits } | undefined)?.route;

const EMAIL_PATH = /\/identity\/email|resend_verification_email|send_invite_link/;

/** A route's rate-limit class: its own `rateLimit`, else derived from what it does. */
export function rateLimitClass(route: RouteTraits): RateLimitClass {
  if (route.rateLimit) return route.rateLimit;
  if (route.uploads?.length) return 'upload';
  if (EMAIL_PATH.test(route.path)) return 'email';
  if (route.method === 'POST' && route.path === '/identity_provider') return 'idp';
  if (route.method === 'POST' && route.path.startsWith('/analyze/')) return 'analysis';
  return 'default';
}

/** The class of whatever route a request hit: REST routes carry their definition in config. */
export function requestRateLimitClass(request: FastifyRequest): RateLimitClass {
  const route = restRouteOf(request);
  return route ? rateLimitClass(route) : 'default';
}

export function budgets(config: Config['rateLimit']): Record<RateLimitClass, number> {
  return {
    default: config.max,
    analysis: config.analysisMax,
    upload: config.uploadMax,
    email: config.emailMax,
    idp: config.idpMax,
  };
}

/** Registers the limiter; call before any route is added (it hooks every route as it is added). */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  auth: Authenticator,
  link: RedisLink | null,
): Promise<void> {
  if (!config.rateLimit.enabled) return;
  const max = budgets(config.rateLimit);
  const nameSpace = `${config.redisPrefix}rl:`;
  // The plugin builds its store with `new store(options)`.
  const store = link
    ? function SharedStore(options: { continueExceeding: boolean; exponentialBackoff: boolean }) {
        return new SharedOrLocalStore(
          link,
          new RedisStore(options.continueExceeding, options.exponentialBackoff, link.client, nameSpace),
          new LocalStore(options.continueExceeding, options.exponentialBackoff, 100_000),
          () => rateLimitFallbacks.total++,
        );
      }
    : undefined;
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: config.rateLimit.windowSeconds * 1000,
    max: (request) => max[requestRateLimitClass(request)],
    keyGenerator: async (request) => `${requestRateLimitClass(request)}:${await callerKey(request, auth)}`,
    // Health and metrics probes are never limited.
    allowList: (request) => ['/health', '/ready', '/metrics'].includes(request.url),
    ...(store ? { store: store as never } : { cache: 100_000 }),
    // The store never fails (it counts locally instead): an error here is a bug, and limits stay on.
    skipOnError: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: at most ${context.max} per ${config.rateLimit.windowSeconds} s for this kind of request; retry in ${context.after}`,
        { retry_after_seconds: Math.ceil(context.ttl / 1000) },
      ),
  });
}

const GRAPHQL_CLASSES = ['analysis', 'upload', 'email', 'idp'] as const;

/** Takes n units from each key at once if every key has room for them; else takes nothing. */
const TAKE = `for i = 1, #KEYS do
  local used = tonumber(redis.call('get', KEYS[i]) or '0')
  if used + tonumber(ARGV[2 * i]) > tonumber(ARGV[2 * i + 1]) then return {i, redis.call('pttl', KEYS[i])} end
end
for i = 1, #KEYS do
  if redis.call('incrby', KEYS[i], ARGV[2 * i]) == tonumber(ARGV[2 * i]) then redis.call('pexpire', KEYS[i], ARGV[1]) end
end
return {0, 0}`;

export type GraphqlBudgetAnswer = { cls: RateLimitClass; max: number; retryAfter: number } | null;

/**
 * The stricter classes for the same operations sent through POST /graphql (analyses, uploads,
 * e-mail, the identity-provider hook): every occurrence of a root field that a limited REST route
 * runs counts one against that route's class, over all operations of a batch, before anything
 * executes. A request that does not fit every class's remaining budget is refused whole and takes
 * nothing. Same budget sizes as REST, counted apart from the REST routes' own counters; fixed
 * windows, in Redis when it is configured (atomically, for every instance), else in process.
 * Returns null when limits are off.
 */
export function graphqlBudget(config: Config, auth: Authenticator, link: RedisLink | null) {
  if (!config.rateLimit.enabled) return null;
  const max = budgets(config.rateLimit);
  const windowMs = config.rateLimit.windowSeconds * 1000;
  const local = new LRUCache<string, { used: number; resetAt: number }>({ max: 100_000, ttl: windowMs });

  const takeLocally = (keys: string[], units: number[], maxima: number[]): { index: number; ttlMs: number } | null => {
    const now = Date.now();
    const windows = keys.map((key) => {
      const found = local.get(key);
      return found && found.resetAt > now ? found : { used: 0, resetAt: now + windowMs };
    });
    const full = windows.findIndex((w, i) => w.used + units[i] > maxima[i]);
    if (full >= 0) return { index: full, ttlMs: windows[full].resetAt - now };
    for (const [i, w] of windows.entries()) {
      local.set(keys[i], { used: w.used + units[i], resetAt: w.resetAt }, { ttl: w.resetAt - now });
    }
    return null;
  };

  /** Takes the counts from the caller's budgets; says which class is exceeded, and for how long. */
  return async (request: FastifyRequest, counts: Map<RateLimitClass, number>): Promise<GraphqlBudgetAnswer> => {
    const classes = [...counts.keys()].filter((cls) => (GRAPHQL_CLASSES as readonly string[]).includes(cls));
    if (!classes.length) return null;
    const caller = await callerKey(request, auth);
    const keys = classes.map((cls) => `${config.redisPrefix}rl:graphql-${cls}:${caller}`);
    const units = classes.map((cls) => counts.get(cls)!);
    const maxima = classes.map((cls) => max[cls]);
    // Counted in this process always (see SharedOrLocalStore): it decides when Redis cannot.
    let full = takeLocally(keys, units, maxima);
    if (link?.up && !full) {
      try {
        const [index, ttlMs] = (await link.client.eval(
          TAKE,
          keys.length,
          ...keys,
          windowMs,
          ...units.flatMap((n, i) => [n, maxima[i]]),
        )) as [number, number];
        full = index > 0 ? { index: index - 1, ttlMs: ttlMs > 0 ? ttlMs : windowMs } : null;
      } catch (error) {
        // Redis refused (full) or hung: the local count stands.
        link.commandFailed(error);
        rateLimitFallbacks.total++;
      }
    } else if (link && !link.up) rateLimitFallbacks.total++;
    if (!full) return null;
    return { cls: classes[full.index], max: maxima[full.index], retryAfter: Math.max(1, Math.ceil(full.ttlMs / 1000)) };
  };
}
