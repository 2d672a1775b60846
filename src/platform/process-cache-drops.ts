// Every instance keeps the knowledge base and the similarity index in memory. A write through one
// instance drops its own copy at once (src/modules/shared/process-caches.ts); this tells the other
// instances, through Redis pub/sub, once the write has committed (when its response is sent): told
// earlier, another instance could rebuild from the data before the write. An instance that lost
// its Redis connection may have missed drops, so it drops every copy when it is back.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis } from './redis.js';
import { currentStore, storeOf } from './request-store.js';
import { dropAllLocalProcessCaches, dropLocalProcessCache, onProcessCacheDrop } from '../modules/shared/process-caches.js';

const channelOf = (prefix: string): string => `${prefix}process-cache:drop`;

export async function registerProcessCacheDrops(app: FastifyInstance, redis: Redis | null, prefix: string): Promise<void> {
  const instance = randomUUID();
  const channel = channelOf(prefix);
  const announce = (name: string, key?: string): void => {
    if (!redis) return;
    redis.publish(channel, JSON.stringify({ name, key, from: instance })).catch((error: unknown) => {
      app.log.warn({ err: error, cache: name }, 'could not tell the other instances to drop a cache');
    });
  };

  // A request's drops are kept as "name" or "name\u0000key" until its write has committed.
  const stop = onProcessCacheDrop((name, key) => {
    const store = currentStore();
    if (store && !store.sent) (store.droppedCaches ??= new Set()).add(key === undefined ? name : `${name}\u0000${key}`);
    else announce(name, key);
  });
  app.addHook('onSend', async (request) => {
    const dropped = storeOf(request)?.droppedCaches ?? [];
    for (const entry of dropped) {
      const [name, key] = entry.split('\u0000');
      // Again here too: a concurrent reader may have rebuilt it from the data before the commit.
      dropLocalProcessCache(name, key);
      announce(name, key);
    }
  });

  let subscriber: Redis | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) dropAllLocalProcessCaches();
      connectedBefore = true;
    });
    subscriber.on('error', (error) => app.log.warn({ err: error }, 'redis subscriber error'));
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { name, key, from } = JSON.parse(message) as { name?: unknown; key?: unknown; from?: unknown };
        if (typeof name === 'string' && from !== instance) dropLocalProcessCache(name, typeof key === 'string' ? key : undefined);
      } catch {
        // Not ours: ignore.
      }
    });
    await subscriber.subscribe(channel).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not subscribe to cache drops: other instances\' writes reach this one\'s caches after a reconnect only');
    });
  }
  app.addHook('onClose', async () => {
    stop();
    subscriber?.disconnect();
  });
}

/** For command-line tools writing to a live deployment (the CosIng import): tells the running instances. */
export async function announceProcessCacheDrops(redisUrl: string, prefix: string, names: string[]): Promise<void> {
  const redis = connectRedis(redisUrl);
  try {
    for (const name of names) await redis.publish(channelOf(prefix), JSON.stringify({ name, from: 'command line' }));
  } finally {
    redis.disconnect();
  }
}
