// The identity provider's webhook: checking the signature over the raw body and reading the
// event. Pure (node:crypto only): no ORM, GraphQL or HTTP.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EVENT_TYPES = ['user.created', 'user.updated', 'user.deleted'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** How far an event's timestamp may be from now, either way. */
export const MAX_SKEW_MS = 5 * 60_000;

export interface IdpUser {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  username: string | null;
  name: string | null;
}

export interface IdpEvent {
  id: string;
  type: EventType;
  timestamp: Date;
  user: IdpUser;
}

/** Hex HMAC-SHA256 of the raw body under the secret. */
export const signBody = (secret: string, rawBody: string): string =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');

/** Whether `signature` (hex, optionally prefixed `sha256=`) is the body's HMAC: compared in constant time. */
export function signatureMatches(secret: string, rawBody: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const given = signature
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signBody(secret, rawBody), 'hex'));
}

export class EventError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const text = (value: unknown, field: string, max: number, required: boolean): string | null => {
  if (value === undefined || value === null || value === '') {
    if (required) throw new EventError(field, `${field} is required`);
    return null;
  }
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f]/.test(value))
    throw new EventError(field, `${field} must be text of at most ${max} characters`);
  return value;
};

/** Reads an event: `{id, type, timestamp (ISO 8601 or Unix seconds), user: {subject, email?, email_verified?, username?, name?}}`. */
export function parseEvent(rawBody: string): IdpEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new EventError('body', 'The body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new EventError('body', 'The body must be a JSON object');
  const b = body as Record<string, unknown>;
  const id = text(b.id, 'id', 200, true)!;
  const type = b.type;
  if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type))
    throw new EventError('type', `type must be one of ${EVENT_TYPES.join(', ')}`);
  const ts = b.timestamp;
  const timestamp =
    typeof ts === 'number' && Number.isFinite(ts)
      ? new Date(ts * 1000)
      : typeof ts === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(ts)
        ? new Date(ts)
        : null;
  if (!timestamp || Number.isNaN(timestamp.getTime()))
    throw new EventError('timestamp', 'timestamp must be an ISO 8601 date-time or Unix seconds');
  const u = b.user;
  if (!u || typeof u !== 'object' || Array.isArray(u))
    throw new EventError('user', 'user must be an object with at least a subject');
  const user = u as Record<string, unknown>;
  if (user.email_verified !== undefined && typeof user.email_verified !== 'boolean')
    throw new EventError('user.email_verified', 'user.email_verified must be true or false');
  return {
    id,
    type: type as EventType,
    timestamp,
    user: {
      subject: text(user.subject, 'user.subject', 255, true)!,
      email: text(user.email, 'user.email', 254, false),
      emailVerified: user.email_verified === true,
      username: text(user.username, 'user.username', 100, false),
      name: text(user.name, 'user.name', 200, false),
    },
  };
}

/** Whether the event is recent enough (either way) to be applied. */
export const isFresh = (timestamp: Date, now: Date): boolean =>
  Math.abs(now.getTime() - timestamp.getTime()) <= MAX_SKEW_MS;
