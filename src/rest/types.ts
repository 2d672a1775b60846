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
  /** Longer text for the OpenAPI description. */
  description?: string;
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
  /** The rate-limit class; when omitted it follows from the method, path and uploads (see `rateLimitClass`). */
  rateLimit?: RateLimitClass;
}

/**
 * Rate-limit classes: each has its own budget per caller and window (RATE_LIMIT_*_MAX).
 * `analysis`: POST /analyze/*; `upload`: routes taking files; `email`: routes that send e-mail;
 * `idp`: the identity provider's hook; `default`: everything else.
 */
export type RateLimitClass = 'default' | 'analysis' | 'upload' | 'email' | 'idp';

const EMAIL_PATH = /\/identity\/email|resend_verification_email|send_invite_link/;

/** A route's rate-limit class: its own `rateLimit`, else derived from what it does. */
export function rateLimitClass(route: Pick<RouteDefinition, 'method' | 'path' | 'uploads' | 'rateLimit'>): RateLimitClass {
  if (route.rateLimit) return route.rateLimit;
  if (route.uploads?.length) return 'upload';
  if (EMAIL_PATH.test(route.path)) return 'email';
  if (route.method === 'POST' && route.path === '/identity_provider') return 'idp';
  if (route.method === 'POST' && route.path.startsWith('/analyze/')) return 'analysis';
  return 'default';
}

/** Roles named by an access rule; empty for non-role rules. */
export function accessRoles(access: Access): string[] {
  return access.startsWith('role:') ? access.slice(5).split(',').map((r) => r.trim()) : [];
}

export const needsSignIn = (access: Access): boolean => access !== 'public';
