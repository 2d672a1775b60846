// Security headers (helmet) and CORS. The API answers JSON, so its pages-policy is "nothing";
// the two pages for people (/graphiql, /docs) get their own, looser policy (pagePolicy).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
const PAGE_POLICY = {
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
} satisfies HelmetOptions;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'page': a page for people (its own security policy), not the API. */
    securityHeaders?: 'page';
  }
}

/** The route config that gives a page (rather than the API) its policy: `{ config: pageRoute }`. */
export const pageRoute = { securityHeaders: 'page' } as const;

/**
 * The headers helmet sets for a policy, computed once: they depend on the options only, and
 * @fastify/helmet would build helmet's middleware (parsing the CSP directives) on every request.
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return [...headers];
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const apiOptions: HelmetOptions = {
    contentSecurityPolicy: API_CSP,
    // The API is called from other origins by design (CORS decides who); pages stay same-origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
  const apiHeaders = helmetHeaders(apiOptions);
  const pageHeaders = helmetHeaders({ ...apiOptions, ...PAGE_POLICY });
  app.addHook('onRequest', (request, reply, done) => {
    const page = request.routeOptions.config.securityHeaders === 'page';
    for (const [name, value] of page ? pageHeaders : apiHeaders) reply.header(name, value);
    done();
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
