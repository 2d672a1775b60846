import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { onStatement } from './sql-statements.js';

/** Prometheus metrics: request duration by route and status, SQL statements, process defaults. */
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
  const statements = new Counter({ name: 'sql_statements_total', help: 'SQL statements sent to the database', registers: [registry] });
  onStatement(() => statements.inc());
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
  };
}
