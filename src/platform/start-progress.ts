// What a start is doing, for the person who typed `npm start`: a line when a stage has run a second,
// another every five seconds while it runs, and its time when it ends. Stages under a second say nothing
// (a restart prints little). Plain lines on standard output, before the JSON log starts there; standard
// error is kept for the one line of a failed start.
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export interface StartProgress {
  /** Runs `work` as the stage `name` (nested stages read "outer: inner"). */
  stage<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** No lines: scripts and tests that seed without a person watching. */
export const silentProgress: StartProgress = { stage: (_name, work) => work() };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The "still running" lines come from a thread of their own: the seeding runs PGlite's statements one after
 * another as promise continuations, and the main thread's timers do not fire until it is over.
 */
const TICKER = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let current = null;
const next = new Map();
parentPort.on('message', (stage) => { current = stage; });
setInterval(() => {
  if (!current) return;
  const now = Date.now();
  const at = next.get(current.label) ?? current.since + 1000;
  if (now < at) return;
  next.set(current.label, now + 5000);
  writeSync(current.fd, current.label + '… ' + ((now - current.since) / 1000).toFixed(1) + ' s\\n');
}, 200);
`;

export function startProgress(fd = 1): StartProgress {
  const open: Array<{ label: string; since: number }> = [];
  let ticker: Worker | null = null;
  const tell = () => {
    ticker ??= new Worker(TICKER, { eval: true, execArgv: [] });
    ticker.unref();
    const current = open.at(-1);
    ticker.postMessage(current ? { ...current, fd } : null);
  };
  return {
    async stage<T>(name: string, work: () => Promise<T>): Promise<T> {
      const label = [...open.map((s) => s.label.split(': ').at(-1)), name].join(': ');
      const since = Date.now();
      open.push({ label, since });
      tell();
      try {
        const result = await work();
        const took = Date.now() - since;
        if (took >= 1000) writeSync(fd, `${label}: done in ${seconds(took)}\n`);
        return result;
      } finally {
        open.pop();
        tell();
        if (!open.length) {
          await ticker?.terminate();
          ticker = null;
        }
      }
    },
  };
}
