// Everything thrown while handling a request, REST or GraphQL, reaches the client as one of the
// contract's errors (src/errors.ts): Fastify's own errors, body parsing, an unknown route, a
// database outage (503 with Retry-After), GraphQL's errors. An INTERNAL error tells the client
// only the request id; the server logs the cause.
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError, isErrorCode } from '../errors.js';
import { MAX_ALIAS_LENGTH } from '../modules/shared/ids.js';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isNulRejection,
  UNIQUE_VIOLATION_MESSAGE,
  uniqueViolation,
} from './database-errors.js';

/** Bytes of a request body (Fastify's bodyLimit). */
export const BODY_LIMIT = 1024 * 1024;

const uniqueConflict = (taken: { field: string | null }): AppError =>
  new AppError('CONFLICT', UNIQUE_VIOLATION_MESSAGE, taken.field ? { field: taken.field } : undefined);

/** Maps anything thrown while handling a request onto the contract's errors. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError & { validation?: unknown };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'This content type is not accepted: send application/json (multipart/form-data where a route takes files)',
        { field: 'content-type' },
      );
    case 'FST_FILES_LIMIT':
      return new AppError(
        'VALIDATION_FAILED',
        'Too many file parts: a route takes at most one file per field it names',
        { field: 'body' },
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION_FAILED', 'Too many parts in the multipart body', { field: 'body' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', `The body is over the ${BODY_LIMIT} byte limit`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_FAILED', 'The body is empty but declared as JSON', { field: 'body' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('VALIDATION_FAILED', 'The body is not valid JSON', { field: 'body' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION_FAILED', 'Content-Length does not match the body', { field: 'body' });
    default:
      break;
  }
  // busboy (multipart) errors carry no status: a malformed body is the client's.
  if (
    typeof e.message === 'string' &&
    /^Multipart: |Unexpected end of (form|multipart data)|Malformed part header|Boundary not found/i.test(e.message)
  ) {
    return new AppError('VALIDATION_FAILED', `The multipart body is malformed: ${e.message}`, { field: 'body' });
  }
  if (e instanceof SyntaxError || e.statusCode === 400)
    return new AppError('VALIDATION_FAILED', 'The body is not valid JSON', { field: 'body' });
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'The request or an uploaded file is over its size limit');
  if (e.code?.startsWith('FST_') && e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new AppError('VALIDATION_FAILED', e.message);
  if (e.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', e.message);
  if (e.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests');
  const taken = uniqueViolation(error);
  if (taken) return uniqueConflict(taken);
  const internal = new AppError('INTERNAL', 'Internal error');
  (internal as { cause?: unknown }).cause = error;
  return internal;
}

/** The contract's error body. An INTERNAL error gives only the request id. */
export function errorBody(error: AppError, requestId: string) {
  if (error.code === 'INTERNAL')
    return { error: { code: error.code, message: `Internal error (request ${requestId})`, request_id: requestId } };
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
    },
  };
}

/** Fastify's own URL errors (before any route or hook) answer in the contract's format too. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('VALIDATION_FAILED', `A path segment is over ${MAX_ALIAS_LENGTH} characters`, { field: 'path' })
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('VALIDATION_FAILED', 'The path has a malformed %-escape', { field: 'path' })
        : toAppError(error);
  (reply as FastifyReply)
    .code(appError.status)
    .header('x-request-id', request.id)
    .send(errorBody(appError, request.id));
};

/** The error and not-found handlers of every route, REST or not. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let appError = toAppError(error);
    const cause = (appError as { cause?: unknown }).cause ?? error;
    // A REST operation's resolver lost a race for a unique value (the router passes it on as INTERNAL with its cause).
    const taken = appError.code === 'INTERNAL' ? uniqueViolation(cause) : null;
    if (taken) appError = uniqueConflict(taken);
    if (appError.code === 'INTERNAL' && isDatabaseUnavailable(cause)) {
      request.log.warn({ err: cause }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          error: {
            code: 'INTERNAL',
            message: `${DATABASE_UNAVAILABLE_MESSAGE} (request ${request.id})`,
            request_id: request.id,
          },
        });
    }
    if (appError.code === 'INTERNAL') request.log.error({ err: cause }, 'internal error');
    if (appError.code === 'RATE_LIMITED' && !reply.getHeader('retry-after')) {
      const wait = (appError.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      reply.header('retry-after', String(typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : 60));
    }
    return reply.code(appError.status).send(errorBody(appError, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        errorBody(
          new AppError('ROUTE_NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
          request.id,
        ),
      );
  });
}

const APOLLO_CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);
/** The persisted-query protocol's answer: clients look for this code to send the document (src/platform/persisted-queries.ts). */
const PROTOCOL_CODES = new Set(['PERSISTED_QUERY_NOT_FOUND']);
/** Apollo's other persisted-query refusals come without a code: the client's (a 400). */
const PERSISTED_QUERY_REFUSALS = new Set(['provided sha does not match query', 'Unsupported persisted query version']);

/**
 * What a resolver threw: Apollo wraps it once, graphql-jit (POST /graphql's executor) may wrap it
 * in a GraphQLError of its own too.
 */
function thrownBy(error: unknown): unknown {
  let original = unwrapResolverError(error);
  while (original instanceof GraphQLError && original.originalError) original = original.originalError;
  return original;
}

/** GraphQL errors carry the same codes as REST ones in extensions.code (Apollo's formatError). */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = thrownBy(error);
  if (isNulRejection(original))
    return {
      ...formatted,
      message: 'Text must not contain NUL characters (U+0000)',
      extensions: { code: 'VALIDATION_FAILED' },
    };
  if (isDatabaseUnavailable(original))
    return {
      message: DATABASE_UNAVAILABLE_MESSAGE,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL' },
    };
  const taken = original instanceof AppError ? null : uniqueViolation(original);
  if (taken)
    return {
      ...formatted,
      message: UNIQUE_VIOLATION_MESSAGE,
      extensions: { code: 'CONFLICT', ...(taken.field ? { details: { field: taken.field } } : {}) },
    };
  if (original instanceof AppError) {
    return {
      ...formatted,
      message: original.message,
      extensions: { code: original.code, ...(original.details !== undefined ? { details: original.details } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PROTOCOL_CODES.has(code)) return { message: formatted.message, extensions: { code } };
  if (PERSISTED_QUERY_REFUSALS.has(formatted.message))
    return {
      message: formatted.message,
      extensions: { code: 'VALIDATION_FAILED', details: { field: 'extensions.persistedQuery' } },
    };
  if (typeof code === 'string' && APOLLO_CLIENT_CODES.has(code))
    return { ...formatted, extensions: { code: 'VALIDATION_FAILED' } };
  if (isErrorCode(code)) return { ...formatted, extensions: { code } };
  return {
    message: 'Internal error',
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL' },
  };
}

/** A database outage while building GraphQL's context (the viewer's row) is a 503 too; anything else is rethrown. */
export function graphqlContextError(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  throw new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
    originalError: error as Error,
    extensions: { code: 'INTERNAL', http: { status: 503, headers: new HeaderMap([['retry-after', '5']]) as never } },
  });
}

/** GraphQL's errors: a database outage answers 503 with Retry-After, as REST does; internal errors are logged. */
export function graphqlErrorsPlugin(log: FastifyBaseLogger): ApolloServerPlugin<{ requestId?: string }> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, response }) {
          for (const error of errors) {
            const original = thrownBy(error);
            if (isDatabaseUnavailable(original)) {
              response.http.status = 503;
              response.http.headers.set('retry-after', '5');
              continue;
            }
            if (
              !(original instanceof AppError) &&
              !uniqueViolation(original) &&
              !error.extensions?.code?.toString().startsWith('GRAPHQL_')
            ) {
              log.error({ err: original, requestId: contextValue?.requestId }, 'internal GraphQL error');
            }
          }
        },
      };
    },
  };
}
