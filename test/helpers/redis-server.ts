// A Redis server of our own on a free loopback port, for tests and fault scripts that stop it and
// start it again (the machine's Redis is never touched). No snapshots while it runs; `stop()`
// saves its data first (SHUTDOWN SAVE) into a folder of its own, so that `start()` brings it back
// with what it held, as a Redis with persistence would (`stop({ save: false })`: back empty).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(options?: { save?: boolean }): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Sends one inline command and waits for the connection to close or a reply line. */
function send(port: number, command: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.endsWith('\r\n')) socket.end();
    });
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(reply));
  });
}

export async function startRedisServer(extraArgs: string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'skincare-redis-'));
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
          '--dbfilename',
          'dump.rdb',
          ...extraArgs,
        ],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if ((await send(port, 'PING')).startsWith('+PONG')) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop({ save = true } = {}) {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      await send(port, save ? 'SHUTDOWN SAVE' : 'SHUTDOWN NOSAVE');
      const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      child = null;
    },
    async close() {
      await server.stop({ save: false });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
