// How idempotency records name their caller: a sha256 of the caller key (src/platform/caller.ts),
// so no address or subject is kept in clear. Account erasure and the personal data export find a
// person's records by the same hash (user-data policy: IdempotencyRecord.caller).
import { createHash } from 'node:crypto';

/** The `caller` column of idempotency_record for a caller key (`user:<subject>` or `ip:<address>`). */
export const idempotencyCaller = (callerKey: string): string =>
  createHash('sha256').update(callerKey).digest('base64url');

/** The caller key of a signed-in person (callerKey's `user:` form). */
export const userCallerKey = (subject: string): string => `user:${subject}`;
