// What bounds a request to /graphql (the limits themselves are in graphql-limits.ts beside it): the size
// of a batch, an alias bomb refused at the cost of a parse, the rate-limit classes of the root
// fields that limited REST routes run, the query's depth and cost once Apollo has it, and the
// size of the answer.
import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { Kind, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Authenticator } from '../auth.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { checkQueryLimitsOnce, inspectGraphqlRequest } from './graphql-limits.js';
import { withPersistedDocuments, type PersistedQueryStore } from './persisted-queries.js';
import { graphqlBudget, rateLimitClass, type RateLimitClass, type RouteTraits } from './rate-limit.js';
import type { RedisLink } from './redis.js';

export interface GraphqlGuardOptions {
  schema: GraphQLSchema;
  config: Config;
  auth: Authenticator;
  redis: RedisLink | null;
  /** Bytes of one GraphQL answer. */
  maxResponseBytes: number;
  /** Persisted queries: a request naming one by its hash is inspected on its document. */
  persistedQueries: PersistedQueryStore;
}

export interface GraphqlGuards {
  /** Apollo plugin: depth, cost and repeat limits once the operation is resolved. */
  limitsPlugin: ApolloServerPlugin;
  /** Root fields that limited REST routes run (analyses, uploads, e-mail) keep the route's class here. */
  classifyRootFields(
    mounted: Iterable<{ route: RouteTraits; operation: { definition: OperationDefinitionNode } }>,
  ): void;
}

const rootFields = (set: SelectionSetNode): string[] =>
  set.selections.flatMap((s) =>
    s.kind === Kind.FIELD ? [s.name.value] : s.kind === Kind.INLINE_FRAGMENT ? rootFields(s.selectionSet) : [],
  );

/** Registers the guards' hooks (two preHandlers, one onSend) and returns the rest. */
export function registerGraphqlGuards(
  app: FastifyInstance,
  { schema, config, auth, redis, maxResponseBytes, persistedQueries }: GraphqlGuardOptions,
): GraphqlGuards {
  // A batch (an array of operations in one POST) holds at most GRAPHQL_MAX_BATCH.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === '/graphql' && Array.isArray(request.body)) {
      const size = (request.body as unknown[]).length;
      if (size === 0 || size > config.graphql.maxBatch) {
        throw new AppError(
          'VALIDATION_FAILED',
          `A batch holds 1 to ${config.graphql.maxBatch} operations, got ${size}`,
          { field: 'body', max: config.graphql.maxBatch },
        );
      }
    }
  });

  const budget = graphqlBudget(config, auth, redis);
  const fieldClasses = new Map<string, RateLimitClass>();
  // Before GraphQL parses and validates: an alias bomb is refused at the cost of a parse, and every
  // occurrence of a limited root field, over every operation of a batch, is counted before any of
  // them runs (see graphqlBudget).
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/graphql') return;
    // A persisted query is inspected on its document: sending only the hash bypasses nothing.
    const payload = await withPersistedDocuments(
      request.method === 'GET' ? request.query : request.body,
      persistedQueries,
    );
    const { refused, counts } = inspectGraphqlRequest(schema, payload, fieldClasses, config.graphql);
    if (refused)
      return reply
        .code(refused.status)
        .send({ errors: [{ message: refused.message, extensions: { code: refused.code, details: refused.details } }] });
    if (!budget || !counts.size) return;
    const exceeded = await budget(request, counts);
    if (!exceeded) return;
    const message = `Too many requests: at most ${exceeded.max} ${exceeded.cls} operations per ${config.rateLimit.windowSeconds} s (each aliased or batched occurrence counts); this request asks for ${counts.get(exceeded.cls)}; retry in ${exceeded.retryAfter} s`;
    return reply
      .code(429)
      .header('retry-after', String(exceeded.retryAfter))
      .send({
        errors: [
          {
            message,
            extensions: {
              code: 'RATE_LIMITED',
              details: { retry_after_seconds: exceeded.retryAfter, class: exceeded.cls, max: exceeded.max },
            },
          },
        ],
      });
  });

  // An answer over maxResponseBytes is refused (complexity bounds what can be asked; this bounds what is sent).
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.routeOptions.url !== '/graphql' ||
      typeof payload !== 'string' ||
      payload.length <= maxResponseBytes / 4
    )
      return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes <= maxResponseBytes) return payload;
    reply.code(400).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({
      errors: [
        {
          message: `The answer is ${bytes} bytes, over the limit of ${maxResponseBytes}: ask for less in one request`,
          extensions: {
            code: 'VALIDATION_FAILED',
            details: { limit: 'response_bytes', value: bytes, max: maxResponseBytes },
          },
        },
      ],
    });
  });

  return {
    limitsPlugin: {
      async requestDidStart() {
        return {
          async didResolveOperation({ request, document, schema: s }) {
            checkQueryLimitsOnce(s, document, request.operationName, request.variables ?? {}, config.graphql);
          },
        };
      },
    },
    classifyRootFields(mounted) {
      for (const { route, operation } of mounted) {
        const cls = rateLimitClass(route);
        if (cls === 'default') continue;
        for (const field of rootFields(operation.definition.selectionSet)) fieldClasses.set(field, cls);
      }
    },
  };
}
