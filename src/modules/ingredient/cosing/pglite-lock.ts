import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite takes no lock of its own: a second process opening the same folder corrupts it. While a
 * PGlite database is open its folder holds `postmaster.pid`, removed when it is closed, so the file
 * means another process (the server, a script) has it open, or one crashed with it open.
 * Returns what to tell the user, or null when the folder is free.
 */
export function pgliteFolderInUse(pgliteDir: string): string | null {
  if (pgliteDir.startsWith('memory://')) return null;
  const pid = join(pgliteDir, 'postmaster.pid');
  if (!existsSync(pid)) return null;
  return [
    `The PGlite folder ${pgliteDir} is locked: it holds postmaster.pid, so another process (the server, a test, another import) has it open.`,
    'PGlite allows one process per folder. Stop that process and run the import again, or import into PostgreSQL with DATABASE_URL.',
    `If nothing uses the folder (a process was killed while it had the database open), run again with --force.`,
  ].join('\n');
}
