// The re-reading of every product's flags (backfillProductFlags) as a job beside the server, not before it: at an
// imported catalog of 1,000,000 products it takes about an hour, which a start must not wait for. The server answers
// meanwhile (the job yields to the event loop every few products); a product written meanwhile keeps what its writer
// stored (the batch's guard); a run cut short (a stop, a crash) goes on from its cursor at the next start.
import type { EntityManager, Orm } from '../../db.js';
import { backfillProductFlags, type BackfillOptions } from './product-flags-backfill.service.js';

export interface RereadLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ProductFlagsReread {
  /** Settles when the run ends: done, stopped, or failed (logged; the next start goes on from the cursor). */
  readonly finished: Promise<{ read: number; failed: boolean }>;
  /** Stops after the batch in hand and waits for it. */
  stop(): Promise<void>;
}

/** Starts the re-reading in the background; `options` as backfillProductFlags takes them (tests, benchmarks). */
export function startProductFlagsReread(
  orm: Orm,
  log: RereadLog,
  batchSize = 500,
  options: Omit<BackfillOptions, 'stopped'> = {},
): ProductFlagsReread {
  let stopping = false;
  const finished = (async () => {
    // After the current turn: whatever started the job (the server's listen) finishes first.
    await Promise.resolve();
    try {
      const read = await backfillProductFlags(orm.em.fork() as EntityManager, batchSize, {
        ...options,
        stopped: () => stopping,
      });
      if (read) log.info({ products: read }, stopping ? 'product flags re-read, stopped' : 'product flags re-read');
      return { read, failed: false };
    } catch (error) {
      // Not fatal: the stored flags stay as they were (each batch is one transaction) and a later start resumes.
      if (!stopping) log.error({ err: error }, 'product flags re-read failed; the next start goes on from its cursor');
      return { read: 0, failed: true };
    }
  })();
  return {
    finished,
    async stop() {
      stopping = true;
      await finished;
    },
  };
}
