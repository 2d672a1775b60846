// The application: the platform's hooks (src/platform/register.ts, in their order), then GraphQL
// at /graphql, the REST routes of the route table, OpenAPI, the pages, and the probes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import YAML from 'yaml';
import { routes } from '../rest-mappings/routes.js';
import { Authenticator, viewerFromClaims } from './auth.js';
import type { Config } from './config.js';
import { createContext, type Context } from './context.js';
import { databaseAnswers, type EntityManager, type Orm } from './db.js';
import { MAX_GRAPHQL_RESPONSE_BYTES } from './platform/graphql-limits.js';
import { stopOcr } from './modules/analysis/label-ocr.js';
import { registerImageRoutes } from './modules/image/image.routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { registerPages } from './pages/page.routes.js';
import { useCursorSecret } from './modules/shared/pagination.js';
import { MAX_UPLOAD_BYTES } from './modules/shared/upload.scalar.js';
import { claimsOf } from './platform/caller.js';
import { formatGraphQLError, graphqlContextError, graphqlErrorsPlugin } from './platform/error-mapping.js';
import { jitExecutor, uncachedGraphqlAnswers } from './platform/graphql-execution.js';
import { registerPlatform, serverOptions } from './platform/register.js';
import { compressedBody } from './platform/compressed-body.js';
import { mappingsDir } from './rest/describe.js';
import { generateOpenApi } from './rest/openapi/generate.js';
import { mountRestRoutes } from './rest/router.js';
import { buildAppSchema } from './schema.js';
import { registerStaticPages } from './static-pages.js';

export const packageVersion: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

export interface AppOptions {
  config: Config;
  orm: Orm;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Run REST operations through graphql-jit (default) or graphql-js (for the benchmark). */
  restJit?: boolean;
  /** Bytes of one GraphQL answer (tests lower it); MAX_GRAPHQL_RESPONSE_BYTES by default. */
  maxGraphqlResponseBytes?: number;
  /** The time idempotency's key window reads (tests and benchmarks move it); the system clock by default. */
  clock?: () => Date;
}

export async function buildApp({
  config,
  orm,
  logger = true,
  restJit = true,
  maxGraphqlResponseBytes = MAX_GRAPHQL_RESPONSE_BYTES,
  clock,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, logger));
  const schema = await buildAppSchema();
  const auth = new Authenticator(config.auth);
  const platform = await registerPlatform(app, {
    config,
    orm,
    auth,
    schema,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    maxGraphqlResponseBytes,
    clock,
  });
  app.addHook('onClose', stopOcr);
  // List cursors are signed with a key derived from the server's secrets (the same on every instance).
  useCursorSecret([config.auth.jwtSecret, config.auth.idpWebhookSecret].filter(Boolean).join('\u0000'));
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const services = { mailer, idpWebhookSecret: config.auth.idpWebhookSecret };

  /** The request's context: its own entity manager, and the viewer its token names. */
  async function contextFor(request: FastifyRequest): Promise<Context> {
    const em = orm.em.fork() as EntityManager;
    const claims = await claimsOf(request, auth);
    if (!claims) return createContext(em, null, request.id, config.publicUrl, services);
    return createContext(em, await viewerFromClaims(em, claims, auth), request.id, config.publicUrl, services);
  }

  // GraphQL: Apollo parses, validates (once per document) and runs the protocol; graphql-jit executes.
  const apollo = new ApolloServer<Context>({
    gateway: jitExecutor(schema, maxGraphqlResponseBytes),
    persistedQueries: { cache: platform.persistedQueries, ttl: null },
    introspection: config.graphql.introspection,
    // With introspection off, no "Did you mean …?" either: errors do not reveal the schema.
    hideSchemaDetailsFromClientErrors: !config.graphql.introspection,
    allowBatchedHttpRequests: true,
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError,
    plugins: [
      platform.graphql.limitsPlugin,
      graphqlErrorsPlugin(app.log),
      fastifyApolloDrainPlugin(app),
      ...uncachedGraphqlAnswers,
    ],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: (request) => contextFor(request).catch(graphqlContextError),
  });

  // REST
  const mounted = mountRestRoutes(app, {
    schema,
    routes,
    documentsDir: mappingsDir,
    prefix: config.restPrefix,
    context: contextFor,
    jit: restJit,
    cache: platform.cache,
  });
  platform.graphql.classifyRootFields(mounted);
  const openapi = generateOpenApi({ schema, routes: mounted, prefix: config.restPrefix, version: packageVersion });
  const openapiYaml = YAML.stringify(openapi);
  const openapiBody = compressedBody(JSON.stringify(openapi));
  app.get('/openapi.json', async (request, reply) => reply.type('application/json').send(openapiBody(request, reply)));
  app.get('/openapi.yaml', async (_request, reply) => reply.type('application/yaml').send(openapiYaml));

  // Pages and probes
  registerStaticPages(app);
  await registerPages(app, { schema, mappingsDir, context: contextFor, publicUrl: config.publicUrl });
  registerImageRoutes(app, join(dirname(config.pgliteDir), 'images'));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    // Redis away is not unreadiness: the instance serves, degraded (and says how).
    const ok = await databaseAnswers(orm);
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ready' : 'unavailable', database: ok ? 'ok' : 'unreachable', ...platform.sharedState() });
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(platform.metrics.contentType).send(await platform.metrics.render()),
  );
  return app;
}
