import type { EntityManager } from '../../db.js';
import { AppError } from '../../errors.js';
import { newId } from '../shared/ids.js';

/**
 * Lets a user do `action` at most once per `seconds`, across instances: one atomic upsert on
 * user_throttle (a concurrent second call waits for the first's row lock, then sees it). Run it
 * in the caller's transaction, so a failure later (the mail server refuses) leaves no stamp.
 * Throws RATE_LIMITED with the seconds to wait (the Retry-After header).
 */
export async function throttle(em: EntityManager, userId: string, action: string, seconds: number): Promise<void> {
  const stamped = await em.execute<Array<{ last_at: Date }>>(
    `insert into user_throttle (id, user_id, action, last_at) values (?, ?, ?, now())
     on conflict (user_id, action) do update set last_at = excluded.last_at
     where user_throttle.last_at <= excluded.last_at - make_interval(secs => ?)
     returning last_at`,
    [newId(), userId, action, seconds],
  );
  if (stamped.length) return;
  const [row] = await em.execute<Array<{ wait: number }>>(
    'select greatest(1, ceil(extract(epoch from (last_at + make_interval(secs => ?) - now()))))::int as wait from ' +
      'user_throttle where user_id = ? and action = ?',
    [seconds, userId, action],
  );
  const wait = row?.wait ?? seconds;
  throw new AppError('RATE_LIMITED', `You can do this once every ${seconds} seconds: try again in ${wait} s`, {
    retry_after_seconds: wait,
  });
}
