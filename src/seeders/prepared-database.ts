// The prepared embedded database: migrated and seeded once (the knowledge base, the EU inventory, the demo
// catalog and community, their search documents), dumped as a tar, and restored by every later start on an
// empty PGlite folder instead of seeding again (and by every test file: test/helpers/database.ts). Kept
// outside git, in node_modules/.cache/skincare (the system's temporary folder when that is not writable),
// under a key that hashes what seeding reads: a change of data/, of a migration or of a seeder (or of
// PGlite) makes a new one, and a stale one is never restored.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../mikro-orm.config.js';
import { openDatabase } from '../db.js';
import { silentProgress, type StartProgress } from '../platform/start-progress.js';
import { seedIfEmpty } from './index.js';

export interface PreparedOptions {
  demo: boolean;
  /** `false`: without the EU inventory (the test snapshot). */
  inventory?: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** PGlite's own version (a data folder of another version may not open): its package.json, beside dist/. */
const pgliteVersion = (): string =>
  (
    JSON.parse(
      readFileSync(
        join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
        'utf8',
      ),
    ) as { version: string }
  ).version;

/**
 * Code outside the seeders that decides what seeding stores: which annex entries an ingredient joins (the EU-law
 * flags seeded on it), the flags CosIng functions give an inventory name, and the analysis's reading of each product's
 * list (its stored flags). A change to any of them must not restore a database seeded with the old code.
 */
const SEEDED_BY_FOLDERS = ['src/modules/analysis', 'src/modules/ingredient/cosing'];

/** Changes whenever a migration, a seeder, the data, the code of SEEDED_BY_FOLDERS or PGlite changes. */
export function seedFingerprint(root = process.cwd()): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const folder of ['src/migrations', 'src/seeders', 'data', ...SEEDED_BY_FOLDERS]) {
    for (const file of filesUnder(join(root, folder))) {
      hash.update(file.slice(root.length)).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * PREPARED_DB_DIR, else node_modules/.cache/skincare, when it can be written; else the system's temporary
 * folder.
 */
export function preparedCacheDir(root = process.cwd()): string {
  const preferred = resolve(root, process.env.PREPARED_DB_DIR || 'node_modules/.cache/skincare');
  try {
    mkdirSync(preferred, { recursive: true });
    return preferred;
  } catch {
    return tmpdir();
  }
}

const kind = (options: PreparedOptions) =>
  `${options.demo ? 'demo' : 'base'}${options.inventory === false ? '-no-inventory' : ''}`;

/** The tar's path for these options and the current data, migrations and seeders. */
export function preparedFile(options: PreparedOptions, dir = preparedCacheDir()): string {
  return join(dir, `skincare-${kind(options)}-${seedFingerprint()}.tar`);
}

/** Migrates and seeds a database in memory and returns its data folder as a tar. */
async function buildPrepared(options: PreparedOptions, progress: StartProgress): Promise<Buffer> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const orm = await progress.stage('applying the migrations', () =>
      openDatabase({ databaseUrl: null, pgliteDir: 'memory://', pglite }),
    );
    await seedIfEmpty(orm, { ...options, progress });
    await orm.close();
    // A checkpoint, then only the WAL segments it and what follows it are in: the seeding's other segments (half
    // of the tar, 16 MB each) are never read again, and every restore would copy them.
    await pglite.query('checkpoint');
    const live = await pglite.query<{ redo: string; current: string }>(
      'select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_control_checkpoint()',
    );
    const keep = new Set(live.rows.flatMap((r) => [r.redo, r.current]));
    return withoutWalSegments(Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()), keep);
  } finally {
    await pglite.close();
  }
}

const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

/**
 * The tar without the WAL segment files not in `keep` (a plain ustar archive: 512-byte headers, each entry's data
 * padded to 512 bytes). A segment not kept is one the server recycles or removes anyway: it starts from the
 * checkpoint's redo segment and writes on from the current one, creating the next when it needs it.
 */
export function withoutWalSegments(tar: Buffer, keep: ReadonlySet<string>): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) => {
      const text = header.subarray(from, from + length).toString('latin1');
      const end = text.indexOf('\0');
      return end < 0 ? text : text.slice(0, end);
    };
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (!segment || keep.has(segment)) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/**
 * The prepared database's tar: read from the cache, or built and then cached. Processes building the
 * same one at once each write a file of their own and rename it into place: none reads half a file.
 */
export async function preparedDatabase(
  options: PreparedOptions,
  progress: StartProgress = silentProgress,
): Promise<Buffer> {
  const file = preparedFile(options);
  try {
    return readFileSync(file);
  } catch {
    // Not built yet for this data.
  }
  const tar = await progress.stage('preparing the database (once per change of data/, migrations or seeders)', () =>
    buildPrepared(options, progress),
  );
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(partial, tar);
    renameSync(partial, file);
    dropStale(file);
  } catch {
    // A read-only cache costs the next start a build, nothing else.
    rmSync(partial, { force: true });
  }
  return tar;
}

/**
 * Prepared databases of older data are of no more use (each is 100 MB or more). Those of the last hour are
 * kept: another checkout sharing the folder may be reading one.
 */
function dropStale(current: string): void {
  const dir = join(current, '..');
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === current || !/^skincare-[a-z-]+-[0-9a-f]{16}\.tar$/.test(name)) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { force: true });
    } catch {
      // Gone already: another process dropped it.
    }
  }
}
