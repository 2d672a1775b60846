// Redis, when REDIS_URL is set: one connection for the rate limiter, the response cache and
// persisted queries, and whether it is there. The outage is detected once, from the connection's
// state (ioredis events), not per command: while it is away every layer skips Redis at once
// (no command waits for a timeout) and falls back to what stays truthful without it (see
// response-cache.ts, rate-limit.ts, persisted-queries.ts, process-cache-drops.ts).
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A command that has not answered by then is failed (the connection is then taken for dead). */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 500;
/** Reconnection attempts are at most this far apart, so an instance notices Redis back quickly. */
export const MAX_RECONNECT_DELAY_MS = 1000;

/** A connection for a command-line tool: its commands wait for the connection (a few seconds at most). */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
  });
}

/** The server's connection: never makes a request wait for Redis. */
function connectServerRedis(url: string): Redis {
  return new Redis(url, {
    // Commands sent while Redis is away fail at once instead of queueing behind the outage.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(50 * 2 ** (times - 1), MAX_RECONNECT_DELAY_MS),
  });
}

type ReadyListener = (afterOutage: boolean) => void | Promise<void>;

/** The shared connection and its state: `up` between 'ready' and the connection's loss. */
export class RedisLink {
  readonly client: Redis;
  up = false;
  /** Times the connection was lost after having been ready. */
  outages = 0;
  private readyBefore = false;
  private readonly readyListeners = new Set<ReadyListener>();
  private readonly downListeners = new Set<() => void>();

  /** The first error of an outage is logged as a warning, the retries' ones at debug level. */
  private errorLogged = false;

  constructor(
    url: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'debug'>,
  ) {
    this.client = connectServerRedis(url);
    this.client.on('ready', () => {
      const afterOutage = this.readyBefore;
      this.readyBefore = true;
      this.up = true;
      this.errorLogged = false;
      if (afterOutage) this.log.info('redis: connected again');
      for (const listener of this.readyListeners) void listener(afterOutage);
    });
    this.client.on('close', () => this.lost());
    this.client.on('error', (error) => {
      if (this.errorLogged) this.log.debug({ err: error }, 'redis error');
      else this.log.warn({ err: error }, 'redis error');
      this.errorLogged = true;
    });
  }

  private closing = false;

  private lost(): void {
    if (!this.up) return;
    this.up = false;
    if (this.closing) return;
    this.outages++;
    this.log.warn(
      { outages: this.outages },
      'redis: connection lost; rate limits per instance, no response caching, until it is back',
    );
    for (const listener of this.downListeners) listener();
  }

  /**
   * A command failed on a connection that looked up. A timeout may be the server or the network
   * hanging, or only this process's event loop having been busy past the timeout: a PING sent now
   * tells them apart. No answer to it either: taken as an outage, the connection is dropped and
   * made again, and the 'ready' after it re-bases what was cached, as after any outage.
   */
  commandFailed(error: unknown): void {
    if (!/timed out/i.test(String((error as Error)?.message ?? error)) || this.probing || !this.up) return;
    this.probing = true;
    this.client
      .ping()
      .then(
        () => undefined,
        () => this.reset(),
      )
      .finally(() => {
        this.probing = false;
      });
  }

  private probing = false;

  /** Drops the connection and makes it again: what follows is handled as after any outage. */
  reset(): void {
    if (!this.up) return;
    this.lost();
    this.client.disconnect(true);
  }

  /** Called on every 'ready'; `afterOutage` when the connection had been ready before. */
  onReady(listener: ReadyListener): void {
    this.readyListeners.add(listener);
  }

  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }

  /** Waits for the first connection, at most `ms` (the app starts degraded rather than not at all). */
  async whenReady(ms: number): Promise<boolean> {
    if (this.up) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.readyListeners.delete(ready);
        resolve(this.up);
      }, ms);
      const ready = () => {
        clearTimeout(timer);
        this.readyListeners.delete(ready);
        resolve(true);
      };
      this.readyListeners.add(ready);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.readyListeners.clear();
    this.downListeners.clear();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
