// Jest's global setup: the seeded test database is built once, in a process of its own (with the
// project's TypeScript loader), before any worker starts. And a temporary folder of the run's own, as
// TMPDIR for the workers and what they start (os.tmpdir() reads it): PGlite folders, locks, secrets,
// import files land there, and test/global-teardown.mjs removes it whole, so a run leaves nothing behind
// in the system's temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup() {
  const folder = mkdtempSync(join(tmpdir(), 'skincare-test-run-'));
  process.env.SKINCARE_TEST_TMPDIR = folder;
  process.env.TMPDIR = folder;
  execFileSync(process.execPath, ['--import', './register.mjs', 'test/helpers/prepare-database.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
