// Helpers of the hardening scripts (load, faults, two instances): start the server as a child
// process, own PostgreSQL databases (created and dropped here, never the test templates),
// tokens, memory of a process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';

export const ROOT = resolve(import.meta.dirname, '..');
export const JWT_SECRET = 'hardening-scripts-secret-of-at-least-32-characters';
export const ADMIN_URL = process.env.HARDENING_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Server {
  child: ChildProcess;
  base: string;
  port: number;
  log: () => string;
}

/** Starts `src/server.ts` with these settings (plus a JWT secret the scripts sign with). */
export async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  const p = port ?? (await freePort());
  let log = '';
  const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', './register.mjs', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      AUTH_JWT_SECRET: JWT_SECRET,
      IDP_WEBHOOK_SECRET: 'hardening',
      ...env,
      PORT: String(p),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server = { child, base: `http://127.0.0.1:${p}`, port: p, log: () => log };
  // A first start migrates and seeds an empty database: minutes on a loaded machine (HARDENING_START_SECONDS).
  const deadline = Date.now() + Number(process.env.HARDENING_START_SECONDS ?? 180) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${server.base}/health`)).ok) return server;
    } catch {
      // not yet listening
    }
    await sleep(250);
  }
  throw new Error(`the server did not start:\n${log}`);
}

export async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function admin<T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database of our own (`skincare_hardening_<what>_<random>`) and its URL. */
export async function createDatabase(
  what: string,
  url = ADMIN_URL,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `skincare_hardening_${what}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database "${name}"`), url);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: () =>
      admin(async (c) => {
        await c.query(`drop database if exists "${name}" with (force)`);
      }, url),
  };
}

export function token(sub: string, userType?: string): Promise<string> {
  return new SignJWT({
    sub,
    preferred_username: sub.replace(/\W/g, '').slice(0, 20).toLowerCase(),
    ...(userType ? { user_type: userType } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .setIssuer('skincare-dev')
    .setAudience('skincare')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export const option = (name: string, fallback: number): number => {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

export function check(ok: boolean, message: string): void {
  console.log(`${ok ? 'ok' : 'FAIL'} - ${message}`);
  if (!ok) process.exitCode = 1;
}
