import { Redis } from 'ioredis';

/** One Redis connection for the rate limiter, the response cache and idempotency keys. */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    // Fail fast when Redis is away rather than queueing requests behind it.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
  });
}
