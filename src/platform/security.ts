// Security headers (helmet) and CORS. The API answers JSON, so its pages-policy is "nothing";
// the two pages for people (/graphiql, /docs) get their own, looser policy (pagePolicy).
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** JSON responses: no scripts, no framing, nothing loaded. */
const API_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  },
};

/**
 * GraphiQL and Swagger UI: everything from the service itself (checked in Chromium by
 * `npm run check:pages`); GraphiQL's page is one HTML file
 * with inline scripts and styles, its editor uses web workers from blob: URLs and data: fonts.
 */
export const pagePolicy = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
} as const;

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: API_CSP,
    // The API is called from other origins by design (CORS decides who); pages stay same-origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  const allowed = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    // No origin header (same origin, curl): nothing to decide. Unknown origins get no CORS headers.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'if-none-match', 'x-request-id', 'x-signature'],
    exposedHeaders: ['etag', 'retry-after', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'idempotent-replayed', 'x-cache'],
    maxAge: 600,
  });
}
