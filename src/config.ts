import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';

/** Everything the service reads from its environment, read once and validated. */
export interface Config {
  port: number;
  host: string;
  pgliteDir: string;
  /** The data folder (PGLITE_DIR's parent): generated secrets (`secrets/`), images. */
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: a request's statement running longer is cancelled (ms; 0: none). PGlite honours none. */
  statementTimeoutMs: number;
  redisUrl: string | null;
  restPrefix: string;
  publicUrl: string;
  logLevel: string;
  /** LOG_SQL=true: every SQL statement (the ORM's and the row path's prepared reads) with its values and time, on standard output. */
  logSql: boolean;
  auth: {
    jwtSecret: string | null;
    /** True when the HS256 secret was generated in the data folder (no AUTH_JWT_SECRET, no JWKS). */
    devSecret: boolean;
    /** AUTH_DEV_MODE=true on a loopback HOST: the `user_type` claim of tokens is honoured. */
    devMode: boolean;
    jwksUrl: string | null;
    issuer: string | null;
    audience: string | null;
    adminSubjects: Set<string>;
    idpWebhookSecret: string;
  };
  /** Slow clients: what a connection may take before the server closes it. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  graphql: { maxDepth: number; maxComplexity: number; introspection: boolean; maxBatch: number };
  seedDemoData: boolean;
  /** Outgoing e-mail: an SMTP server (smtp:// or smtps://, credentials in the URL), or null to log messages instead. */
  mail: { smtpUrl: string | null; from: string };
  /** Requests per window and caller (the token's subject, else the IP), by route class. */
  rateLimit: {
    enabled: boolean;
    windowSeconds: number;
    max: number;
    analysisMax: number;
    uploadMax: number;
    emailMax: number;
    idpMax: number;
  };
  /** Origins allowed by CORS; empty: no cross-origin access. */
  corsOrigins: string[];
  /** Anonymous public GET responses kept in memory (and Redis when REDIS_URL is set). */
  cache: { enabled: boolean; maxEntries: number; ttlSeconds: number };
  /** How long an Idempotency-Key's first response is kept (in the database). */
  idempotencyTtlSeconds: number;
  /** How many new Idempotency-Keys one caller may start in any idempotencyKeyWindowSeconds: past it, a 429 with Retry-After. */
  idempotencyMaxKeysPerCaller: number;
  /** The sliding window of idempotencyMaxKeysPerCaller. */
  idempotencyKeyWindowSeconds: number;
  /** Kept idempotency records across all callers; past it (or idempotencyMaxBytes), the oldest answers go. */
  idempotencyMaxRecords: number;
  /** Bytes of kept idempotency answers across all callers (bodies, plus a fixed 256 a record). */
  idempotencyMaxBytes: number;
  /** Prefix of every Redis key the service writes (two deployments can share one Redis). */
  redisPrefix: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): their addresses or CIDRs, or
   * a hop count; false (the default) takes the peer's address and ignores the header.
   */
  trustProxy: false | number | string[];
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function urlVar(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${url.protocol}"`);
  }
  return raw;
}

function boolVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** CORS_ORIGINS: comma-separated origins such as https://app.example (scheme, host, port only). */
function corsOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin such as https://app.example`);
      }
      if (!['http:', 'https:'].includes(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin such as https://app.example (no path)`);
      }
      return url.origin;
    });
}

// proxy-addr's names for address ranges, accepted as they are.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or false, comma-separated addresses and CIDRs of the proxies (or loopback,
 * linklocal, uniquelocal), or a hop count (1-10: the nearest N hops, whoever they are: only for
 * instances no client can reach except through the proxies). Not `true`: trusting every hop lets
 * any client choose its address with a forged X-Forwarded-For.
 */
function trustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (!value || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY as a hop count is 1 to 10, got "${raw}"`);
    return hops;
  }
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) {
    throw new ConfigError(
      "TRUST_PROXY=true would believe any X-Forwarded-For, so any client could pick its address: give the proxies' addresses or CIDRs (10.0.0.0/8), or a hop count",
    );
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      if (PROXY_RANGES.includes(entry)) return entry;
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      if (
        !family ||
        extra !== undefined ||
        (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits))
      ) {
        throw new ConfigError(
          `TRUST_PROXY: "${entry}" is not an IP address or CIDR (10.0.0.0/8, fd00::/8), loopback, linklocal or uniquelocal`,
        );
      }
      return entry;
    });
}

/** Where generated secrets live: `<data folder>/secrets/` (0700; each file 0600; never in git). */
export const secretsDir = (dataDir: string): string => join(dataDir, 'secrets');

/**
 * A secret generated once and kept in the data folder's `secrets/` (32 random bytes, hex).
 * Any setting that falls back to a generated secret uses this (see `secretVar`).
 */
export function generatedSecret(dataDir: string, name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad secret name ${name}`);
  const dir = secretsDir(dataDir);
  const file = join(dir, name);
  if (existsSync(file)) {
    // Readable by others (copied, unpacked from an archive): tighten it before use.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A secret from the environment variable `name`, else one generated in the data folder. */
export function secretVar(env: NodeJS.ProcessEnv, name: string, dataDir: string, file: string, minLength = 1): string {
  const raw = env[name];
  if (raw) {
    if (raw.length < minLength) throw new ConfigError(`${name} must be at least ${minLength} characters`);
    return raw;
  }
  return generatedSecret(dataDir, file);
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

/** MAIL_FROM: an address, optionally with a display name: `Name <a@b.example>`. */
function mailFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.MAIL_FROM || 'Skincare <no-reply@skincare.invalid>';
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw.trim()))
    throw new ConfigError(`MAIL_FROM must be an address like "Name <no-reply@example.com>", got "${raw}"`);
  return raw.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const pgliteDir = resolve(env.PGLITE_DIR || '.data/pglite');
  // Generated secrets and uploads live next to the embedded database, in the data folder.
  const dataDir = dirname(pgliteDir);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const jwksUrl = urlVar(env, 'AUTH_JWKS_URL', ['https:', 'http:']);
  const explicitSecret = env.AUTH_JWT_SECRET || null;
  if (explicitSecret && explicitSecret.length < 32)
    throw new ConfigError('AUTH_JWT_SECRET must be at least 32 characters');
  const devSecret = !explicitSecret && !jwksUrl;
  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const devMode = boolVar(env, 'AUTH_DEV_MODE', false);
  if (devMode && jwksUrl)
    throw new ConfigError('AUTH_DEV_MODE=true cannot be used with AUTH_JWKS_URL: development tokens are signed here');
  if (devMode && !isLoopbackHost(host))
    throw new ConfigError(
      `AUTH_DEV_MODE=true needs HOST to be a loopback address (127.0.0.1, ::1, localhost), got "${host}": tokens could make anyone an admin`,
    );
  const headersTimeoutMs = intVar(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 10, 1, 600) * 1000;
  const requestTimeoutMs = intVar(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 30, 1, 3600) * 1000;
  if (requestTimeoutMs < headersTimeoutMs)
    throw new ConfigError('HTTP_REQUEST_TIMEOUT_SECONDS must be at least HTTP_HEADERS_TIMEOUT_SECONDS');
  const restPrefix = (env.REST_PREFIX || '').replace(/\/+$/, '');
  if (restPrefix && !/^\/[A-Za-z0-9_\-/.]+$/.test(restPrefix))
    throw new ConfigError(`REST_PREFIX must start with / and be a plain path, got "${restPrefix}"`);
  return {
    port,
    host,
    pgliteDir,
    dataDir,
    databaseUrl: urlVar(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    statementTimeoutMs: intVar(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 15, 0, 3600) * 1000,
    redisUrl: urlVar(env, 'REDIS_URL', ['redis:', 'rediss:']),
    restPrefix,
    publicUrl: (urlVar(env, 'PUBLIC_URL', ['https:', 'http:']) ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    logLevel,
    logSql: boolVar(env, 'LOG_SQL', false),
    auth: {
      jwtSecret: explicitSecret ?? (devSecret ? generatedSecret(dataDir, 'dev-jwt-secret') : null),
      devSecret,
      devMode,
      jwksUrl,
      issuer: env.AUTH_ISSUER || null,
      audience: env.AUTH_AUDIENCE || null,
      adminSubjects: new Set(
        (env.ADMIN_SUBJECTS || '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      idpWebhookSecret: secretVar(env, 'IDP_WEBHOOK_SECRET', dataDir, 'dev-idp-webhook-secret'),
    },
    http: {
      headersTimeoutMs,
      requestTimeoutMs,
      idleTimeoutMs: intVar(env, 'HTTP_IDLE_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
      keepAliveTimeoutMs: intVar(env, 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 600) * 1000,
    },
    graphql: {
      maxDepth: intVar(env, 'GRAPHQL_MAX_DEPTH', 10, 2, 50),
      maxComplexity: intVar(env, 'GRAPHQL_MAX_COMPLEXITY', 5000, 10, 1_000_000),
      introspection: boolVar(env, 'GRAPHQL_INTROSPECTION', true),
      maxBatch: intVar(env, 'GRAPHQL_MAX_BATCH', 10, 1, 100),
    },
    seedDemoData: boolVar(env, 'SEED_DEMO_DATA', true),
    mail: { smtpUrl: urlVar(env, 'SMTP_URL', ['smtp:', 'smtps:']), from: mailFrom(env) },
    rateLimit: {
      enabled: boolVar(env, 'RATE_LIMIT_ENABLED', true),
      windowSeconds: intVar(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
      max: intVar(env, 'RATE_LIMIT_MAX', 600, 1, 10_000_000),
      analysisMax: intVar(env, 'RATE_LIMIT_ANALYSIS_MAX', 60, 1, 10_000_000),
      uploadMax: intVar(env, 'RATE_LIMIT_UPLOAD_MAX', 20, 1, 10_000_000),
      emailMax: intVar(env, 'RATE_LIMIT_EMAIL_MAX', 5, 1, 10_000_000),
      idpMax: intVar(env, 'RATE_LIMIT_IDP_MAX', 120, 1, 10_000_000),
    },
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    cache: {
      enabled: boolVar(env, 'CACHE_ENABLED', true),
      maxEntries: intVar(env, 'CACHE_MAX_ENTRIES', 5000, 1, 10_000_000),
      ttlSeconds: intVar(env, 'CACHE_TTL_SECONDS', 300, 1, 86_400),
    },
    idempotencyTtlSeconds: intVar(env, 'IDEMPOTENCY_TTL_SECONDS', 86_400, 1, 7 * 86_400),
    idempotencyMaxKeysPerCaller: intVar(env, 'IDEMPOTENCY_MAX_KEYS_PER_CALLER', 300, 1, 1_000_000),
    idempotencyKeyWindowSeconds: intVar(env, 'IDEMPOTENCY_KEY_WINDOW_SECONDS', 300, 1, 86_400),
    idempotencyMaxRecords: intVar(env, 'IDEMPOTENCY_MAX_RECORDS', 200_000, 1, 100_000_000),
    idempotencyMaxBytes: intVar(env, 'IDEMPOTENCY_MAX_BYTES', 256 * 1024 * 1024, 64 * 1024, 2 ** 40),
    redisPrefix: env.REDIS_PREFIX || 'skincare:',
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}
