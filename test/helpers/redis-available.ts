// Redis is optional for the service, so `npm test` runs without one: the tests that need it are
// skipped, visibly (a warning and "[skipped: …]" in their names), when it does not answer. CI has
// Redis and sets REQUIRE_REDIS=1 (.ci/run): there an unreachable Redis fails those tests instead.
// Whether to skip is settled when the file loads (jest's describe.skip / it.skip need it then).
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { describe, it } from '@jest/globals';

/** The Redis the tests share (each under a prefix of its own): TEST_REDIS_URL, else the local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const required = ['1', 'true', 'yes'].includes((process.env.REQUIRE_REDIS ?? '').toLowerCase());

/** True when a Redis at `url` answers PING within a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

export interface RedisGate {
  /** Null when the tests may run; else why they are skipped. */
  missing: string | null;
  /** describe, or describe.skip with the reason in the name. */
  describe: (name: string, body: () => void) => void;
  it: (name: string, body: () => Promise<void>, timeout?: number) => void;
}

function gate(missing: string | null, file: string): RedisGate {
  if (missing && required) {
    throw new Error(
      `${file}: ${missing}, and REQUIRE_REDIS is set (CI runs every Redis test): start Redis or unset REQUIRE_REDIS`,
    );
  }
  if (missing) console.warn(`${file}: skipping its Redis tests: ${missing} (REQUIRE_REDIS=1 makes this a failure)`);
  const note = (name: string) => (missing ? `${name} [skipped: ${missing}]` : name);
  return {
    missing,
    describe: (name, body) => (missing ? describe.skip : describe)(note(name), body),
    it: (name, body, timeout) => (missing ? it.skip : it)(note(name), body, timeout),
  };
}

/** The gate for tests that use the shared Redis at TEST_REDIS_URL. */
export async function sharedRedis(file: string): Promise<RedisGate> {
  return gate((await redisAnswers(TEST_REDIS_URL)) ? null : `no Redis answers at ${TEST_REDIS_URL}`, file);
}

/** The gate for tests that start Redis servers of their own (test/helpers/redis-server.ts). */
export function redisServerBinary(file: string): RedisGate {
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  return gate(found ? null : 'no redis-server program on the PATH', file);
}
