// What the import commands (import:cosing, import:obf) share: the file checked, the configuration
// read, the PGlite folder's lock respected, the database opened, Ctrl-C turned into an abort.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Orm } from '../src/db.js';
import { PgliteFolderLocked } from '../src/platform/pglite-lock.js';

export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

type OptionKinds = Record<string, { type: 'string' | 'boolean' }>;

/**
 * An import's command line, read by node's own parser: one file and the options given. `--help`
 * prints the usage; an unknown option, a missing value or not exactly one file exits 2 with it.
 */
export function readImportCommandLine(
  argv: string[],
  usage: string,
  options: OptionKinds,
): { file: string; values: Record<string, string | boolean | undefined> } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) fail(usage);
  return {
    file: resolve(parsed.positionals[0]),
    values: parsed.values as Record<string, string | boolean | undefined>,
  };
}

/** `--batch-size` and the like: a whole number within bounds, else exit 2 saying so. */
export function integerOption(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) fail(`${name} must be an integer from 1 to ${max}`);
  return n;
}

export interface ImportTarget {
  config: Config;
  orm: Orm;
  /** "PostgreSQL (host/db)" or "PGlite at DIR", for messages. */
  where: string;
  /** The file's size in bytes. */
  size: number;
  /** Aborted on the first Ctrl-C: the import stops after the batch in flight. */
  signal: AbortSignal;
  started: number;
}

/** Exits with a clear message (code 1, 2 or 3) when the file, the configuration or the database is not usable. */
export async function openImportTarget(file: string): Promise<ImportTarget> {
  let size = 0;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) fail(`${file} is not a file`);
    size = stat.size;
  } catch {
    fail(`no such file: ${file}`);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  const where = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname})`
    : `PGlite at ${config.pgliteDir}`;
  const started = performance.now();
  let orm: Orm;
  try {
    orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    // The folder's lock (src/platform/pglite-lock.ts) names the process holding it.
    if (error instanceof PgliteFolderLocked) fail(error.message, 3);
    const hint = config.databaseUrl
      ? ''
      : '\nIf another process has this PGlite folder open, stop it first: PGlite allows one process per folder.';
    fail(`Could not open ${where}: ${(error as Error).message}${hint}`, 1);
  }
  // Ctrl-C: finish the statement in flight, drop the pending batch, close the database cleanly.
  const abort = new AbortController();
  process.once('SIGINT', () => {
    console.error('\ninterrupted: stopping after the batch in flight');
    abort.abort();
  });
  return { config, orm, where, size, signal: abort.signal, started };
}
