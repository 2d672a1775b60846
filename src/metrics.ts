import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { onStatement } from './sql-statements.js';

/** What the metrics read of the shared state (Redis) and the layers that degrade without it. */
export interface SharedStateProbe {
  /** 1 connected, 0 away; null without REDIS_URL (the metric is then not shown). */
  redisUp(): number | null;
  redisOutages(): number;
  rateLimitFallbacks(): number;
  cacheBypassed(): number;
  /** 1 while a cache generation bump is owed to Redis (it failed; done on reconnection). */
  cacheBumpOwed(): number;
}

/** Prometheus metrics: request duration by route and status, SQL statements, Redis state, process defaults. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const statements = new Counter({
    name: 'sql_statements_total',
    help: 'SQL statements sent to the database',
    registers: [registry],
  });
  onStatement(() => statements.inc());

  /** A metric whose value is read when scraped. */
  const read = (kind: 'gauge' | 'counter', name: string, help: string, value: () => number | null) => {
    const collect = function (this: Gauge | Counter) {
      const v = value();
      this.reset();
      if (v !== null) (this as Gauge).inc(v);
    };
    if (kind === 'gauge') new Gauge({ name, help, registers: [registry], collect });
    else new Counter({ name, help, registers: [registry], collect });
  };

  return {
    contentType: registry.contentType,
    render: () => registry.metrics(),
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        // The route pattern, not the URL: ids in paths would explode the label set.
        const route = request.routeOptions.url ?? 'unmatched';
        duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
    },
    /** Shows whether Redis is there and what ran without it. */
    watch(probe: SharedStateProbe) {
      if (probe.redisUp() === null) return;
      read(
        'gauge',
        'redis_up',
        '1 while the shared Redis is connected; 0 while away (rate limits per instance, no response caching)',
        probe.redisUp,
      );
      read('counter', 'redis_outages_total', 'Times the Redis connection was lost', probe.redisOutages);
      read(
        'counter',
        'rate_limit_local_decisions_total',
        'Rate-limit counts made in this process because Redis was away or refused them',
        probe.rateLimitFallbacks,
      );
      read(
        'counter',
        'response_cache_bypassed_total',
        'Cacheable reads answered without the cache because its shared generation could not be trusted',
        probe.cacheBypassed,
      );
      read(
        'gauge',
        'response_cache_bump_owed',
        '1 while a cache generation bump could not reach Redis (a new generation starts on reconnection)',
        probe.cacheBumpOwed,
      );
    },
  };
}
