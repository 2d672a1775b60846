import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Config } from './config.js';
import type { EntityManager } from './db.js';
import { unauthenticated } from './errors.js';
import { User, UserType } from './modules/user/user.entity.js';
import { newId } from './modules/shared/ids.js';
import { isReservedUsername } from './modules/user/user.service.js';

export interface Claims extends JWTPayload {
  sub: string;
  preferred_username?: string;
  email?: string;
  name?: string;
  /** Honoured only with the generated development secret (see README: `npm run token`). */
  user_type?: string;
}

/** Verifies bearer tokens: HS256 with a shared secret, or RS/ES keys from a JWKS URL. */
export class Authenticator {
  private readonly secret: Uint8Array | null;
  private readonly jwks: JWTVerifyGetKey | null;

  constructor(private readonly config: Config['auth']) {
    this.secret = config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : null;
    this.jwks = config.jwksUrl ? createRemoteJWKSet(new URL(config.jwksUrl)) : null;
  }

  /** Returns the claims of a valid token; throws UNAUTHENTICATED for anything else. */
  async verify(token: string): Promise<Claims> {
    const options = {
      ...(this.config.issuer ? { issuer: this.config.issuer } : {}),
      ...(this.config.audience ? { audience: this.config.audience } : {}),
    };
    let payload: JWTPayload;
    try {
      if (this.jwks) payload = (await jwtVerify(token, this.jwks, options)).payload;
      else if (this.secret) payload = (await jwtVerify(token, this.secret, { ...options, algorithms: ['HS256'] })).payload;
      else throw new Error('no verification key configured');
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthenticated(expired ? 'The token has expired' : 'The token is not valid');
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
      throw unauthenticated('The token has no subject (sub)');
    }
    return payload as Claims;
  }

  /** Signs a token with the HS256 secret (development and tests). */
  async sign(claims: Claims, expiresIn = '30d'): Promise<string> {
    if (!this.secret) throw new Error('No HS256 secret configured: tokens come from the identity provider');
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn)
      .setIssuer(this.config.issuer ?? 'skincare-dev').setAudience(this.config.audience ?? 'skincare').sign(this.secret);
  }

  /** The user type a token's subject must have regardless of what is stored. */
  forcedType(claims: Claims): UserType | null {
    if (this.config.adminSubjects.has(claims.sub)) return UserType.admin;
    if (this.config.devSecret && claims.user_type && claims.user_type in UserType) return claims.user_type as UserType;
    return null;
  }
}

const USERNAME = /^[a-z0-9][a-z0-9_.-]{2,29}$/;

/** A username derived from the token: its preferred_username when usable, else one from the subject. */
function usernameFrom(claims: Claims): string {
  const wanted = (claims.preferred_username ?? claims.name ?? '')
    .toLowerCase().normalize('NFKD').replace(/[^a-z0-9_.-]+/g, '').slice(0, 30);
  if (USERNAME.test(wanted) && !isReservedUsername(wanted)) return wanted;
  return `user-${Buffer.from(claims.sub).toString('hex').slice(-10)}`;
}

/** The user behind verified claims; the first call of a new subject creates it. */
export async function viewerFromClaims(em: EntityManager, claims: Claims, auth: Authenticator): Promise<User> {
  const forced = auth.forcedType(claims);
  let user = await em.findOne(User, { subject: claims.sub });
  for (let attempt = 0; !user && attempt < 5; attempt++) {
    const base = usernameFrom(claims);
    const username = attempt === 0 ? base : `${base.slice(0, 24)}-${Math.random().toString(36).slice(2, 6)}`;
    try {
      await em.fork().insert(User, {
        id: newId(), subject: claims.sub, username, displayName: claims.name ?? claims.preferred_username ?? null,
        email: claims.email ?? null, userType: forced ?? UserType.member, bio: '', createdAt: new Date(), updatedAt: new Date(),
      } as never);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // Either a concurrent first call created this subject, or the username is taken: look again.
    }
    user = await em.findOne(User, { subject: claims.sub });
  }
  if (!user) throw unauthenticated('Could not create a user for this token');
  if (forced && user.userType !== forced) {
    user.userType = forced;
    await em.flush();
  }
  return user;
}
