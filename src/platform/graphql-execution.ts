// How POST /graphql executes, as the REST layer does: Apollo parses and validates a document once
// (its documentStore, keyed by the document's sha256) and resolves the operation; this executor
// (Apollo's gateway interface, the one way Apollo takes an executor) runs it with graphql-jit,
// compiled once per document and operation name and kept in a bounded LRU. Apollo keeps what it
// does around execution: batching, persisted queries, error formatting, plugins, the landing page.
import type { ApolloServerOptionsWithGateway, ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import {
  execute,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { meteredSerializers, withAnswerMeter } from './answer-meter.js';
import { asksTheSchema } from './graphql-introspection.js';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Run = (context: unknown, variables: Record<string, unknown>) => Promise<ExecutionResult> | ExecutionResult;

/** Compiled operations kept (each a few kB of generated code). */
const MAX_COMPILED_OPERATIONS = 500;

/**
 * graphql-jit's errors leave `extensions` undefined when the thrown error has none, where Apollo
 * (and graphql-js) expect an object: such an error becomes graphql-js's, keeping path and cause.
 */
function asApolloError(error: GraphQLError): GraphQLError {
  if (error.extensions) return error;
  const copy = new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    originalError: error.originalError ?? undefined,
  });
  if (!copy.locations && error.locations) Object.assign(copy, { locations: error.locations });
  return copy;
}

/**
 * Apollo's gateway interface over our own schema, executing with graphql-jit; an answer over `maxAnswerBytes` is
 * refused while it is built (answer-meter.ts).
 */
export function jitExecutor(
  schema: GraphQLSchema,
  maxAnswerBytes: number,
  compiled = new LRUCache<string, Run>({ max: MAX_COMPILED_OPERATIONS }),
): Gateway {
  const customSerializers = meteredSerializers(schema);
  const runnerFor = (
    queryHash: string,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    operationName: string | null,
  ): Run => {
    const key = `${queryHash}:${operationName ?? ''}`;
    let run = compiled.get(key);
    if (run) return run;
    run = (context, variables) =>
      execute({
        schema,
        document,
        operationName,
        contextValue: context,
        variableValues: variables,
      }) as Promise<ExecutionResult>;
    // Introspection asks the schema, not our resolvers: graphql-js answers it (GraphiQL, rarely).
    if (!asksTheSchema(document, operation)) {
      const query = compileQuery(schema, document, operationName ?? undefined, { customSerializers });
      if (isCompiledQuery(query)) run = (context, variables) => query.query(undefined, context, variables);
    }
    compiled.set(key, run);
    return run;
  };
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return {
        executor: async ({ queryHash, document, operation, operationName, request, context }) => {
          // graphql-js's coercion first: its errors name the variable, and Apollo answers them 400 BAD_USER_INPUT.
          const variables = request.variables ?? {};
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
          if (coerced.errors) return { errors: coerced.errors };
          const run = runnerFor(queryHash, document, operation, operationName);
          const result = await withAnswerMeter(maxAnswerBytes, () => run(context, variables));
          return result.errors
            ? ({ ...result, errors: result.errors.map(asApolloError) } as ExecutionResult<Record<string, unknown>>)
            : (result as ExecutionResult<Record<string, unknown>>);
        },
      };
    },
    async stop() {},
  };
}

/**
 * Apollo's cache-control plugin, installed unless disabled, hooks `willResolveField`: Apollo then
 * wraps every field's resolver in the schema (scalars included, which graphql-jit would otherwise
 * read as plain properties), a tenth of a product's CPU time over POST /graphql. No type carries a
 * cache hint, so every answer was `cache-control: no-store`; these plugins keep that header without
 * the wrapping.
 */
export const uncachedGraphqlAnswers: ApolloServerPlugin[] = [
  ApolloServerPluginCacheControlDisabled(),
  {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  },
];
