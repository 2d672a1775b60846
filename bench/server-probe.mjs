// Loaded into a server by bench/load-mixed.ts (NODE_OPTIONS=--import <this file>, PROBE_PORT set): a
// control port on 127.0.0.1 through which the bench starts and stops a CPU profile, writes a heap
// snapshot and runs a full GC, so that a profile or a snapshot covers the measured load only (not
// the start, the seeding or the warm-up). Plain JavaScript: NODE_OPTIONS imports run before the
// TypeScript loader of register.mjs. Never loaded by the app itself.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const port = Number(process.env.PROBE_PORT);
if (port) {
  const session = new Session();
  session.connect();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const routes = {
    '/cpu/start': async () => {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 500 });
      await session.post('Profiler.start');
      return 'started';
    },
    '/cpu/stop': async (file) => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
    '/heap': async (file) => {
      gc();
      return writeHeapSnapshot(file);
    },
    // After a full GC: where the resident memory is (V8's heap committed and used, memory outside it).
    '/gc': async () => {
      gc();
      return JSON.stringify(process.memoryUsage());
    },
  };
  const probe = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://probe');
    const route = routes[url.pathname];
    if (!route) return response.writeHead(404).end();
    route(url.searchParams.get('file') ?? '').then(
      (text) => response.end(text),
      (error) => response.writeHead(500).end(String(error)),
    );
  });
  probe.listen(port, '127.0.0.1');
  probe.unref();
}
