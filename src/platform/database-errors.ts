// Errors that mean "the database cannot be reached", as opposed to a bug: the service answers
// them with 503 and a message saying so, and recovers by itself (the pool reconnects).

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// PostgreSQL SQLSTATEs of a lost or refused connection (class 08, but not 08P01, a protocol
// violation, which PGlite reports for a NUL byte in a parameter), and 57P01-57P03 (shutdown,
// cannot connect now).
const SQLSTATE = /^(0800[01346]|08007|57P0[123])$/;
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down)|terminating connection due to administrator command|server closed the connection unexpectedly|ECONNREFUSED|ECONNRESET/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown[] };
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
    if (e.name === 'ConnectionException') return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause ?? e.originalError;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable: try again in a few seconds';

/** PostgreSQL refusing a NUL character in text (PGlite: a protocol violation; PostgreSQL: 22021). */
export function isNulRejection(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  if (!e || typeof e !== 'object') return false;
  const codes = [e.code, e.cause?.code];
  const messages = [e.message, e.cause?.message].filter((m): m is string => typeof m === 'string');
  return (codes.includes('08P01') && messages.some((m) => /bind message supplies|insufficient data left in message/.test(m)))
    || (codes.includes('22021') && messages.some((m) => /0x00/.test(m)));
}
