// Redis goes away under load and comes back. Two server processes on PostgreSQL (a throwaway
// database) share a Redis of this script's own on a free loopback port (the machine's Redis is
// never touched); it is stopped mid-load with SHUTDOWN SAVE and started again on its saved data,
// so it comes back holding the old cache generation and entries, the harder case. Load: anonymous
// reads of a product (its brand's name shows in it) on both instances; an admin renaming the brand
// through either; POSTs with an Idempotency-Key, each retried on the other instance.
// Checks: 0 stale reads (a read that started after a rename was acknowledged shows that name or a
// newer one) before, during and after the outage; 0 5xx; 0 double writes for retried keys (one
// analysis row per key, the retry replays the first answer); p99 of reads during the outage
// < 100 ms; /ready says Redis is away, then back.
// The load is steady, not saturating (each reader pauses --pause-ms between reads), so that the
// latencies measure the service rather than the queue in front of a shared machine's two cores.
// Usage: npm run fault:redis-down [-- --seconds 6 --readers 4 --pause-ms 10]   Env: HARDENING_PG_URL
import pg from 'pg';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { check, createDatabase, option, sleep, startServer, stopServer, token, type Server } from './hardening-lib.js';

const seconds = option('seconds', 6);
const readers = option('readers', 4);
const pauseMs = option('pause-ms', 10);

type Phase = 'warm-up' | 'before' | 'outage' | 'after';
interface Tally {
  reads: number;
  latencies: number[];
  stale: number;
  hits: number;
  errors5xx: number;
  otherErrors: number;
  writes: number;
  keyed: number;
  replayed: number;
  mismatched: number;
}
const tally = (): Tally => ({
  reads: 0,
  latencies: [],
  stale: 0,
  hits: 0,
  errors5xx: 0,
  otherErrors: 0,
  writes: 0,
  keyed: 0,
  replayed: 0,
  mismatched: 0,
});
const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

const redis = await startRedisServer();
const db = await createDatabase('redisdown');
const prefix = 'fault-redis-down:';
const env = {
  DATABASE_URL: db.url,
  REDIS_URL: redis.url,
  REDIS_PREFIX: prefix,
  ADMIN_SUBJECTS: 'redisdown|admin',
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_ANALYSIS_MAX: '1000000',
  CACHE_TTL_SECONDS: '300',
};
// The first one migrates and seeds; the second starts on the ready database.
const a = await startServer(env);
const b = await startServer(env);
const servers = [a, b];
const marker = `redisdown-${Date.now()}`;
try {
  const admin = { authorization: `Bearer ${await token('redisdown|admin')}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${a.base}/products?limit=1`)).json()) as { items: Array<{ alias: string }> };
  const productUrl = `/products/${list.items[0].alias}`;
  const brand = ((await (await fetch(`${a.base}${productUrl}`)).json()) as { brand: { alias: string } }).brand.alias;

  let phase: Phase = 'warm-up';
  const tallies: Record<Phase, Tally> = { 'warm-up': tally(), before: tally(), outage: tally(), after: tally() };
  let acknowledged = 0; // the last version whose rename was answered 200
  let stop = false;
  const versionOf = (name: string): number => Number(/ v(\d+)$/.exec(name)?.[1] ?? 0);

  const reader = async (i: number) => {
    for (let n = 0; !stop; n++) {
      const server = servers[(i + n) % 2];
      const atStart = acknowledged;
      const counted = tallies[phase];
      const start = performance.now();
      try {
        const response = await fetch(`${server.base}${productUrl}`);
        const body = await response.text();
        counted.latencies.push(performance.now() - start);
        if (process.env.FAULT_TRACE && performance.now() - start > 1000)
          console.log(
            `slow read: ${phase} ${(performance.now() - start).toFixed(0)} ms on ${server.base} started ${new Date(Date.now() - (performance.now() - start)).toISOString()}`,
          );
        counted.reads++;
        if (response.status >= 500) counted.errors5xx++;
        else if (response.status !== 200) counted.otherErrors++;
        else if (versionOf((JSON.parse(body) as { brand: { name: string } }).brand.name) < atStart) counted.stale++;
        if (response.headers.get('x-cache') === 'HIT') counted.hits++;
      } catch {
        counted.otherErrors++;
      }
      await sleep(pauseMs);
    }
  };

  const renamer = async () => {
    for (let version = 1; !stop; version++) {
      const counted = tallies[phase];
      const response = await fetch(`${servers[version % 2].base}/brands/${brand}`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ name: `Fault brand v${version}` }),
      });
      await response.text();
      if (response.status === 200) acknowledged = Math.max(acknowledged, version);
      else if (response.status >= 500) counted.errors5xx++;
      else counted.otherErrors++;
      counted.writes++;
      await sleep(50);
    }
  };

  // A POST with a key on one instance, retried on the other as a client would after a lost answer.
  const keyed = async () => {
    for (let n = 0; !stop; n++) {
      const counted = tallies[phase];
      const key = `${marker}-${n}`;
      const body = JSON.stringify({ ingredient_list: `Aqua, Glycerin, ${marker} ${n} Extract` });
      const send = (server: Server) =>
        fetch(`${server.base}/analyze/ingredient_list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body,
        });
      const first = await send(servers[n % 2]);
      const firstBody = await first.text();
      const retry = await send(servers[(n + 1) % 2]);
      const retryBody = await retry.text();
      counted.keyed++;
      for (const status of [first.status, retry.status]) {
        if (status >= 500) counted.errors5xx++;
        else if (status !== 201) counted.otherErrors++;
      }
      if (retry.headers.get('idempotent-replayed') === 'true') counted.replayed++;
      if (retryBody !== firstBody) counted.mismatched++;
      await sleep(20);
    }
  };

  const readiness = async () =>
    Promise.all(servers.map(async (s) => ((await (await fetch(`${s.base}/ready`)).json()) as { redis: string }).redis));
  const workers = [...Array.from({ length: readers }, (_, i) => reader(i)), renamer(), keyed()];

  await sleep(3000);
  phase = 'before';
  await sleep(seconds * 1000);
  console.log(`-- stopping Redis (SHUTDOWN SAVE: it will come back with its old entries) after ${seconds} s`);
  phase = 'outage';
  await redis.stop();
  await sleep(300);
  const during = await readiness();
  await sleep(seconds * 1000);
  console.log('-- starting Redis again');
  await redis.start();
  phase = 'after';
  if (process.env.FAULT_TRACE) console.log(`redis started ${new Date().toISOString()}`);
  const readyDeadline = Date.now() + 10_000;
  let back = await readiness();
  while (back.some((s) => s !== 'ok') && Date.now() < readyDeadline) {
    await sleep(100);
    back = await readiness();
  }
  await sleep(seconds * 1000);
  stop = true;
  await Promise.all(workers);

  // One analysis row per key, whatever the retries.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as rows, count(distinct ingredient_list)::int as lists from ingredient_analysis where ingredient_list like $1`,
    [`%${marker}%`],
  );
  await client.end();
  const doubles = rows[0].rows - rows[0].lists;
  const metrics = await (await fetch(`${a.base}/metrics`)).text();

  console.log(
    '\nphase    reads  p50 ms  p99 ms  max ms  cache hits  stale  5xx  other  renames  keyed POSTs (replayed on the other instance)',
  );
  for (const name of ['before', 'outage', 'after'] as const) {
    const x = tallies[name];
    console.log(
      `${name.padEnd(7)} ${String(x.reads).padStart(6)} ${percentile(x.latencies, 50).toFixed(1).padStart(7)} ${percentile(x.latencies, 99).toFixed(1).padStart(7)} ${Math.max(
        ...x.latencies,
      )
        .toFixed(1)
        .padStart(
          7,
        )} ${String(x.hits).padStart(11)} ${String(x.stale).padStart(6)} ${String(x.errors5xx).padStart(4)} ${String(x.otherErrors).padStart(6)} ${String(x.writes).padStart(8)} ${String(x.keyed).padStart(6)} (${x.replayed})`,
    );
  }
  console.log(
    `\n${metrics
      .split('\n')
      .filter((l) =>
        /^(redis_up|redis_outages_total|rate_limit_local_decisions_total|response_cache_bypassed_total|response_cache_bump_owed) /.test(
          l,
        ),
      )
      .join('\n')}\n`,
  );
  const all = [tallies.before, tallies.outage, tallies.after];
  check(
    during.every((s) => s === 'unavailable'),
    `/ready on both instances says Redis is unavailable during the outage (${during.join(', ')})`,
  );
  check(
    back.every((s) => s === 'ok'),
    `/ready on both says ok once it is back (${back.join(', ')})`,
  );
  check(
    all.every((x) => x.stale === 0),
    `0 stale reads before, during and after the outage (${all.map((x) => x.stale).join(' / ')} of ${all.map((x) => x.reads).join(' / ')} reads)`,
  );
  check(
    all.every((x) => x.errors5xx === 0 && x.otherErrors === 0),
    `0 5xx and no other failure (${all.map((x) => `${x.errors5xx}+${x.otherErrors}`).join(' / ')})`,
  );
  check(
    doubles === 0 && rows[0].lists === Object.values(tallies).reduce((s, x) => s + x.keyed, 0),
    `0 double writes: ${rows[0].rows} analysis rows for ${rows[0].lists} keys, each POSTed twice (once per instance)`,
  );
  check(
    all.every((x) => x.replayed === x.keyed && x.mismatched === 0),
    `every retry on the other instance replayed the first answer (${all.map((x) => `${x.replayed}/${x.keyed}`).join(' / ')})`,
  );
  const p99 = percentile(tallies.outage.latencies, 99);
  check(
    p99 < 100,
    `p99 of reads during the outage ${p99.toFixed(1)} ms < 100 ms (before: ${percentile(tallies.before.latencies, 99).toFixed(1)} ms)`,
  );
  check(tallies.outage.hits === 0, `no cached answer served while Redis was away (${tallies.outage.hits} hits)`);
  check(tallies.after.hits > 0, `caching resumed after the outage (${tallies.after.hits} hits)`);
  if (process.exitCode) for (const s of servers) console.log(s.log().slice(-3000));
} finally {
  await Promise.all(servers.map((s) => stopServer(s)));
  await redis.close();
  await db.drop();
}
