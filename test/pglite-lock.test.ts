// One process per PGlite folder, and start-up failures in one line: real
// server processes, started as `npm start` starts them. None of it uses the test database, so it
// runs once, in the embedded database's run (TEST_DB=pglite, `npm test`'s default), and shows as
// skipped in the PostgreSQL run: its first server migrates and seeds an empty PGlite folder, the
// costliest start there is, and a second run of it would test nothing new.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { openDatabase } from '../src/db.js';
import { lockPgliteFolder, PgliteFolderLocked } from '../src/platform/pglite-lock.js';
import { testDatabaseKind } from './helpers/database.js';

jest.setTimeout(300_000);
const embeddedRun = testDatabaseKind === 'pglite' ? describe : describe.skip;
const NODE = process.execPath;
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

const serverEnv = (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  PORT: '0',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'info',
  RATE_LIMIT_ENABLED: 'false',
  ...extra,
});

/** Starts `src/server.ts`; resolves once it listens and has said its auth mode (with its output so far), or exits. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; listening: boolean; code: number | null; stdout: string; stderr: string }> {
  const child = spawn(NODE, ['--import', './register.mjs', 'src/server.ts'], {
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve) => {
    child.stdout!.on('data', (d) => {
      stdout += d.toString();
      // The auth line follows "Server listening at": both are in once it is (progress lines come before them).
      if (/Server listening at[\s\S]*"msg":"auth: /.test(stdout))
        resolve({ child, listening: true, code: null, stdout, stderr });
    });
    child.stderr!.on('data', (d) => {
      stderr += d.toString();
    });
    child.on('exit', (code) => resolve({ child, listening: false, code, stdout, stderr }));
  });
}
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code)),
  );

embeddedRun('two processes on one PGLITE_DIR', () => {
  it("the second refuses to start; a killed holder's lock is taken over; a clean stop releases it", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'skincare-lock-')), 'pglite');
    const first = await startServer({ PGLITE_DIR: dir });
    expect(first.listening).toBe(true);
    expect(first.stdout).toMatch(
      /"msg":"auth: HS256 tokens signed with the development secret generated in .*\/secrets; user_type claims ignored/,
    );
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: first.child.pid });

    const second = await startServer({ PGLITE_DIR: dir });
    expect(second.listening).toBe(false);
    expect(second.code).toBe(3);
    expect(second.stderr.trim()).toMatch(new RegExp(`^The PGlite folder .* is in use by process ${first.child.pid} `));
    expect(second.stderr.trim().split('\n')).toHaveLength(1);

    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const third = await startServer({ PGLITE_DIR: dir });
    expect(third.listening).toBe(true);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: third.child.pid });
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('the lock itself: a live holder refuses, a dead one is taken over', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'skincare-lock-')), 'pglite');
    const dead = spawnSync(NODE, ['-e', '']).pid;
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: dead, host: hostname() }));
    const lock = lockPgliteFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    // This process holds it now: taking it again is refused, as for any live holder.
    expect(() => lockPgliteFolder(dir)).toThrow(PgliteFolderLocked);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

embeddedRun('start-up failures', () => {
  it('a damaged PGlite folder or an unreachable PostgreSQL: one line, a non-zero exit, no stack', async () => {
    const damaged = join(mkdtempSync(join(tmpdir(), 'skincare-damaged-')), 'pglite');
    mkdirSync(damaged);
    writeFileSync(join(damaged, 'PG_VERSION'), Buffer.alloc(4096, 7));
    writeFileSync(join(damaged, 'postgresql.conf'), 'not = a = config\n');
    const unreachable = await startServer({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
      PGLITE_DIR: join(damaged, '..', 'unused'),
    });
    const broken = await startServer({ PGLITE_DIR: damaged });
    for (const [run, pattern] of [
      [unreachable, /^Cannot open the PostgreSQL database at 127\.0\.0\.1:1\/nothing: .*ECONNREFUSED/],
      [broken, /^Cannot open the PGlite database in .*: .*damaged/],
    ] as const) {
      expect(run.listening).toBe(false);
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect({ lines: lines.length, first: lines[0] }).toEqual({ lines: 1, first: expect.stringMatching(pattern) });
      expect(run.stderr).not.toMatch(/\n\s+at |wasm|function\(/);
    }
  });
});

embeddedRun('failures reported before any work', () => {
  it('a port in use: one line, exit code 4, before the application is loaded', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const port = (holder.address() as AddressInfo).port;
      const run = await startServer({ PORT: String(port), PGLITE_DIR: join(tmpdir(), 'skincare-port', 'pglite') });
      expect({ listening: run.listening, code: run.code }).toEqual({ listening: false, code: 4 });
      expect(run.stderr.trim().split('\n')).toEqual([
        `Cannot listen on 127.0.0.1:${port}: the port is in use by another process. Stop it, or start on another port: PORT=3001 npm start`,
      ]);
      // Nothing was loaded or opened: not one stage line, no database folder.
      expect(run.stdout).toBe('');
      expect(existsSync(join(tmpdir(), 'skincare-port', 'pglite'))).toBe(false);
    } finally {
      holder.close();
    }
  });

  it('a PostgreSQL server without the database: one line with the createdb command, exit code 5', async () => {
    const server = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    const reachable = await server.connect().then(
      () => true,
      () => false,
    );
    await server.end().catch(() => undefined);
    if (!reachable) {
      console.warn('skipped: no PostgreSQL server at 127.0.0.1:5432 to ask for a missing database');
      return;
    }
    const run = await startServer({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/skincare_never_created',
      PGLITE_DIR: join(tmpdir(), 'skincare-unused', 'pglite'),
    });
    expect({ listening: run.listening, code: run.code }).toEqual({ listening: false, code: 5 });
    expect(run.stderr.trim().split('\n')).toEqual([
      'The PostgreSQL server at 127.0.0.1:5432 has no database "skincare_never_created". Create it (once), then start again: createdb -h 127.0.0.1 -p 5432 -U postgres skincare_never_created',
    ]);
  });
});

embeddedRun('a PGlite folder named through a symbolic link', () => {
  it('is opened at its real path, and locked there: the link and the real path meet on one lock', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skincare-link-'));
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    const lock = lockPgliteFolder(join(root, 'link'));
    expect(lock.folder).toBe(realpathSync(join(root, 'real')));
    expect(() => lockPgliteFolder(join(root, 'real'))).toThrow(PgliteFolderLocked);
    lock.release();

    // It said "[object Object]" and the server did not start.
    const orm = await openDatabase({ databaseUrl: null, pgliteDir: join(root, 'link') });
    try {
      expect(await orm.em.fork().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
      expect(existsSync(join(root, 'real', 'PG_VERSION'))).toBe(true);
    } finally {
      await orm.close();
    }
  });

  it('a path PGlite cannot open is refused with a message naming the folder and the cause', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skincare-link-'));
    const failureAt = (pgliteDir: string) =>
      openDatabase({ databaseUrl: null, pgliteDir }).then(
        () => null,
        (error: unknown) => error as Error,
      );
    // PGlite's file system throws `{ errno: 54 }` here, which printed as "[object Object]".
    writeFileSync(join(root, 'a-file'), '');
    symlinkSync(join(root, 'a-file'), join(root, 'link-to-a-file'));
    for (const path of ['a-file', 'link-to-a-file']) {
      expect(String((await failureAt(join(root, path)))?.message)).toMatch(
        /^PGlite could not open the folder .*a-file \(ENOTDIR: a file where a folder was expected\)$/,
      );
    }
    symlinkSync(join(root, 'missing'), join(root, 'dangling'));
    expect(String((await failureAt(join(root, 'dangling')))?.message)).toMatch(/dangling/);
    expect(existsSync(join(root, 'dangling.lock'))).toBe(false);
  });
});
