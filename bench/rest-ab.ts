// Before/after for the REST layer: GET /products/:id_or_alias on two servers running side by
// side (a baseline checkout and this tree), in alternating short rounds so that both see the
// same machine load. Anonymous reads; the response cache is off unless --cache.
// Usage: npm run bench:rest-ab -- --baseline /path/to/other/checkout [--rounds 6 --seconds 5 --connections 20 --cache --rate-limits]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback;
const baseline = args.includes('--baseline') ? resolve(args[args.indexOf('--baseline') + 1]) : null;
if (!baseline) throw new Error('--baseline <checkout> is required');
const rounds = option('rounds', 6);
const seconds = option('seconds', 5);
const connections = option('connections', 20);
const env = {
  CACHE_ENABLED: args.includes('--cache') ? 'true' : 'false',
  RATE_LIMIT_ENABLED: args.includes('--rate-limits') ? 'true' : 'false',
  RATE_LIMIT_MAX: '10000000',
};

async function start(dir: string, port: number): Promise<ChildProcess> {
  const child = fork(join(dir, 'bench/server.ts'), [], {
    cwd: dir,
    execArgv: ['--import', './register.mjs'],
    stdio: 'inherit',
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PGLITE_DIR: join(mkdtempSync(join(tmpdir(), 'bench-ab-')), 'db'),
    },
  });
  await new Promise<void>((done, reject) => {
    child.once('message', () => done());
    child.once('exit', (code) => reject(new Error(`server in ${dir} exited with ${code}`)));
  });
  return child;
}

const first = await start(baseline, 3990);
const second = await start(process.cwd(), 3991).catch((error) => {
  first.kill('SIGTERM');
  throw error;
});
const servers = [
  { name: `baseline (${baseline})`, port: 3990, child: first, rps: [] as number[], p99: [] as number[] },
  { name: 'this tree', port: 3991, child: second, rps: [] as number[], p99: [] as number[] },
];
try {
  const alias = (
    (await (await fetch(`http://127.0.0.1:3991/products?limit=1`)).json()) as { items: Array<{ alias: string }> }
  ).items[0].alias;
  for (const s of servers)
    await autocannon({ url: `http://127.0.0.1:${s.port}/products/${alias}`, connections, duration: 2 });
  for (let round = 0; round < rounds; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const r = await autocannon({
        url: `http://127.0.0.1:${s.port}/products/${alias}`,
        connections,
        duration: seconds,
      });
      if (r.errors || r.non2xx) throw new Error(`${s.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      s.rps.push(r.requests.average);
      s.p99.push(r.latency.p99);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nGET /products/${alias}, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, cache ${env.CACHE_ENABLED}, rate limits ${env.RATE_LIMIT_ENABLED}`,
  );
  console.log('| server | median req/s | rounds (req/s) | median p99 ms |');
  console.log('| --- | ---: | --- | ---: |');
  for (const s of servers)
    console.log(
      `| ${s.name} | ${median(s.rps).toFixed(0)} | ${s.rps.map((x) => x.toFixed(0)).join(', ')} | ${median(s.p99)} |`,
    );
  console.log(`this tree / baseline: ${((median(servers[1].rps) / median(servers[0].rps)) * 100).toFixed(1)}%`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
