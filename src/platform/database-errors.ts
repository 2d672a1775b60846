// Errors that mean "the database cannot be reached", as opposed to a bug: the service answers
// them with 503 and a message saying so, and recovers by itself (the pool reconnects).

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL SQLSTATEs of a lost or refused connection (class 08, but not 08P01, a protocol
// violation, which PGlite reports for a NUL byte in a parameter), 57P01-57P03 (shutdown,
// cannot connect now), and 57014: a statement cancelled by statement_timeout (src/db.ts), the
// database too busy to answer this one in time.
const SQLSTATE = /^(0800[01346]|08007|57P0[123]|57014)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down)|terminating connection due to administrator command|server closed the connection unexpectedly|ECONNREFUSED|ECONNRESET/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      originalError?: unknown;
      errors?: unknown[];
    };
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
    if (e.name === 'ConnectionException') return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause ?? e.originalError;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable: try again in a few seconds';

/**
 * PostgreSQL refusing a NUL character in text. PGlite and node-postgres end in a protocol
 * violation (08P01: the message is cut at the NUL); a server that parses it says 22021 "invalid
 * byte sequence for encoding "UTF8": 0x00". Drivers and MikroORM wrap it (code, sqlState,
 * cause), so the whole chain is looked at.
 */
export function isNulRejection(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      sqlState?: unknown;
      message?: unknown;
      cause?: unknown;
      originalError?: unknown;
    };
    const message = typeof e.message === 'string' ? e.message : '';
    const codes = [e.code, e.sqlState];
    if (
      codes.includes('08P01') &&
      /bind message supplies|insufficient data left in message|invalid message format/.test(message)
    )
      return true;
    if (
      /invalid byte sequence for encoding "UTF8": 0x00/.test(message) ||
      (codes.includes('22021') && /0x00/.test(message))
    )
      return true;
    current = e.cause ?? e.originalError;
  }
  return false;
}

/**
 * A unique (23505) or exclusion (23P01) constraint refusing a write: what two clients racing for
 * one value get (two approvals picking one alias, two users one username) when no check before
 * the write could see the other. The contract's CONFLICT, not a 500. `field` is the column(s)
 * PostgreSQL names in its detail ("Key (alias)=(…) already exists": the value is not repeated,
 * it may be someone else's).
 */
export function uniqueViolation(error: unknown): { field: string | null } | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      sqlState?: unknown;
      name?: unknown;
      detail?: unknown;
      cause?: unknown;
      originalError?: unknown;
    };
    if (
      e.name === 'UniqueConstraintViolationException' ||
      [e.code, e.sqlState].some((c) => c === '23505' || c === '23P01')
    ) {
      const key = typeof e.detail === 'string' ? /^Key \(([^)]{1,200})\)=/.exec(e.detail) : null;
      return { field: key ? key[1].replace(/"/g, '') : null };
    }
    current = e.cause ?? e.originalError;
  }
  return null;
}

export const UNIQUE_VIOLATION_MESSAGE =
  'Another request took this value first (it must be unique): change it, or read the current state and try again';
