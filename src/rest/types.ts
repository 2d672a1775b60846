import type { RateLimitClass } from '../platform/rate-limit.js';

/** Who may call a route. The router enforces sign-in and roles; resolvers enforce ownership. */
export type Access =
  | 'public'
  /** Any signed-in user. */
  | 'user'
  /** A signed-in user who owns the resource (or a moderator/admin where the resolver allows it). */
  | 'owner'
  /** A signed-in user of one of these types, e.g. `role:admin` or `role:moderator,admin`. */
  | `role:${string}`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** The path as the specification writes it, with `:params`. */
  path: string;
  /** The named operation in rest-mappings/*.graphql that serves it. */
  operation: string;
  /** Status of a successful response: 200 reads, 201 creates, 204 deletes (no body). */
  status?: 200 | 201 | 204 | 302;
  access: Access;
  tags: string[];
  summary: string;
  /** Multipart file fields the route accepts besides a JSON body (e.g. `image`). */
  uploads?: string[];
  /** Answer the root field (a string) as is with this content type, instead of JSON (sitemaps). */
  contentType?: string;
  /**
   * Signed webhooks: bind the exact bytes of the JSON body (as UTF-8 text) to this variable,
   * instead of binding the body's fields, so the operation can check a signature over them.
   */
  rawBody?: string;
  /** Variables read from request headers: variable name → header name (e.g. `X-Signature`). */
  headers?: Record<string, string>;
  /**
   * A streamed answer (src/rest/streamed.ts): each element of a list of the operation's answer gets a
   * field filled page by page by another named operation, written as the pages are read.
   */
  pages?: RoutePages;
  /** The rate-limit class; when omitted it follows from the method, path and uploads (see `rateLimitClass` in src/platform/rate-limit.ts). */
  rateLimit?: RateLimitClass;
  /** false: an Idempotency-Key is ignored and no record of the answer is kept (a route that stores nothing). */
  idempotency?: false;
}

/** A route's paged field (RouteDefinition.pages). */
export interface RoutePages {
  /** The list of the head document whose elements each get the paged field (e.g. `sections`). */
  list: string;
  /** The field written last in each element, holding the items of every page (e.g. `rows`). */
  field: string;
  /** The named operation answering one page: its root field is `{ items nextCursor }`; it declares `$cursor`. */
  operation: string;
  /** Its other variables, from each element's fields (as the head answers them): variable → field. */
  variables: Record<string, string>;
}

/** Roles named by an access rule; empty for non-role rules. */
export function accessRoles(access: Access): string[] {
  return access.startsWith('role:')
    ? access
        .slice(5)
        .split(',')
        .map((r) => r.trim())
    : [];
}

export const needsSignIn = (access: Access): boolean => access !== 'public';
