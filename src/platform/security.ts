// Security headers (helmet), CORS, and no-store on what only a signed-in caller is answered. The
// API answers JSON, so its page policy is "nothing"; pages for people get their own (PAGE_POLICIES).
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

/** The policy of every page for people: everything from the service itself, nothing framed. */
const PAGE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

/**
 * The pages of each kind, their scripts and styles (GraphiQL and Swagger UI checked in Chromium by
 * `npm run check:pages`). Server-rendered pages (src/pages) run no script and style
 * themselves with /p/pages.css only: an injected script or style attribute does nothing.
 * Swagger UI loads its scripts from /docs and styles itself inline. GraphiQL's page is one HTML
 * file with inline scripts and styles; its editor uses web workers from blob: URLs and data: fonts.
 */
const PAGE_POLICIES = {
  page: { ...PAGE_DIRECTIVES, scriptSrc: ["'none'"], styleSrc: ["'self'"], workerSrc: ["'none'"] },
  docs: { ...PAGE_DIRECTIVES, scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], workerSrc: ["'none'"] },
  graphiql: {
    ...PAGE_DIRECTIVES,
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    workerSrc: ["'self'", 'blob:'],
  },
} as const;
type PageKind = keyof typeof PAGE_POLICIES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page for people (its own security policy), not the API: which kind. */
    securityHeaders?: PageKind;
  }
}

/** The route config that gives a page (rather than the API) its policy: `{ config: pageRoute }`. */
export const pageRoute = { securityHeaders: 'page' } as const;
/** Swagger UI (/docs). */
export const docsRoute = { securityHeaders: 'docs' } as const;
/** GraphiQL (/graphiql). */
export const graphiqlRoute = { securityHeaders: 'graphiql' } as const;

/**
 * Answers that must not be kept by any cache, the browser's included: everything a route that
 * needs a signed-in caller answers (`/my/*`: reactions are health data). The REST router puts
 * its route in the route's config; GraphQL answers are `no-store` already (graphql-execution.ts).
 */
const signedInOnly = (config: unknown): boolean => {
  const access = (config as { route?: { access?: string } }).route?.access;
  return access !== undefined && access !== 'public';
};

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
  const pageHeaders = Object.fromEntries(
    Object.entries(PAGE_POLICIES).map(([kind, directives]) => [
      kind,
      helmetHeaders({ ...apiOptions, contentSecurityPolicy: { useDefaults: false, directives } }),
    ]),
  ) as Record<PageKind, Array<[string, string]>>;
  app.addHook('onRequest', (request, reply, done) => {
    const { config } = request.routeOptions;
    for (const [name, value] of config.securityHeaders ? pageHeaders[config.securityHeaders] : apiHeaders)
      reply.header(name, value);
    if (signedInOnly(config)) reply.header('cache-control', 'no-store');
    done();
  });
  const allowed = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    // No origin header (same origin, curl): nothing to decide. Unknown origins get no CORS headers.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'if-none-match',
      'x-request-id',
      'x-signature',
    ],
    exposedHeaders: [
      'etag',
      'retry-after',
      'x-request-id',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'idempotent-replayed',
      'x-cache',
    ],
    maxAge: 600,
  });
}
