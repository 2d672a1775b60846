// Mounts every route of the table onto Fastify: bind variables, execute the named operation
// in-process, answer with the root field's value. Imports nothing from src/modules.
import { isUtf8 } from 'node:buffer';
import { hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { execute, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { AppError, isErrorCode } from '../errors.js';
import { checkRoutes, loadOperations, type LoadedOperation } from './documents.js';
import { accessRoles, needsSignIn, type RouteDefinition } from './types.js';
import { readMultipartBody } from './multipart.js';
import { bindVariables, variableSpecs, type VariableSpec } from './variables.js';
import { pageOperation, sendPaged } from './streamed.js';

/** Builds the per-request context; throws UNAUTHENTICATED for a bad token. */
export type RestContextFactory<C> = (request: FastifyRequest) => Promise<C & { viewer: { userType: string } | null }>;

export interface RouterOptions<C> {
  schema: GraphQLSchema;
  routes: RouteDefinition[];
  documentsDir: string;
  prefix: string;
  context: RestContextFactory<C>;
  /** Use graphql-jit (default) or graphql-js's execute. */
  jit?: boolean;
  /** Cache of public GET answers for anonymous callers (src/platform/response-cache.ts). */
  cache?: RestResponseCache | null;
}

export interface CachedRestResponse {
  status: number;
  contentType: string;
  body: string;
  etag: string;
}

export interface RestResponseCache {
  /** The cached answer for a URL, a way to keep the one about to be computed, or null (do not cache now). */
  open(url: string): Promise<{ hit: CachedRestResponse } | { store: (entry: CachedRestResponse) => void } | null>;
}

/** A route with its checked operation and variable types: what mounting and OpenAPI need. */
export interface PreparedRoute {
  route: RouteDefinition;
  operation: LoadedOperation;
  specs: VariableSpec[];
  /** The page operation of a streamed route (route.pages). */
  pageOperation?: LoadedOperation;
}

type Runner = (context: unknown, variables: Record<string, unknown>) => Promise<ExecutionResult> | ExecutionResult;

/** Turns a GraphQL error list into the contract's error. */
export function errorFromResult(
  errors: readonly { message: string; extensions?: Record<string, unknown>; originalError?: unknown }[],
): AppError {
  const first = errors[0];
  let original: unknown = first.originalError;
  while (original && !(original instanceof AppError) && (original as { originalError?: unknown }).originalError) {
    original = (original as { originalError?: unknown }).originalError;
  }
  if (original instanceof AppError) return original;
  const code = first.extensions?.code;
  if (isErrorCode(code)) return new AppError(code, first.message, first.extensions?.details);
  // Variable coercion and validation problems come without a code: they are the client's.
  if (!original && /Variable|Argument|Expected|cannot represent/i.test(first.message)) {
    return new AppError('VALIDATION_FAILED', first.message);
  }
  const internal = new AppError('INTERNAL', 'Internal error');
  (internal as { cause?: unknown }).cause = original ?? first;
  return internal;
}

// One-shot crypto.hash: no Hash object per response.
const weakEtag = (body: string): string => `W/"${hash('sha1', body, 'base64url')}"`;

/** An operation's runner: graphql-jit's compiled query (jit), else graphql-js's execute. Throws when jit cannot compile it. */
export function compileOperation(schema: GraphQLSchema, op: LoadedOperation, jit: boolean): Runner {
  if (jit) {
    const compiled = compileQuery(schema, op.document, op.name);
    if (!isCompiledQuery(compiled))
      throw new Error(`graphql-jit could not compile ${op.name}: ${compiled.errors?.[0]?.message}`);
    return (context, variables) => (compiled as CompiledQuery).query(undefined, context, variables);
  }
  return (context, variables) =>
    execute({
      schema,
      document: op.document,
      operationName: op.name,
      contextValue: context,
      variableValues: variables,
    }) as Promise<ExecutionResult>;
}

/**
 * An operation's runner, compiled on the route's first request: compiling all 210 at start cost half a
 * second of CPU at every start of a server and of each test file's app, for routes that may never be
 * called there. Every operation is checked against the schema at start (prepareRoutes), and
 * test/rest-documents.test.ts compiles each one, so the first request meets no compile error.
 */
function compiledOnFirstRun(schema: GraphQLSchema, op: LoadedOperation, jit: boolean): Runner {
  let run: Runner | null = null;
  return (context, variables) => {
    run ??= compileOperation(schema, op, jit);
    return run(context, variables);
  };
}

/** Loads the documents and checks every route against the schema; throws naming the route. */
export function prepareRoutes(schema: GraphQLSchema, routes: RouteDefinition[], documentsDir: string): PreparedRoute[] {
  const operations = loadOperations(documentsDir);
  checkRoutes(schema, routes, operations);
  return routes.map((route) => {
    const operation = operations.get(route.operation)!;
    return {
      route,
      operation,
      specs: variableSpecs(schema, operation.definition),
      pageOperation: pageOperation(schema, route, operations),
    };
  });
}

/**
 * Keeps the exact bytes of the body on the request (routes with `rawBody`), handing the parser
 * an identical stream: a signature is checked over what was sent, not over re-serialised JSON.
 */
async function keepRawBody(request: FastifyRequest, _reply: FastifyReply, payload: AsyncIterable<Buffer | string>) {
  const limit = request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `The body is over the ${limit} byte limit`);
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  (request as FastifyRequest & { rawBody?: Buffer }).rawBody = raw;
  const stream = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  stream.receivedEncodedLength = raw.length;
  return stream;
}

/** The body as the operation sees it: its fields, or (rawBody routes) the raw text and the declared headers. */
function restBody(route: RouteDefinition, request: FastifyRequest, parsed: unknown): unknown {
  if (!route.rawBody && !route.headers) return parsed;
  // Those variables come from the body bytes and headers only, never from the query string.
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const name of [route.rawBody, ...Object.keys(route.headers ?? {})]) {
    if (name && name in query)
      throw new AppError('VALIDATION_FAILED', `Unknown query parameter "${name}"`, { field: name });
  }
  const body: Record<string, unknown> = route.rawBody ? {} : { ...((parsed as Record<string, unknown>) ?? {}) };
  if (route.rawBody) {
    // An empty body is passed on as "": the operation checks the signature before the content.
    const raw = (request as FastifyRequest & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    if (!isUtf8(raw)) throw new AppError('VALIDATION_FAILED', 'The body is not UTF-8', { field: 'body' });
    body[route.rawBody] = raw.toString('utf8');
  }
  for (const [variable, header] of Object.entries(route.headers ?? {})) {
    const value = request.headers[header.toLowerCase()];
    if (typeof value === 'string') body[variable] = value;
  }
  return body;
}

/** A route's success status; an add-or-change route's (createdFlag) follows what the answer says it did. */
function successStatus(route: RouteDefinition, value: unknown): number {
  if (route.createdFlag) return (value as Record<string, unknown> | null)?.[route.createdFlag] === true ? 201 : 200;
  return route.status ?? 200;
}

/** Fastify's path syntax is the specification's; only the prefix is added. */
export function mountRestRoutes<C>(app: FastifyInstance, options: RouterOptions<C>): PreparedRoute[] {
  const prepared = prepareRoutes(options.schema, options.routes, options.documentsDir);
  const mounted = prepared.map((p) => ({
    ...p,
    run: compiledOnFirstRun(options.schema, p.operation, options.jit ?? true),
    runPage: p.pageOperation && compiledOnFirstRun(options.schema, p.pageOperation, options.jit ?? true),
  }));
  for (const m of mounted) {
    const { route } = m;
    const roles = accessRoles(route.access);
    const cacheable =
      route.method === 'GET' && route.access === 'public' && m.operation.definition.operation === 'query';
    app.route({
      method: route.method,
      url: `${options.prefix}${route.path}`,
      config: { route } as never,
      ...(route.rawBody ? { preParsing: keepRawBody } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // Anonymous reads of public data may come from the cache (never stale: see the cache).
        const slot =
          cacheable && options.cache && !request.headers.authorization ? await options.cache.open(request.url) : null;
        if (slot && 'hit' in slot) {
          const { hit } = slot;
          reply
            .code(hit.status)
            .header('content-type', hit.contentType)
            .header('etag', hit.etag)
            .header('cache-control', 'no-cache')
            .header('x-cache', 'HIT');
          if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send();
          return reply.send(hit.body);
        }
        // Who may call comes first: an anonymous caller learns it must sign in, not what it sent wrong.
        const context = await options.context(request);
        if (needsSignIn(route.access) && !context.viewer)
          throw new AppError('UNAUTHENTICATED', 'Sign in to do this: send Authorization: Bearer <token>');
        if (
          roles.length &&
          context.viewer &&
          context.viewer.userType !== 'admin' &&
          !roles.includes(context.viewer.userType)
        ) {
          throw new AppError('FORBIDDEN', `This needs one of these user types: ${roles.join(', ')}`);
        }
        let payload: unknown = request.body;
        if (request.isMultipart?.()) {
          if (!route.uploads)
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This operation takes a JSON body, not multipart/form-data');
          payload = await readMultipartBody(request, route.uploads);
        }
        payload = restBody(route, request, payload);
        const variables = bindVariables(
          m.specs,
          {
            params: request.params as Record<string, string>,
            query: request.query as Record<string, string>,
            body: payload,
          },
          route.method !== 'GET' && route.method !== 'DELETE',
        );
        const result = await m.run(context, variables);
        if (result.errors?.length) throw errorFromResult(result.errors as never);
        const value = (result.data as Record<string, unknown> | null)?.[m.operation.rootKey];
        if (route.pages && m.runPage && m.pageOperation) {
          const runPage = m.runPage;
          return sendPaged(
            reply.code(route.status ?? 200),
            value as Record<string, unknown>,
            route.pages,
            (pageVariables) => runPage(context, pageVariables),
            m.pageOperation.rootKey,
            (errors) => errorFromResult(errors as never),
          );
        }
        if (route.status === 204) return reply.code(204).send();
        if (route.status === 302) {
          const location =
            (value as { location?: string; url?: string } | null)?.location ?? (value as { url?: string } | null)?.url;
          // The document's other scalar fields travel as x- headers (a redirect has no body to read).
          for (const [field, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
            if (field === 'location' || field === 'url' || v == null || typeof v === 'object') continue;
            reply.header(
              `x-${field.replace(/_/g, '-')}`,
              /^[\x20-\x7e]*$/.test(String(v)) ? String(v) : encodeURIComponent(String(v)),
            );
          }
          return reply.code(302).header('location', location).send();
        }
        const body = route.contentType ? String(value ?? '') : JSON.stringify(value ?? null);
        reply
          .code(successStatus(route, value))
          .header('content-type', route.contentType ?? 'application/json; charset=utf-8');
        if (cacheable) {
          const etag = weakEtag(body);
          reply.header('etag', etag).header('cache-control', 'no-cache');
          if (slot && 'store' in slot) {
            slot.store({
              status: route.status ?? 200,
              contentType: route.contentType ?? 'application/json; charset=utf-8',
              body,
              etag,
            });
            reply.header('x-cache', 'MISS');
          }
          if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        }
        return reply.send(body);
      },
    });
  }
  return prepared;
}
