// Resident memory after `npm start` and the first analysis after it, two checkouts in alternating rounds:
//   node --import ./register.mjs bench/start-memory.ts <old checkout> <new checkout> [--rounds 3 --settle 10]
// Each round and checkout: a fresh PGlite folder, the server started as `npm start` starts it; once /health
// answers, one POST /analyze/ingredient_list (a 35-entry list) is timed, then after `--settle` seconds the
// process's VmRSS is read from /proc. The server is stopped and started again on the same, now seeded, folder
// (a restart) and measured the same way: the first start holds what seeding grew (PGlite's WebAssembly heap
// does not shrink), the restart only what the server keeps. CPU seconds are the server's own (PGlite runs in it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../scripts/hardening-lib.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const [oldDir, newDir] = args
  .filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))
  .map((d) => resolve(d));
if (!oldDir || !newDir) {
  console.error('usage: bench/start-memory.ts <old checkout> <new checkout> [--rounds 3 --settle 10]');
  process.exit(2);
}
const rounds = option('--rounds', 3);
const settleSeconds = option('--settle', 10);
const ticks = 100; // getconf CLK_TCK on Linux

const LIST =
  'Aqua (Water), Glycerin, Butylene Glycol, Niacinamide, Caprylic/Capric Triglyceride, Cetearyl Alcohol, ' +
  'Squalane, Dimethicone, Propanediol, Pentylene Glycol, Glyceryl Stearate, PEG-100 Stearate, Panthenol, ' +
  'Sodium Hyaluronate, Ceramide NP, Ceramide AP, Phytosphingosine, Cholesterol, Tocopheryl Acetate, ' +
  'Allantoin, Centella Asiatica Extract, Camellia Sinensis Leaf Extract, Butyrospermum Parkii (Shea) Butter, ' +
  'Carbomer, Xanthan Gum, Sodium Polyacrylate, Hydrogenated Lecithin, Sodium Lauroyl Lactylate, ' +
  'Ethylhexylglycerin, Phenoxyethanol, 1,2-Hexanediol, Disodium EDTA, Citric Acid, Sodium Hydroxide, Parfum (Fragrance)';

const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};
const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Run {
  readyCpu: number;
  firstAnalysisMs: number;
  firstAnalysisCpu: number;
  rssMb: number;
}

async function start(dir: string, folder: string): Promise<Run> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', './register.mjs', 'src/server.ts'], {
    cwd: dir,
    env: { ...process.env, PGLITE_DIR: folder, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid as number;
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server in ${dir} exited with ${server.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await sleep(100);
    }
    const readyCpu = cpuSeconds(pid);
    const t = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/analyze/ingredient_list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ingredient_list: LIST }),
    });
    await response.text();
    const firstAnalysisMs = performance.now() - t;
    if (!response.ok) throw new Error(`analysis answered ${response.status}`);
    const firstAnalysisCpu = cpuSeconds(pid) - readyCpu;
    await sleep(settleSeconds * 1000);
    return { readyCpu, firstAnalysisMs, firstAnalysisCpu, rssMb: rssMb(pid) };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const results: Record<string, Record<'first' | 'restart', Run[]>> = {
  old: { first: [], restart: [] },
  new: { first: [], restart: [] },
};
const show = (r: Run) =>
  `RSS ${r.rssMb.toFixed(0)} MB, ready after ${r.readyCpu.toFixed(1)} CPU s, first analysis ` +
  `${r.firstAnalysisMs.toFixed(0)} ms (${(r.firstAnalysisCpu * 1000).toFixed(0)} ms CPU)`;

for (let round = 1; round <= rounds; round++) {
  for (const [side, dir] of [
    ['old', oldDir],
    ['new', newDir],
  ] as const) {
    const data = mkdtempSync(join(tmpdir(), 'start-memory-'));
    try {
      const first = await start(dir, join(data, 'pglite'));
      const restart = await start(dir, join(data, 'pglite'));
      results[side].first.push(first);
      results[side].restart.push(restart);
      console.log(`round ${round} ${side} first start: ${show(first)}`);
      console.log(`round ${round} ${side} restart:     ${show(restart)}`);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }
}
for (const kind of ['first', 'restart'] as const) {
  const line = (side: 'old' | 'new') => {
    const runs = results[side][kind];
    return (
      `RSS ${median(runs.map((r) => r.rssMb)).toFixed(0)} MB, ready ${median(runs.map((r) => r.readyCpu)).toFixed(1)} CPU s, ` +
      `first analysis ${median(runs.map((r) => r.firstAnalysisMs)).toFixed(0)} ms`
    );
  };
  const delta = median(results.new[kind].map((r) => r.rssMb)) - median(results.old[kind].map((r) => r.rssMb));
  console.log(`median ${kind}: old ${line('old')}; new ${line('new')}; RSS new - old ${delta.toFixed(0)} MB`);
}
