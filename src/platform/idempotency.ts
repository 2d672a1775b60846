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
// instance never runs the write twice; the claim is one atomic insert. What a caller can keep is
// bounded: IDEMPOTENCY_MAX_KEYS_PER_CALLER live keys (a keyed POST past it is a 429), and an
// answer longer than MAX_KEPT_BODY_CHARS keeps its status and Location but not its body (a
// retry is then told it was processed, in a 409, rather than run again).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth.js';
import type { EntityManager, Orm } from '../db.js';
import { AppError, conflict } from '../errors.js';
import { callerKey } from './caller.js';
import { restRouteOf } from './rate-limit.js';

/** A request still running after this long is taken for dead (its process crashed): the key frees. */
const PENDING_TTL_SECONDS = 300;
/** The longest answer body kept for replay (the largest analysis answers are about 60 kB). */
export const MAX_KEPT_BODY_CHARS = 128 * 1024;
/** Expired records are deleted this often, by every instance (a cheap indexed delete). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
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

function databaseStore(orm: Orm, ttlSeconds: number, maxKeysPerCaller: number) {
  const em = (): EntityManager => orm.em.fork() as EntityManager;
  return {
    /** Claims the key; returns what is kept under it when taken, 'full' when the caller holds too many keys. */
    async claim(caller: string, key: string, fingerprint: string): Promise<Kept | 'full' | null> {
      for (let attempt = 0; attempt < 3; attempt++) {
        // One statement: a new key (within the caller's allowance), or an expired one taken over.
        const claimed = await em().execute(
          `insert into idempotency_record (caller, idem_key, fingerprint, status, expires_at, created_at)
           select ?, ?, ?, null, now() + make_interval(secs => ?), now()
           where (select count(*) from idempotency_record where caller = ? and expires_at > now()) < ?
           on conflict (caller, idem_key) do update set fingerprint = excluded.fingerprint, status = null, content_type = null,
             location = null, body = null, expires_at = excluded.expires_at, created_at = excluded.created_at
           where idempotency_record.expires_at <= now()
           returning caller`,
          [caller, key, fingerprint, PENDING_TTL_SECONDS, caller, maxKeysPerCaller],
        );
        if (claimed.length) return null;
        const [kept] = await em().execute<Kept[]>(
          'select fingerprint, status, content_type, location, body from idempotency_record where caller = ? and ' +
            'idem_key = ? and expires_at > now()',
          [caller, key],
        );
        if (kept) return kept;
        // Neither claimed nor there: the caller is at the allowance, unless the key was released or expired meanwhile.
        const [{ n }] = await em().execute<Array<{ n: number }>>(
          'select count(*)::int as n from idempotency_record where caller = ? and expires_at > now()',
          [caller],
        );
        if (n >= maxKeysPerCaller) return 'full';
      }
      throw new Error('idempotency: could not claim a key three times in a row');
    },
    async finish(caller: string, key: string, answer: Omit<Kept, 'fingerprint'> & { status: number }): Promise<void> {
      await em().execute(
        `update idempotency_record set status = ?, content_type = ?, location = ?, body = ?, expires_at = now() + make_interval(secs => ?)
         where caller = ? and idem_key = ?`,
        [answer.status, answer.content_type, answer.location, answer.body, ttlSeconds, caller, key],
      );
    },
    async release(caller: string, key: string): Promise<void> {
      await em().execute('delete from idempotency_record where caller = ? and idem_key = ? and status is null', [
        caller,
        key,
      ]);
    },
    async sweep(): Promise<void> {
      await em().execute('delete from idempotency_record where expires_at < now()');
    },
  };
}

const claimed = new WeakMap<FastifyRequest, { caller: string; key: string }>();

export function registerIdempotency(
  app: FastifyInstance,
  options: { auth: Authenticator; orm: Orm; ttlSeconds: number; maxKeysPerCaller: number },
): void {
  const store = databaseStore(options.orm, options.ttlSeconds, options.maxKeysPerCaller);
  const sweeper = setInterval(() => {
    store
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency: could not delete expired records'));
  }, SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.addHook('preHandler', async (request, reply) => {
    const route = restRouteOf(request);
    const header = request.headers['idempotency-key'];
    if (route?.method !== 'POST' || header === undefined || request.isMultipart?.()) return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 printable ASCII characters', {
        field: 'Idempotency-Key',
      });
    }
    const caller = sha256(await callerKey(request, options.auth));
    const fingerprint = sha256(`${request.method} ${request.url}\u0000${canonicalJson(request.body ?? null)}`);
    const found = await store.claim(caller, header, fingerprint);
    if (!found) {
      claimed.set(request, { caller, key: header });
      return;
    }
    if (found === 'full') {
      throw new AppError(
        'RATE_LIMITED',
        `At most ${options.maxKeysPerCaller} Idempotency-Keys are kept per caller at a time; retry when older ones expire, or send this request without one`,
        { field: 'Idempotency-Key', max: options.maxKeysPerCaller },
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
