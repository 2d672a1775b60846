import { GraphQLError } from 'graphql';

/**
 * The contract's error codes, each once, with its HTTP status. REST bodies and GraphQL
 * `extensions.code` carry the same code.
 */
export const ERROR_STATUS = {
  /** Bad JSON, wrong type, missing or unknown field, unknown enum value: details name the field. */
  VALIDATION_FAILED: 400,
  /** No token, or an expired or badly signed one. */
  UNAUTHENTICATED: 401,
  /** Signed in, but the route's access rule excludes the caller. */
  FORBIDDEN: 403,
  /** The resource named in the path or body does not exist (or is not visible to the caller). */
  NOT_FOUND: 404,
  /** No route has this method and path. */
  ROUTE_NOT_FOUND: 404,
  /** A unique value is taken, or the resource is in the wrong state for the transition. */
  CONFLICT: 409,
  /** The body (or an upload) is over its size limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** The body is not in a content type the route accepts. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests: the response has Retry-After. */
  RATE_LIMITED: 429,
  /** Anything unexpected: logged with the request id, which is all the body gives. */
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error a client may see: thrown anywhere, mapped once for REST and once for GraphQL. */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message, {
      extensions: { code, http: { status: ERROR_STATUS[code] }, ...(details !== undefined ? { details } : {}) },
    });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const validationFailed = (field: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', message, { field });

/** PostgreSQL text cannot hold U+0000: every path that refuses one says so in these words. */
export const nulCharacterRefused = (field: string): AppError =>
  validationFailed(field, `${field} must not contain NUL characters (U+0000)`);

export const notFound = (what: string, key: string): AppError =>
  new AppError('NOT_FOUND', `${what} "${key}" was not found`);

export const forbidden = (message = 'You are not allowed to do this'): AppError => new AppError('FORBIDDEN', message);

export const unauthenticated = (message = 'Sign in to do this: send Authorization: Bearer <token>'): AppError =>
  new AppError('UNAUTHENTICATED', message);

export const conflict = (message: string, details?: unknown): AppError => new AppError('CONFLICT', message, details);

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in ERROR_STATUS;
