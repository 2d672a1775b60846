// Idempotency-Key on POST routes of the REST layer. The first request with a key (per caller)
// runs; its response (status, content type, body) is kept for IDEMPOTENCY_TTL_SECONDS. A retry
// with the same key and the same request gets that response again (header
// `idempotent-replayed: true`) and runs nothing; the same key with another method, path or body
// is a 409 CONFLICT (the body compared as canonical JSON: its keys in any order are the same
// request); a retry while the first is still running is a 409 CONFLICT too (retry later). Server
// errors (5xx) are not kept: the key is released and a retry runs again. Multipart bodies
// (uploads) are streamed to the handler and are not covered.
//
// Kept in the database (table idempotency_record, primary key (caller, key)), always: the one
// store every instance sees, whether Redis is there or not, so a retry landing on another
// instance never runs the write twice; the claim is one atomic insert. There is no Redis store.
//
// Bounds (issue 37: 1,000 keys in a minute used to lock an address out for 24 h):
// - per caller, a sliding window on NEW keys: at most IDEMPOTENCY_MAX_KEYS_PER_CALLER keys begun
//   in any IDEMPOTENCY_KEY_WINDOW_SECONDS (default 300 in 300 s); past it a keyed POST is a 429
//   with Retry-After (when the oldest key of the window leaves it), so a burst costs minutes, not
//   a day. Retries of kept keys are never counted, and a POST without a key is never refused here.
// - per answer, MAX_KEPT_BODY_CHARS: a longer answer keeps its status and Location but not its
//   body (a retry is then told it was processed, in a 409, rather than run again).
// - across all callers, IDEMPOTENCY_MAX_RECORDS records and IDEMPOTENCY_MAX_BYTES bytes: past
//   either, the OLDEST finished records are evicted (never a request still running). Why evict
//   rather than refuse: retries come within seconds or minutes of the first request, so the
//   oldest answers are the ones least likely ever to be replayed, while refusing new keys once the
//   store is full would let one flood (of many addresses) turn every keyed POST of everyone into
//   an error until records expire, which is the lockout this replaces. Checked after a record is
//   finished, every n-th time on each instance (one statement over the table; boundCheckEvery),
//   so the store may pass its bound by up to n records per instance between checks (n is 21 for
//   the defaults: about 8 MB at most).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth.js';
import type { EntityManager, Orm } from '../db.js';
import { AppError, conflict } from '../errors.js';
import { callerKey } from './caller.js';
import { idempotencyCaller } from './idempotency-caller.js';
import { restRouteOf } from './rate-limit.js';

/** A request still running after this long is taken for dead (its process crashed): the key frees. */
const PENDING_TTL_SECONDS = 300;
/** The longest answer body kept for replay (the largest analysis answers are about 60 kB). */
export const MAX_KEPT_BODY_CHARS = 128 * 1024;
/** Expired records are deleted this often, by every instance (a cheap indexed delete). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Bytes a record costs besides its body (key, hashes, headers, row overhead), for the global bound. */
const RECORD_OVERHEAD_BYTES = 256;
const KEY = /^[\x21-\x7e]{1,255}$/;

interface Kept {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: string | null;
}

/** JSON text with every object's keys sorted, recursively: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined);
    return `{${entries.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

export interface IdempotencyBounds {
  ttlSeconds: number;
  /** New keys one caller may begin in any keyWindowSeconds. */
  maxKeysPerCaller: number;
  keyWindowSeconds: number;
  /** Records and bytes kept across all callers; past either, the oldest finished records go. */
  maxRecords: number;
  maxBytes: number;
  /** The time the window and expiry read; the system clock by default. */
  clock?: () => Date;
}

/**
 * The global bound is checked on every n-th finished record of an instance, n chosen so that what may
 * pass the bound between checks is at most 1/1000 of the records and 1/32 of the bytes (a body is at
 * most 3 bytes a character in UTF-8): 1 for small bounds (tests), at most 64.
 */
const boundCheckEvery = ({ maxRecords, maxBytes }: IdempotencyBounds): number =>
  Math.min(
    64,
    Math.max(
      1,
      Math.min(
        Math.floor(maxRecords / 1000),
        Math.floor(maxBytes / 32 / (MAX_KEPT_BODY_CHARS * 3 + RECORD_OVERHEAD_BYTES)),
      ),
    ),
  );

function databaseStore(orm: Orm, bounds: IdempotencyBounds) {
  const em = (): EntityManager => orm.em.fork() as EntityManager;
  const now = () => (bounds.clock ?? (() => new Date()))().toISOString();
  const checkEvery = boundCheckEvery(bounds);
  let finishedSinceCheck = 0;
  return {
    /**
     * Claims the key; returns what is kept under it when taken, or the seconds to wait when the caller
     * has begun too many keys within the window.
     */
    async claim(caller: string, key: string, fingerprint: string): Promise<Kept | { retryAfter: number } | null> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const at = now();
        // One statement: a new key (within the caller's window), or an expired one taken over.
        const claimed = await em().execute(
          `insert into idempotency_record (caller, idem_key, fingerprint, status, expires_at, created_at)
           select ?, ?, ?, null, ?::timestamptz + make_interval(secs => ?), ?::timestamptz
           where (select count(*) from idempotency_record where caller = ? and expires_at > ?::timestamptz
             and created_at > ?::timestamptz - make_interval(secs => ?)) < ?
           on conflict (caller, idem_key) do update set fingerprint = excluded.fingerprint, status = null, content_type = null,
             location = null, body = null, expires_at = excluded.expires_at, created_at = excluded.created_at
           where idempotency_record.expires_at <= ?::timestamptz
           returning caller`,
          [
            caller,
            key,
            fingerprint,
            at,
            PENDING_TTL_SECONDS,
            at,
            caller,
            at,
            at,
            bounds.keyWindowSeconds,
            bounds.maxKeysPerCaller,
            at,
          ],
        );
        if (claimed.length) return null;
        const [kept] = await em().execute<Kept[]>(
          'select fingerprint, status, content_type, location, body from idempotency_record where caller = ? and ' +
            'idem_key = ? and expires_at > ?::timestamptz',
          [caller, key, at],
        );
        if (kept) return kept;
        // Neither claimed nor there: the window is full, unless the key was released or expired meanwhile.
        const [window] = await em().execute<Array<{ n: number; wait: number | null }>>(
          `select count(*)::int as n,
             ceil(extract(epoch from min(created_at) + make_interval(secs => ?) - ?::timestamptz))::int as wait
           from idempotency_record where caller = ? and expires_at > ?::timestamptz
             and created_at > ?::timestamptz - make_interval(secs => ?)`,
          [bounds.keyWindowSeconds, at, caller, at, at, bounds.keyWindowSeconds],
        );
        if (window.n >= bounds.maxKeysPerCaller) return { retryAfter: Math.max(1, window.wait ?? 1) };
      }
      throw new Error('idempotency: could not claim a key three times in a row');
    },
    async finish(caller: string, key: string, answer: Omit<Kept, 'fingerprint'> & { status: number }): Promise<void> {
      await em().execute(
        `update idempotency_record set status = ?, content_type = ?, location = ?, body = ?,
           expires_at = ?::timestamptz + make_interval(secs => ?)
         where caller = ? and idem_key = ?`,
        [answer.status, answer.content_type, answer.location, answer.body, now(), bounds.ttlSeconds, caller, key],
      );
      if (++finishedSinceCheck >= checkEvery) {
        finishedSinceCheck = 0;
        await this.evictOldest();
      }
    },
    /** Deletes the oldest finished records past the global bounds (records, bytes); the newest are kept. */
    async evictOldest(): Promise<void> {
      await em().execute(
        `delete from idempotency_record where (caller, idem_key) in (
           select caller, idem_key from (
             select caller, idem_key, row_number() over newest as records,
               sum(coalesce(octet_length(body), 0) + ?) over newest as bytes
             from idempotency_record where status is not null
             window newest as (order by created_at desc, caller desc, idem_key desc)
           ) ranked
           where records > ? or bytes > ?)`,
        [RECORD_OVERHEAD_BYTES, bounds.maxRecords, bounds.maxBytes],
      );
    },
    async release(caller: string, key: string): Promise<void> {
      await em().execute('delete from idempotency_record where caller = ? and idem_key = ? and status is null', [
        caller,
        key,
      ]);
    },
    async sweep(): Promise<void> {
      await em().execute('delete from idempotency_record where expires_at < ?::timestamptz', [now()]);
    },
  };
}

const claimed = new WeakMap<FastifyRequest, { caller: string; key: string }>();

export function registerIdempotency(
  app: FastifyInstance,
  options: { auth: Authenticator; orm: Orm } & IdempotencyBounds,
): void {
  const store = databaseStore(options.orm, options);
  const sweeper = setInterval(() => {
    store
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency: could not delete expired records'));
  }, SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.addHook('preHandler', async (request, reply) => {
    const route = restRouteOf(request);
    const header = request.headers['idempotency-key'];
    if (route?.method !== 'POST' || route.idempotency === false || header === undefined || request.isMultipart?.())
      return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 printable ASCII characters', {
        field: 'Idempotency-Key',
      });
    }
    const caller = idempotencyCaller(await callerKey(request, options.auth));
    const fingerprint = sha256(`${request.method} ${request.url}\u0000${canonicalJson(request.body ?? null)}`);
    const found = await store.claim(caller, header, fingerprint);
    if (!found) {
      claimed.set(request, { caller, key: header });
      return;
    }
    if ('retryAfter' in found) {
      throw new AppError(
        'RATE_LIMITED',
        `At most ${options.maxKeysPerCaller} new Idempotency-Keys per ${options.keyWindowSeconds} s per caller; retry in ${found.retryAfter} s, or send this request without a key`,
        {
          field: 'Idempotency-Key',
          max: options.maxKeysPerCaller,
          window_seconds: options.keyWindowSeconds,
          retry_after_seconds: found.retryAfter,
        },
      );
    }
    if (found.fingerprint !== fingerprint) {
      throw conflict('This Idempotency-Key was used for another request: use a new key for a new request', {
        field: 'Idempotency-Key',
      });
    }
    if (found.status === null) {
      throw conflict('A request with this Idempotency-Key is still being processed: retry later', {
        field: 'Idempotency-Key',
      });
    }
    if (found.body === null) {
      throw conflict(
        `The request with this Idempotency-Key was processed (status ${found.status}${found.location ? `, Location ${found.location}` : ''}); its answer was too long to keep for replay`,
        { field: 'Idempotency-Key', status: found.status, ...(found.location ? { location: found.location } : {}) },
      );
    }
    reply.code(found.status).header('idempotent-replayed', 'true');
    if (found.content_type) reply.header('content-type', found.content_type);
    if (found.location) reply.header('location', found.location);
    return reply.send(found.status === 204 ? undefined : found.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const mine = claimed.get(request);
    if (!mine) return payload;
    claimed.delete(request);
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : payload == null
            ? ''
            : null;
    if (reply.statusCode >= 500 || body === null) {
      await store.release(mine.caller, mine.key).catch(() => undefined);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const location = reply.getHeader('location');
    await store
      .finish(mine.caller, mine.key, {
        status: reply.statusCode,
        content_type: typeof contentType === 'string' ? contentType : null,
        location: typeof location === 'string' ? location : null,
        body: body.length > MAX_KEPT_BODY_CHARS ? null : body,
      })
      .catch((error) => request.log.error({ err: error }, 'idempotency: could not keep the response'));
    return payload;
  });

  // Answered without onSend keeping it (should not happen): free the key rather than block it.
  // A client that goes away mid-request does not free it: the work may still commit.
  app.addHook('onResponse', async (request) => {
    const mine = claimed.get(request);
    if (!mine) return;
    claimed.delete(request);
    await store.release(mine.caller, mine.key).catch(() => undefined);
  });
}
