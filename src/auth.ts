import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Config } from './config.js';
import type { EntityManager } from './db.js';
import { unauthenticated } from './errors.js';
import { User, UserType } from './modules/user/user.entity.js';
import { newId } from './modules/shared/ids.js';
import { isReservedUsername } from './modules/user/user.service.js';
import { checkedEmail } from './modules/user/identity.service.js';
import { isDeletedSubject } from './modules/user/deleted-subject.service.js';
import { userBySubject } from './modules/user/user-rows.js';

export interface Claims extends JWTPayload {
  sub: string;
  preferred_username?: string;
  email?: string;
  name?: string;
  /** Honoured only with AUTH_DEV_MODE=true on a loopback HOST (see README: `npm run token`). */
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
      // A token without an expiry would be good forever: refused.
      requiredClaims: ['exp'],
      ...(this.config.issuer ? { issuer: this.config.issuer } : {}),
      ...(this.config.audience ? { audience: this.config.audience } : {}),
    };
    let payload: JWTPayload;
    try {
      if (this.jwks) payload = (await jwtVerify(token, this.jwks, options)).payload;
      else if (this.secret)
        payload = (await jwtVerify(token, this.secret, { ...options, algorithms: ['HS256'] })).payload;
      else throw new Error('no verification key configured');
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw unauthenticated(expired ? 'The token has expired' : 'The token is not valid');
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
      throw unauthenticated('The token has no subject (sub)');
    }
    // The subject names the user in SQL: PostgreSQL refuses a NUL in text (a 500 before).
    if (CONTROL_CHARACTERS.test(payload.sub))
      throw unauthenticated("The token's subject (sub) holds control characters");
    return profileClaims(payload as Claims);
  }

  /** Signs a token with the HS256 secret (development and tests). */
  async sign(claims: Claims, expiresIn = '30d'): Promise<string> {
    if (!this.secret) throw new Error('No HS256 secret configured: tokens come from the identity provider');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .setIssuer(this.config.issuer ?? 'skincare-dev')
      .setAudience(this.config.audience ?? 'skincare')
      .sign(this.secret);
  }

  /** The user type a token's subject must have regardless of what is stored. */
  forcedType(claims: Claims): UserType | null {
    if (this.config.adminSubjects.has(claims.sub)) return UserType.admin;
    // Own keys only: `toString` or `__proto__` are no user types.
    if (this.config.devMode && typeof claims.user_type === 'string' && Object.hasOwn(UserType, claims.user_type))
      return claims.user_type as UserType;
    return null;
  }
}

/** The one start-up line saying which auth mode is in force, and warnings about it. */
export function describeAuthMode(config: Config['auth'], dataDir: string): { line: string; warnings: string[] } {
  const warnings: string[] = [];
  const missing = [config.audience ? null : 'AUTH_AUDIENCE', config.issuer ? null : 'AUTH_ISSUER']
    .filter(Boolean)
    .join(' and ');
  if (config.jwksUrl) {
    if (missing)
      warnings.push(
        `auth: ${missing} unset: tokens the identity provider issued for any other application or issuer are accepted`,
      );
    return {
      line: `auth: tokens verified against the identity provider's keys (${config.jwksUrl}); user_type claims ignored`,
      warnings,
    };
  }
  const secret = config.devSecret ? `the development secret generated in ${dataDir}/secrets` : 'AUTH_JWT_SECRET';
  // A generated secret is ours alone; a given one may be shared (an identity provider, another service).
  if (missing && !config.devSecret)
    warnings.push(
      `auth: ${missing} unset: any token signed with AUTH_JWT_SECRET is accepted, whatever application (aud) or issuer (iss) it was made for`,
    );
  return {
    line: config.devMode
      ? `auth: DEVELOPMENT mode (AUTH_DEV_MODE=true, loopback only): HS256 tokens signed with ${secret}; their user_type claim is honoured`
      : `auth: HS256 tokens signed with ${secret}; user_type claims ignored (admins: ADMIN_SUBJECTS)`,
    warnings,
  };
}

/** Characters no claim we store may hold (NUL is refused by PostgreSQL in text). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Profile claims as the profile operations bound them; a value that fails is dropped (the token stays good). */
function profileClaims(claims: Claims): Claims {
  const text = (value: unknown, max: number): string | undefined =>
    typeof value === 'string' &&
    value.trim().length >= 1 &&
    value.trim().length <= max &&
    !CONTROL_CHARACTERS.test(value)
      ? value.trim()
      : undefined;
  let email: string | undefined;
  try {
    email = typeof claims.email === 'string' ? checkedEmail(claims.email) : undefined;
  } catch {
    email = undefined;
  }
  return { ...claims, name: text(claims.name, 80), preferred_username: text(claims.preferred_username, 80), email };
}

const USERNAME = /^[a-z0-9][a-z0-9_.-]{2,29}$/;

/** A username derived from the token: its preferred_username when usable, else one from the subject. */
function usernameFrom(claims: Claims): string {
  const wanted = (claims.preferred_username ?? claims.name ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_.-]+/g, '')
    .slice(0, 30);
  if (USERNAME.test(wanted) && !isReservedUsername(wanted)) return wanted;
  return `user-${Buffer.from(claims.sub).toString('hex').slice(-10)}`;
}

/** The user behind verified claims; the first call of a new subject creates it. */
export async function viewerFromClaims(em: EntityManager, claims: Claims, auth: Authenticator): Promise<User> {
  const forced = auth.forcedType(claims);
  let user = await userBySubject(em, claims.sub);
  // A deleted account's subject never signs in again (its old tokens would recreate it).
  if (!user && (await isDeletedSubject(em, claims.sub))) throw unauthenticated('This account was deleted');
  for (let attempt = 0; !user && attempt < 5; attempt++) {
    const base = usernameFrom(claims);
    const username = attempt === 0 ? base : `${base.slice(0, 24)}-${Math.random().toString(36).slice(2, 6)}`;
    try {
      await em.fork().insert(User, {
        id: newId(),
        subject: claims.sub,
        username,
        displayName: claims.name ?? claims.preferred_username ?? null,
        email: claims.email ?? null,
        userType: forced ?? UserType.member,
        bio: '',
        createdAt: new Date(),
        updatedAt: new Date(),
      } as never);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // Either a concurrent first call created this subject, or the username is taken: look again.
    }
    user = await userBySubject(em, claims.sub);
  }
  if (!user) throw unauthenticated('Could not create a user for this token');
  if (forced && user.userType !== forced) {
    user.userType = forced;
    await em.flush();
  }
  return user;
}
