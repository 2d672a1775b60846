// PGlite takes no lock of its own: two processes on one folder both start, both answer, and the
// acknowledged writes of one are lost. Every process that opens a PGlite folder (the server, the
// import and seed scripts) holds `<folder>.lock` for its whole life: a file created exclusively,
// holding the pid. A lock whose process is gone (killed, crashed) is taken over.
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export class PgliteFolderLocked extends Error {}

export interface PgliteLock {
  file: string;
  /** The folder's real path (symbolic links resolved): what PGlite must open. */
  folder: string;
  release(): void;
}

/**
 * The folder's real path, symbolic links resolved (as far as the path exists). PGlite's file
 * system refuses a folder reached through a link ("[object Object]" at start-up), and
 * two processes naming one folder by two paths must still meet on one lock.
 */
export function realFolder(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realFolder(parent), basename(absolute));
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: String(parsed.host ?? '') } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock or throws PgliteFolderLocked with what to tell the user. */
export function lockPgliteFolder(pgliteDir: string): PgliteLock {
  const folder = realFolder(pgliteDir);
  const file = `${folder}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const mine: Holder = { pid: process.pid, host: hostname() };
  // Written to a file of our own first, then linked into place: the lock never exists half-written.
  const draft = `${file}.${process.pid}.tmp`;
  const fd = openSync(draft, 'w', 0o600);
  writeSync(fd, JSON.stringify({ ...mine, since: new Date().toISOString() }));
  closeSync(fd);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
        return { file, folder, release: () => releaseLock(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && (holder.host !== mine.host || alive(holder.pid))) {
        throw new PgliteFolderLocked(
          [
            `The PGlite folder ${pgliteDir} is in use by process ${holder.pid}${holder.host !== mine.host ? ` on ${holder.host}` : ''} (lock ${file}).`,
            'PGlite allows one process per folder: stop that process, or give this one another PGLITE_DIR, or use ' +
              'PostgreSQL (DATABASE_URL).',
          ].join(' '),
        );
      }
      // The holder is dead (or the file is unreadable): move its lock aside, then try again.
      // Renaming (not unlinking) means two processes taking over at once cannot both win: the
      // loser's rename finds nothing, or finds the winner's lock, which it puts back.
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      const moved = readHolder(aside);
      if (moved && moved.pid !== holder?.pid && alive(moved.pid)) {
        try {
          linkSync(aside, file);
        } catch {
          /* yet another process holds it now: the next attempt says so */
        }
      }
      unlinkSync(aside);
    }
    throw new PgliteFolderLocked(
      `Could not take the lock ${file} of the PGlite folder ${pgliteDir}: other processes keep taking it.`,
    );
  } finally {
    unlinkSync(draft);
  }
}

/** Removes the lock when it is still this process's. */
function releaseLock(file: string): void {
  if (readHolder(file)?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}
