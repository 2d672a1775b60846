// Every instance keeps the knowledge base and the similarity index in memory. A write through one
// instance drops its own copy at once (src/modules/shared/process-caches.ts); this tells the other
// instances, through Redis, once the write has committed (when its response is sent): told
// earlier, another instance could rebuild from the data before the write.
//
// Each drop is appended to a capped Redis stream (the drop log) and then published (pub/sub) with
// its stream id; every instance remembers the last id it applied. That makes a return of Redis
// cheap (issue 37: every instance used to drop both caches when Redis came back, and all of them
// rebuilt at once, stalling seconds each at 100,000 products):
// - an instance that lost its subscription reads the log from its last id and applies what it
//   missed, usually a few keyed drops (one product, one ingredient: a one-statement refresh);
// - drops made while Redis was away are owed by the instance that made them, appended and
//   published as soon as its connection is back (the others are listening again by then, or read
//   them from the log when they catch up);
// - only when the log cannot tell (Redis came back empty, or more drops than the log keeps
//   happened) does an instance drop everything, after a random delay within RETURN_SPREAD
//   (`processCacheReturn.spreadMs`), so that the instances rebuild one after another, not at once.
// While Redis is away, an instance's copies miss other instances' writes until it is back:
// rebuilding them periodically instead would cost seconds each time at 100,000 products. /ready
// says so.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis, MAX_RECONNECT_DELAY_MS, type RedisLink } from './redis.js';
import { currentStore, storeOf } from './request-store.js';
import {
  dropAllLocalProcessCaches,
  dropLocalProcessCache,
  onProcessCacheDrop,
} from '../modules/shared/process-caches.js';

const channelOf = (prefix: string): string => `${prefix}process-cache:drop`;
const logOf = (prefix: string): string => `${prefix}process-cache:log`;
/** Drops the log keeps (about: trimmed with `~`). An instance further behind than this drops everything. */
const LOG_LENGTH = 10_000;

/** How an instance catches up after Redis returns (tests shorten the spread). */
export const processCacheReturn = {
  /** A whole drop after a return waits a random time up to this, so instances rebuild one after another. */
  spreadMs: 10_000,
  /** What the catch-ups of this process did (tests and the bench count them). */
  baselines: 0,
  caughtUp: 0,
  replayed: 0,
  wholeAfterReturn: 0,
  /** Whole drops scheduled and not yet made (tests wait for them). */
  pending: new Set<Promise<void>>(),
};

/** Stream ids ("ms-seq") in order. */
const after = (a: string, b: string | null): boolean => {
  if (b === null) return true;
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am > bm || (am === bm && as > bs);
};

interface Drop {
  name: string;
  key?: string;
}

export async function registerProcessCacheDrops(
  app: FastifyInstance,
  link: RedisLink | null,
  prefix: string,
): Promise<void> {
  const instance = randomUUID();
  let closed = false;
  const channel = channelOf(prefix);
  const log = logOf(prefix);
  const redis = link?.client ?? null;
  /** The last drop log entry this instance has applied (or made). */
  let lastSeen: string | null = null;
  const saw = (id: string | null | undefined) => {
    if (id && after(id, lastSeen)) lastSeen = id;
  };
  /** Drops made while Redis was away (or could not be told): announced once it is back. */
  const owed = new Map<string, Drop>();

  const announce = async (drop: Drop): Promise<void> => {
    if (!redis || !link!.up) {
      owed.set(`${drop.name}\u0000${drop.key ?? ''}`, drop);
      return;
    }
    const fields = ['name', drop.name, 'key', drop.key ?? '', 'from', instance];
    // Logged, then published: an instance that reads the log after this sees it; one that
    // reads it before is subscribed again and hears the message.
    const id = await redis.xadd(log, 'MAXLEN', '~', String(LOG_LENGTH), '*', ...fields).catch((error: unknown) => {
      link!.commandFailed(error);
      return null;
    });
    saw(id);
    await redis.publish(channel, JSON.stringify({ ...drop, from: instance, id })).catch((error: unknown) => {
      app.log.warn({ err: error, cache: drop.name }, 'could not tell the other instances to drop a cache');
      owed.set(`${drop.name}\u0000${drop.key ?? ''}`, drop);
    });
  };

  // A request's drops are kept as "name" or "name\u0000key" until its write has committed.
  const stop = onProcessCacheDrop((name, key) => {
    const store = currentStore();
    if (store && !store.sent) (store.droppedCaches ??= new Set()).add(key === undefined ? name : `${name}\u0000${key}`);
    else void announce({ name, key });
  });
  app.addHook('onSend', async (request) => {
    const dropped = storeOf(request)?.droppedCaches ?? [];
    for (const entry of dropped) {
      const [name, key] = entry.split('\u0000');
      // Again here too: a concurrent reader may have rebuilt it from the data before the commit.
      dropLocalProcessCache(name, key);
      void announce({ name, key });
    }
  });

  let subscriber: Redis | null = null;
  if (redis) {
    /** The log's newest id, adding a marker when it is empty: the baseline a later catch-up starts from. */
    const baseline = async (): Promise<void> => {
      const [newest] = await redis.xrevrange(log, '+', '-', 'COUNT', 1);
      saw(newest?.[0] ?? (await redis.xadd(log, 'MAXLEN', '~', String(LOG_LENGTH), '*', 'name', '', 'from', instance)));
    };

    /** A whole drop after a return, at a random moment within the spread. */
    const dropAllLater = (): void => {
      processCacheReturn.wholeAfterReturn++;
      const done = new Promise<void>((resolve) => {
        setTimeout(() => {
          dropAllLocalProcessCaches();
          processCacheReturn.pending.delete(done);
          resolve();
        }, Math.random() * processCacheReturn.spreadMs).unref();
      });
      processCacheReturn.pending.add(done);
    };

    /**
     * Once both connections are up: the first time, where the log stands (nothing to apply: the
     * caches are built from the data as it is now); after that, the drops this instance missed
     * while it was not listening, from the log.
     */
    let listening = false;
    /** Subscribed at least once (ioredis subscribes again by itself on every reconnection). */
    let connectedBefore = false;
    let needBaseline = true;
    let behind = false;
    let syncing = false;
    const sync = async (): Promise<void> => {
      if ((!behind && !needBaseline) || syncing || !link!.up || subscriber?.status !== 'ready' || !connectedBefore)
        return;
      syncing = true;
      let retryLater = false;
      try {
        if (needBaseline) {
          await baseline();
          processCacheReturn.baselines++;
          needBaseline = false;
          behind = false;
          return;
        }
        const from = lastSeen;
        const entries = from ? await redis.xrange(log, from, '+', 'COUNT', LOG_LENGTH + 1) : [];
        behind = false;
        processCacheReturn.caughtUp++;
        if (!from || entries[0]?.[0] !== from) {
          // The log no longer holds where this instance stopped (Redis came back empty, or the
          // log was trimmed past it): what it missed cannot be known.
          app.log.info('process caches: the drop log does not reach back to this instance; rebuilding them, spread');
          lastSeen = null;
          await baseline();
          dropAllLater();
          return;
        }
        for (const [id, flat] of entries.slice(1)) {
          saw(id);
          const fields = new Map<string, string>();
          for (let i = 0; i + 1 < flat.length; i += 2) fields.set(flat[i], flat[i + 1]);
          const name = fields.get('name');
          if (!name || fields.get('from') === instance) continue;
          processCacheReturn.replayed++;
          const key = fields.get('key') || undefined;
          // A whole drop (an import) is spread too; a keyed one refreshes one entry, at once.
          if (key === undefined) dropAllLater();
          else dropLocalProcessCache(name, key);
        }
      } catch (error) {
        if (!needBaseline) behind = true;
        app.log.warn({ err: error }, 'process caches: could not read the drop log; trying again in a moment');
        link!.commandFailed(error);
        retryLater = true;
      } finally {
        syncing = false;
      }
      // A command timed out (a busy event loop, a slow Redis): again in a moment, not only on the next connection.
      if (retryLater && !closed) setTimeout(() => void sync(), MAX_RECONNECT_DELAY_MS).unref();
    };

    link!.onReady(async (afterOutage) => {
      // What this instance dropped while Redis was away, told now.
      const drops = [...owed.values()];
      owed.clear();
      for (const drop of drops) await announce(drop);
      if (afterOutage) behind = true;
      await sync();
    });

    // Not on any request's path: its commands may wait for the connection (it resubscribes on reconnection).
    // No command timeout either: ioredis sends the resubscription itself, with no one to catch its rejection, so a
    // timeout there (an event loop busy past it on a loaded machine) was an unhandled rejection, which ends a process.
    subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    let subscribed: () => void = () => undefined;
    const firstSubscription = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    subscriber.on('ready', () => {
      // Subscribed once; ioredis subscribes again by itself on every reconnection.
      if (!listening) {
        listening = true;
        subscriber!.subscribe(channel).then(
          () => {
            subscribed();
            connectedBefore = true;
            void sync();
          },
          (error: unknown) => {
            listening = false;
            app.log.warn(
              { err: error },
              "could not subscribe to cache drops: other instances' writes reach this one's caches after a reconnect only",
            );
          },
        );
      } else {
        // Listening again before the log is read: a drop logged after the read is then heard.
        subscriber!.subscribe(channel).then(
          () => sync(),
          () => undefined,
        );
      }
    });
    subscriber.on('close', () => {
      // Messages sent from now on are missed: read them from the log once back.
      if (connectedBefore) behind = true;
    });
    subscriber.on('error', (error) => app.log.debug({ err: error }, 'redis subscriber error'));
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { name, key, from, id } = JSON.parse(message) as {
          name?: unknown;
          key?: unknown;
          from?: unknown;
          id?: unknown;
        };
        if (typeof id === 'string') saw(id);
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
    closed = true;
    stop();
    subscriber?.disconnect();
  });
}

/** For command-line tools writing to a live deployment (the CosIng import): tells the running instances. */
export async function announceProcessCacheDrops(redisUrl: string, prefix: string, names: string[]): Promise<void> {
  const redis = connectRedis(redisUrl);
  try {
    for (const name of names) {
      const id = await redis.xadd(
        logOf(prefix),
        'MAXLEN',
        '~',
        String(LOG_LENGTH),
        '*',
        'name',
        name,
        'key',
        '',
        'from',
        'command line',
      );
      await redis.publish(channelOf(prefix), JSON.stringify({ name, from: 'command line', id }));
    }
  } finally {
    redis.disconnect();
  }
}
