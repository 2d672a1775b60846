// Every instance keeps the knowledge base and the similarity index in memory. A write through one
// instance drops its own copy at once (src/modules/shared/process-caches.ts); this tells the other
// instances, through Redis pub/sub, once the write has committed (when its response is sent): told
// earlier, another instance could rebuild from the data before the write. An instance that lost
// its Redis connection may have missed drops, so it drops every copy when it is back. While it is
// away, its copies miss other instances' writes (an analysis may not match an ingredient added
// through another instance, similar products may lag) until it is back: rebuilding them
// periodically instead would cost seconds each time at 100,000 products. /ready says so.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisLink } from './redis.js';
import { currentStore, storeOf } from './request-store.js';
import {
  dropAllLocalProcessCaches,
  dropLocalProcessCache,
  onProcessCacheDrop,
} from '../modules/shared/process-caches.js';

const channelOf = (prefix: string): string => `${prefix}process-cache:drop`;

export async function registerProcessCacheDrops(
  app: FastifyInstance,
  link: RedisLink | null,
  prefix: string,
): Promise<void> {
  const instance = randomUUID();
  const channel = channelOf(prefix);
  const redis = link?.client ?? null;
  const announce = (name: string, key?: string): void => {
    // Redis away: nobody can be told (they drop their copies when they reconnect).
    if (!redis || !link!.up) return;
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
    // Not on any request's path: its commands may wait for the connection (it resubscribes on reconnection).
    subscriber = redis.duplicate({ enableOfflineQueue: true });
    let connectedBefore = false;
    let listening = false;
    let subscribed: () => void = () => undefined;
    const firstSubscription = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    subscriber.on('ready', () => {
      if (connectedBefore) dropAllLocalProcessCaches();
      connectedBefore = true;
      // Subscribed once; ioredis subscribes again by itself on every reconnection.
      if (!listening) {
        listening = true;
        subscriber!.subscribe(channel).then(
          () => subscribed(),
          (error: unknown) => {
            listening = false;
            app.log.warn(
              { err: error },
              "could not subscribe to cache drops: other instances' writes reach this one's caches after a reconnect only",
            );
          },
        );
      }
    });
    subscriber.on('error', (error) => app.log.debug({ err: error }, 'redis subscriber error'));
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { name, key, from } = JSON.parse(message) as { name?: unknown; key?: unknown; from?: unknown };
        if (typeof name === 'string' && from !== instance)
          dropLocalProcessCache(name, typeof key === 'string' ? key : undefined);
      } catch {
        // Not ours: ignore.
      }
    });
    // Drops announced right after start-up are heard (Redis away: start anyway, degraded).
    await Promise.race([firstSubscription, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
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
