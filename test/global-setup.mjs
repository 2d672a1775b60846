// Jest's global setup: the seeded test database is built once, in a process of its own (with the
// project's TypeScript loader), before any worker starts.
import { execFileSync } from 'node:child_process';

export default function globalSetup() {
  execFileSync(process.execPath, ['--import', './register.mjs', 'test/helpers/prepare-database.ts'], {
    stdio: 'inherit',
    env: process.env,
  });
}
