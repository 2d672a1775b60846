// Jest's global teardown: the run's temporary folder (test/global-setup.mjs) goes, with every folder the
// tests and the servers they started made in it.
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  if (process.env.SKINCARE_TEST_TMPDIR) rmSync(process.env.SKINCARE_TEST_TMPDIR, { recursive: true, force: true });
}
