import { readFileSync } from 'node:fs';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { GraphQLError, Kind, type GraphQLFormattedError, type SelectionSetNode } from 'graphql';
import { v4 as uuidv4 } from 'uuid';
import YAML from 'yaml';
import { routes } from '../rest-mappings/routes.js';
import { Authenticator, viewerFromClaims } from './auth.js';
import type { Config } from './config.js';
import { createContext, type Context } from './context.js';
import { databaseAnswers, type EntityManager, type Orm } from './db.js';
import { AppError, isErrorCode } from './errors.js';
import { checkQueryLimits, inspectGraphqlRequest, MAX_GRAPHQL_RESPONSE_BYTES } from './graphql-limits.js';
import { createMetrics } from './metrics.js';
import { mountRestRoutes } from './rest/router.js';
import { rateLimitClass, type RateLimitClass } from './rest/types.js';
import { generateOpenApi } from './rest/openapi/generate.js';
import { mappingsDir } from './rest/describe.js';
import { buildAppSchema } from './schema.js';
import { stopOcr } from './modules/analysis/label-ocr.js';
import { MAX_UPLOAD_BYTES } from './modules/shared/upload.scalar.js';
import { useCursorSecret } from './modules/shared/pagination.js';
import { registerStaticPages } from './static-pages.js';
import { registerPages } from './modules/page/page.routes.js';
import { registerImageRoutes } from './modules/image/image.routes.js';
import { dirname, join } from 'node:path';
import { createMailer } from './modules/mail/mailer.js';
import { claimsOf } from './platform/caller.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, isNulRejection } from './platform/database-errors.js';
import { registerProcessCacheDrops } from './platform/process-cache-drops.js';
import { registerIdempotency } from './platform/idempotency.js';
import { graphqlBudget, registerRateLimits } from './platform/rate-limit.js';
import { connectRedis } from './platform/redis.js';
import { onWriteOutsideRequest, registerRequestStore, storeOf, trackTransactions } from './platform/request-store.js';
import { ResponseCache } from './platform/response-cache.js';
import { registerSecurity } from './platform/security.js';
import { clientErrorHandler } from './platform/client-errors.js';

const BODY_LIMIT = 1024 * 1024;
export const packageVersion: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** Maps anything thrown while handling a request onto the contract's errors. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError & { validation?: unknown };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted: send application/json (multipart/form-data where a route takes files)', { field: 'content-type' });
    case 'FST_FILES_LIMIT': return new AppError('VALIDATION_FAILED', 'Too many file parts: a route takes at most one file per field it names', { field: 'body' });
    case 'FST_PARTS_LIMIT': case 'FST_FIELDS_LIMIT': return new AppError('VALIDATION_FAILED', 'Too many parts in the multipart body', { field: 'body' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return new AppError('PAYLOAD_TOO_LARGE', `The body is over the ${BODY_LIMIT} byte limit`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return new AppError('VALIDATION_FAILED', 'The body is empty but declared as JSON', { field: 'body' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY': return new AppError('VALIDATION_FAILED', 'The body is not valid JSON', { field: 'body' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return new AppError('VALIDATION_FAILED', 'Content-Length does not match the body', { field: 'body' });
    default: break;
  }
  // busboy (multipart) errors carry no status: a malformed body is the client's.
  if (typeof e.message === 'string' && /^Multipart: |Unexpected end of (form|multipart data)|Malformed part header|Boundary not found/i.test(e.message)) {
    return new AppError('VALIDATION_FAILED', `The multipart body is malformed: ${e.message}`, { field: 'body' });
  }
  if (e instanceof SyntaxError || e.statusCode === 400) return new AppError('VALIDATION_FAILED', 'The body is not valid JSON', { field: 'body' });
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request or an uploaded file is over its size limit');
  if (e.code?.startsWith('FST_') && e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError('VALIDATION_FAILED', e.message);
  if (e.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', e.message);
  if (e.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests');
  const internal = new AppError('INTERNAL', 'Internal error');
  (internal as { cause?: unknown }).cause = error;
  return internal;
}

/** The contract's error body. An INTERNAL error gives only the request id. */
export function errorBody(error: AppError, requestId: string) {
  if (error.code === 'INTERNAL') return { error: { code: error.code, message: `Internal error (request ${requestId})`, request_id: requestId } };
  return { error: { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) } };
}

const APOLLO_CLIENT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/** GraphQL errors carry the same codes as REST ones in extensions.code. */
function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (isNulRejection(original)) return { ...formatted, message: 'Text must not contain NUL characters (U+0000)', extensions: { code: 'VALIDATION_FAILED' } };
  if (isDatabaseUnavailable(original)) return { message: DATABASE_UNAVAILABLE_MESSAGE, locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL' } };
  if (original instanceof AppError) {
    return { ...formatted, message: original.message, extensions: { code: original.code, ...(original.details !== undefined ? { details: original.details } : {}) } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && APOLLO_CLIENT_CODES.has(code)) return { ...formatted, extensions: { code: 'VALIDATION_FAILED' } };
  if (isErrorCode(code)) return { ...formatted, extensions: { code } };
  return { message: 'Internal error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL' } };
}

export interface AppOptions {
  config: Config;
  orm: Orm;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Run REST operations through graphql-jit (default) or graphql-js (for the benchmark). */
  restJit?: boolean;
  /** Bytes of one GraphQL answer (tests lower it); MAX_GRAPHQL_RESPONSE_BYTES by default. */
  maxGraphqlResponseBytes?: number;
}

export async function buildApp({ config, orm, logger = true, restJit = true, maxGraphqlResponseBytes = MAX_GRAPHQL_RESPONSE_BYTES }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === true ? { level: config.logLevel } : logger,
    bodyLimit: BODY_LIMIT,
    // Slow clients: headers, the whole request, an idle socket and an idle keep-alive connection
    // each have a deadline (HTTP_*_TIMEOUT_SECONDS); Node checks them every second.
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : uuidv4();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's own URL errors answer in the contract's format too.
    frameworkErrors: (error, request, reply) => {
      const appError = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('VALIDATION_FAILED', 'A path segment is over 100 characters', { field: 'path' })
        : error.code === 'FST_ERR_BAD_URL'
          ? new AppError('VALIDATION_FAILED', 'The path has a malformed %-escape', { field: 'path' })
          : toAppError(error);
      (reply as FastifyReply).code(appError.status).header('x-request-id', request.id).send(errorBody(appError, request.id));
    },
  });
  registerRequestStore(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // JSON bodies everywhere; multipart only where a route names its file fields (the router checks).
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 20, fieldSize: 100_000 } });
  app.addHook('onClose', stopOcr);

  const schema = await buildAppSchema();
  const auth = new Authenticator(config.auth);
  // List cursors are signed with a key derived from the server's secrets (the same on every instance).
  useCursorSecret([config.auth.jwtSecret, config.auth.idpWebhookSecret].filter(Boolean).join('\u0000'));
  const metrics = createMetrics();
  metrics.instrument(app);
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const services = { mailer, idpWebhookSecret: config.auth.idpWebhookSecret };

  // Hardening: headers, CORS, rate limits (before any route: they hook routes as they are added).
  await registerSecurity(app, config);
  await registerRateLimits(app, config, auth, redis);
  registerIdempotency(app, { auth, redis, prefix: config.redisPrefix, ttlSeconds: config.idempotencyTtlSeconds });

  // The knowledge base and similarity index of other instances follow this one's writes.
  await registerProcessCacheDrops(app, redis, config.redisPrefix);

  // The response cache, invalidated before any writer gets its answer (see response-cache.ts).
  const cache = config.cache.enabled
    ? new ResponseCache({ redis, prefix: config.redisPrefix, maxEntries: config.cache.maxEntries, ttlSeconds: config.cache.ttlSeconds, log: app.log })
    : null;
  if (cache) {
    // Only a committed write bumps the generation: a failed request (404, 401, 415, 400, a rolled
    // back transaction) leaves the cache as it was.
    trackTransactions(orm.em.getEventManager());
    app.addHook('onSend', async (request, _reply, payload) => {
      if (storeOf(request)?.committed) await cache.bump();
      return payload;
    });
    // Writes outside a request (background work): bump now and once more when it has likely committed.
    let scheduled = false;
    const stop = onWriteOutsideRequest(() => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void cache.bump());
      setTimeout(() => {
        scheduled = false;
        void cache.bump();
      }, 1000).unref();
    });
    app.addHook('onClose', async () => {
      stop();
    });
  }

  async function contextFor(request: FastifyRequest): Promise<Context> {
    const em = orm.em.fork() as EntityManager;
    const claims = await claimsOf(request, auth);
    if (!claims) return createContext(em, null, request.id, config.publicUrl, services);
    return createContext(em, await viewerFromClaims(em, claims, auth), request.id, config.publicUrl, services);
  }

  /** GraphQL's context: a database outage while building it (the viewer's row) is a 503 too. */
  async function graphqlContextFor(request: FastifyRequest): Promise<Context> {
    try {
      return await contextFor(request);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      throw new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
        originalError: error as Error,
        extensions: { code: 'INTERNAL', http: { status: 503, headers: new HeaderMap([['retry-after', '5']]) as never } },
      });
    }
  }

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    const cause = (appError as { cause?: unknown }).cause ?? error;
    if (appError.code === 'INTERNAL' && isDatabaseUnavailable(cause)) {
      request.log.warn({ err: cause }, 'database unavailable');
      return reply.code(503).header('retry-after', '5')
        .send({ error: { code: 'INTERNAL', message: `${DATABASE_UNAVAILABLE_MESSAGE} (request ${request.id})`, request_id: request.id } });
    }
    if (appError.code === 'INTERNAL') request.log.error({ err: (appError as { cause?: unknown }).cause ?? error }, 'internal error');
    if (appError.code === 'RATE_LIMITED' && !reply.getHeader('retry-after')) {
      const wait = (appError.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      reply.header('retry-after', String(typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : 60));
    }
    return reply.code(appError.status).send(errorBody(appError, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(new AppError('ROUTE_NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`), request.id));
  });

  // GraphQL: a batch (an array of operations in one POST) holds at most GRAPHQL_MAX_BATCH.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === '/graphql' && Array.isArray(request.body)) {
      const size = (request.body as unknown[]).length;
      if (size === 0 || size > config.graphql.maxBatch) {
        throw new AppError('VALIDATION_FAILED', `A batch holds 1 to ${config.graphql.maxBatch} operations, got ${size}`, { field: 'body', max: config.graphql.maxBatch });
      }
    }
  });
  // Root fields that limited REST routes run (analyses, uploads, e-mail) keep their class here.
  const budget = graphqlBudget(config, auth, redis);
  const fieldClasses = new Map<string, RateLimitClass>();
  const rootFields = (set: SelectionSetNode): string[] => set.selections.flatMap((s) =>
    s.kind === Kind.FIELD ? [s.name.value] : s.kind === Kind.INLINE_FRAGMENT ? rootFields(s.selectionSet) : []);
  // Before GraphQL parses and validates: an alias bomb is refused at the cost of a parse, and every
  // occurrence of a limited root field, over every operation of a batch, is counted before any of
  // them runs (see graphqlBudget).
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return;
    const payload = request.method === 'GET' ? request.query : request.body;
    const { refused, counts } = inspectGraphqlRequest(schema, payload, fieldClasses, config.graphql);
    if (refused) return reply.code(refused.status).send({ errors: [{ message: refused.message, extensions: { code: refused.code, details: refused.details } }] });
    if (!budget || !counts.size) return;
    const exceeded = await budget(request, counts);
    if (!exceeded) return;
    const message = `Too many requests: at most ${exceeded.max} ${exceeded.cls} operations per ${config.rateLimit.windowSeconds} s (each aliased or batched occurrence counts); this request asks for ${counts.get(exceeded.cls)}; retry in ${exceeded.retryAfter} s`;
    return reply.code(429).header('retry-after', String(exceeded.retryAfter))
      .send({ errors: [{ message, extensions: { code: 'RATE_LIMITED', details: { retry_after_seconds: exceeded.retryAfter, class: exceeded.cls, max: exceeded.max } } }] });
  });
  const limitsPlugin: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema: s }) {
          checkQueryLimits(s, document, request.operationName, request.variables ?? {}, config.graphql);
        },
        async didEncounterErrors({ errors, contextValue, response }) {
          for (const error of errors) {
            const original = unwrapResolverError(error);
            // The database is away: 503 with Retry-After, as REST answers.
            if (isDatabaseUnavailable(original)) {
              response.http.status = 503;
              response.http.headers.set('retry-after', '5');
              continue;
            }
            if (!(original instanceof AppError) && !error.extensions?.code?.toString().startsWith('GRAPHQL_')) {
              app.log.error({ err: original, requestId: contextValue?.requestId }, 'internal GraphQL error');
            }
          }
        },
      };
    },
  };
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.graphql.introspection,
    // With introspection off, no "Did you mean …?" either: errors do not reveal the schema.
    hideSchemaDetailsFromClientErrors: !config.graphql.introspection,
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    plugins: [limitsPlugin, fastifyApolloDrainPlugin(app)],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), { path: '/graphql', context: (request) => graphqlContextFor(request) });
  // A GraphQL answer over MAX_GRAPHQL_RESPONSE_BYTES is refused (complexity bounds what can be asked; this bounds what is sent).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/graphql' || typeof payload !== 'string' || payload.length <= maxGraphqlResponseBytes / 4) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes <= maxGraphqlResponseBytes) return payload;
    reply.code(400).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ errors: [{
      message: `The answer is ${bytes} bytes, over the limit of ${maxGraphqlResponseBytes}: ask for less in one request`,
      extensions: { code: 'VALIDATION_FAILED', details: { limit: 'response_bytes', value: bytes, max: maxGraphqlResponseBytes } },
    }] });
  });

  // REST
  const mounted = mountRestRoutes(app, { schema, routes, documentsDir: mappingsDir, prefix: config.restPrefix, context: contextFor, jit: restJit, cache });
  for (const p of mounted) {
    const cls = rateLimitClass(p.route);
    if (cls === 'default') continue;
    for (const field of rootFields(p.operation.definition.selectionSet)) fieldClasses.set(field, cls);
  }
  const openapi = generateOpenApi({ schema, routes: mounted, prefix: config.restPrefix, version: packageVersion });
  const openapiYaml = YAML.stringify(openapi);

  app.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(openapi));
  app.get('/openapi.yaml', async (_request, reply) => reply.type('application/yaml').send(openapiYaml));
  registerStaticPages(app);
  await registerPages(app, { schema, mappingsDir, context: contextFor, publicUrl: config.publicUrl });
  registerImageRoutes(app, join(dirname(config.pgliteDir), 'images'));

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const ok = await databaseAnswers(orm);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', database: ok ? 'ok' : 'unreachable' });
  });
  app.get('/metrics', async (_request, reply) => reply.type(metrics.contentType).send(await metrics.render()));
  return app;
}
