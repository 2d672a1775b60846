// After an import, the running instances must see the new catalog: each drops its similarity
// index (Redis pub/sub, as import:cosing does for the knowledge base) and every cached response
// is outdated (the response cache's shared generation is bumped). Search reads the tables, so it
// sees the import as soon as it is committed.
import { pino } from 'pino';
import type { Config } from '../../config.js';
import { announceProcessCacheDrops } from '../../platform/process-cache-drops.js';
import { connectRedis } from '../../platform/redis.js';
import { ResponseCache } from '../../platform/response-cache.js';

/** Tells the running instances; returns what to print. */
export async function announceCatalogImport(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'cache'>,
): Promise<string> {
  if (!config.redisUrl) {
    return 'no REDIS_URL: instances already running on this database keep their similarity index and cached answers until they restart (PGlite: none can be running)';
  }
  await announceProcessCacheDrops(config.redisUrl, config.redisPrefix, ['similarity-index']);
  const redis = connectRedis(config.redisUrl);
  try {
    const cache = new ResponseCache({
      redis,
      prefix: config.redisPrefix,
      maxEntries: 1,
      ttlSeconds: config.cache.ttlSeconds,
      log: pino({ level: 'warn' }),
    });
    await cache.bump();
  } finally {
    redis.disconnect();
  }
  return 'told the running instances (through Redis) to rebuild their similarity index, and outdated every cached response';
}
