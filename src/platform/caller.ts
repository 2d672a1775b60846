// Who is calling: the bearer token's verified claims, computed once per request and shared by
// the rate limiter, the idempotency layer and the GraphQL/REST context.
import type { FastifyRequest } from 'fastify';
import type { Authenticator, Claims } from '../auth.js';
import { unauthenticated } from '../errors.js';
import { userCallerKey } from './idempotency-caller.js';

type Verified = { claims: Claims | null; error: unknown };
const verified = new WeakMap<FastifyRequest, Promise<Verified>>();

function verify(request: FastifyRequest, auth: Authenticator): Promise<Verified> {
  let result = verified.get(request);
  if (!result) {
    const header = request.headers.authorization;
    if (!header) result = Promise.resolve({ claims: null, error: null });
    else {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      result = match
        ? auth.verify(match[1]).then(
            (claims) => ({ claims, error: null }),
            (error: unknown) => ({ claims: null, error }),
          )
        : Promise.resolve({ claims: null, error: unauthenticated('Authorization must be "Bearer <token>"') });
    }
    verified.set(request, result);
  }
  return result;
}

/** The verified claims, null for an anonymous request; throws UNAUTHENTICATED for a bad token. */
export async function claimsOf(request: FastifyRequest, auth: Authenticator): Promise<Claims | null> {
  const { claims, error } = await verify(request, auth);
  if (error) throw error;
  return claims;
}

/**
 * A key naming the caller: `user:<sub>` for a valid token, else `ip:<address>` (an invalid
 * token counts against its IP, so made-up subjects buy no extra budget).
 */
export async function callerKey(request: FastifyRequest, auth: Authenticator): Promise<string> {
  const { claims } = await verify(request, auth);
  return claims ? userCallerKey(claims.sub) : `ip:${request.ip}`;
}
