import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/hardening-lib.js';

/**
 * Starts bench/server.ts (or `script`) in its own process (PGlite in a fresh folder, or
 * DATABASE_URL); `cwd` runs another checkout's script with that checkout's register.mjs.
 */
export async function startBenchServer(
  extraEnv: Record<string, string> = {},
  script = 'bench/server.ts',
  cwd?: string,
): Promise<{ base: string; server: ChildProcess }> {
  // A port the system says is free: two servers of one run never draw the same one.
  const port = await freePort();
  const env = {
    RATE_LIMIT_ENABLED: 'false',
    ...process.env,
    ...extraEnv,
    PORT: String(port),
    PGLITE_DIR: process.env.PGLITE_DIR ?? join(mkdtempSync(join(tmpdir(), 'bench-')), 'db'),
  };
  const server = fork(script, [], {
    env,
    execArgv: ['--import', './register.mjs'],
    stdio: 'inherit',
    ...(cwd ? { cwd } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, server };
}
