// Rate limits per caller (the token's subject, else the IP) and route class, in one store:
// in-process, or Redis when REDIS_URL is set so that every instance shares the budget.
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Authenticator } from '../auth.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { rateLimitClass, type RateLimitClass, type RouteDefinition } from '../rest/types.js';
import { callerKey } from './caller.js';

/** The class of whatever route a request hit: REST routes carry their definition in config. */
export function requestRateLimitClass(request: FastifyRequest): RateLimitClass {
  const route = (request.routeOptions.config as { route?: RouteDefinition } | undefined)?.route;
  return route ? rateLimitClass(route) : 'default';
}

export function budgets(config: Config['rateLimit']): Record<RateLimitClass, number> {
  return { default: config.max, analysis: config.analysisMax, upload: config.uploadMax, email: config.emailMax, idp: config.idpMax };
}

/** Registers the limiter; call before any route is added (it hooks every route as it is added). */
export async function registerRateLimits(app: FastifyInstance, config: Config, auth: Authenticator, redis: Redis | null): Promise<void> {
  if (!config.rateLimit.enabled) return;
  const max = budgets(config.rateLimit);
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: config.rateLimit.windowSeconds * 1000,
    max: (request) => max[requestRateLimitClass(request)],
    keyGenerator: async (request) => `${requestRateLimitClass(request)}:${await callerKey(request, auth)}`,
    // Health and metrics probes are never limited.
    allowList: (request) => ['/health', '/ready', '/metrics'].includes(request.url),
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    // Redis away: serve rather than fail every request.
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests: at most ${context.max} per ${config.rateLimit.windowSeconds} s for this kind of request; retry in ${context.after}`, { retry_after_seconds: Math.ceil(context.ttl / 1000) }),
  });
}

/**
 * The stricter classes for the same operations sent through POST /graphql (analyses, uploads,
 * e-mail): each root field a limited REST route runs carries that route's class. Same budget
 * sizes; counted apart from the REST routes' own counters. Returns null when limits are off.
 */
export function graphqlRateLimiter(app: FastifyInstance, config: Config, auth: Authenticator) {
  if (!config.rateLimit.enabled) return null;
  const max = budgets(config.rateLimit);
  const limiters = new Map((['analysis', 'upload', 'email', 'idp'] as const).map((cls) => [cls, app.createRateLimit({
    max: max[cls],
    timeWindow: config.rateLimit.windowSeconds * 1000,
    keyGenerator: async (request: FastifyRequest) => `graphql-${cls}:${await callerKey(request, auth)}`,
  })]));
  /** Counts the request against each class; returns the seconds to wait when one is exceeded. */
  return async (request: FastifyRequest, classes: Iterable<RateLimitClass>): Promise<{ max: number; retryAfter: number } | null> => {
    for (const cls of new Set(classes)) {
      const limiter = limiters.get(cls as never);
      if (!limiter) continue;
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) return { max: result.max, retryAfter: Math.max(1, result.ttlInSeconds) };
    }
    return null;
  };
}
