// The weekly contest's queries over a week with 100,000 favourites (and 100,000 more in the
// weeks before), on PostgreSQL and on PGlite. Target: the leaderboard under 50 ms on PostgreSQL.
// PostgreSQL: a database of its own (skincare_bench_contests) on BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432), created and dropped by the script; PGlite: in memory.
// Usage: node --import ./register.mjs bench/contest-leaderboard.ts [--pglite-only | --postgres-only]
import pg from 'pg';
import { openDatabase, type EntityManager } from '../src/db.js';
import { describeContest, leaderboard, myStanding } from '../src/modules/contest/contest.service.js';
import { parseWeekNumber } from '../src/modules/routine/engine/contest-weeks.js';
import type { User } from '../src/modules/user/user.entity.js';

const args = process.argv.slice(2);
const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'skincare_bench_contests';
const USERS = 20_000;
const ROUTINES = 5_000;
const IN_WEEK = 100_000;
const week = parseWeekNumber('202510')!;

async function fill(em: EntityManager): Promise<void> {
  const t = performance.now();
  await em.execute(`insert into app_user (id, subject, username, user_type, bio, email, created_at, updated_at)
    select gen_random_uuid(), 'bench|' || g, 'bench' || g, 'member', '', null, now(), now() from generate_series(1, ${USERS}) g`);
  await em.execute(`with u as (select id, row_number() over (order by id) - 1 as n from app_user where subject like 'bench|%')
    insert into routine (id, owner_id, name, description, time_of_day, status, current, published_at, created_at, updated_at)
    select gen_random_uuid(), u.id, 'Routine ' || g, '', 'evening', (case when g % 5 = 0 then 'private' else 'published' end)::routine_status, false,
      case when g % 5 = 0 then null else timestamptz '2025-01-01' + g * interval '7 minutes' end, now(), now()
    from generate_series(1, ${ROUTINES}) g join u on u.n = g % ${USERS}`);
  // Favourites: users spread evenly, routines skewed (a few very popular ones), times uniform.
  const insert = (count: number, from: Date, days: number) =>
    em.execute(`
    with u as (select id, row_number() over (order by id) - 1 as n from app_user where subject like 'bench|%'),
    r as (select id, row_number() over (order by id) - 1 as n from routine),
    pairs as (select g % ${USERS} as un, floor(${ROUTINES} * power(random(), 2.5))::int as rn from generate_series(1, ${count}) g)
    insert into routine_favorite (id, user_id, routine_id, created_at)
    select gen_random_uuid(), u.id, r.id, timestamptz '${from.toISOString()}' + random() * interval '${days} days'
    from pairs join u on u.n = pairs.un join r on r.n = pairs.rn
    on conflict do nothing`);
  const inWeek = async () =>
    (
      await em.execute<Array<{ n: number }>>(
        'select count(*)::int as n from routine_favorite where created_at >= ? and created_at < ?',
        [week.startsAt, week.endsAt],
      )
    )[0].n;
  await insert(100_000, new Date(week.startsAt.getTime() - 63 * 86_400_000), 63);
  // Favourites are unique per user and routine: top up the week until it holds 100,000.
  for (let n = await inWeek(); n < IN_WEEK; n = await inWeek())
    await insert(Math.ceil((IN_WEEK - n) * 1.3), week.startsAt, 7);
  await em.execute(
    `delete from routine_favorite where id in (select id from routine_favorite where created_at >= ? and created_at < ? order by id offset ${IN_WEEK})`,
    [week.startsAt, week.endsAt],
  );
  // A steady state: autovacuum has set the visibility map, so index-only scans skip the heap.
  await em.execute('vacuum analyze');
  const [{ total }] = await em.execute<Array<{ total: number }>>('select count(*)::int as total from routine_favorite');
  console.log(
    `  filled in ${((performance.now() - t) / 1000).toFixed(1)} s: ${USERS} users, ${ROUTINES} routines (4/5 published), ${await inWeek()} favourites in ${week.weekNumber}, ${total} in all`,
  );
}

async function time(label: string, runs: number, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 3; i++) await fn();
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(1);
  console.log(`  ${label.padEnd(44)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms  (${runs} runs)`);
}

async function run(label: string, target: { databaseUrl: string | null; pgliteDir: string }): Promise<void> {
  console.log(label);
  const orm = await openDatabase(target);
  try {
    const em = () => orm.em.fork() as EntityManager;
    await fill(em());
    const [leader] = (await leaderboard(em(), week, { limit: 1 })).items;
    const owner = { id: leader.routine.owner.id } as User;
    console.log(`  leader: ${leader.routine.name} with ${leader.score} favourites that week`);
    if (args.includes('--explain')) {
      const plan = await em().execute<Array<Record<string, string>>>(
        `explain (analyze, buffers) with scores as (select f.routine_id, count(*)::int as score from routine_favorite f where f.created_at >= ? and f.created_at < ? group by f.routine_id), ranked as (select s.routine_id, s.score, r.owner_id, row_number() over (order by s.score desc, r.published_at asc, r.id asc)::int as rank from scores s join routine r on r.id = s.routine_id where r.status = 'published') select routine_id, score, rank from ranked order by rank limit 21`,
        [week.startsAt, week.endsAt],
      );
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    }
    await time('leaderboard, first page of 20', 30, () => leaderboard(em(), week, { limit: 20 }));
    await time('leaderboard, page 50 (offset 980)', 30, () =>
      leaderboard(em(), week, { limit: 20, cursor: Buffer.from('o:980').toString('base64url') }),
    );
    await time('contest (entries and leader)', 30, () => describeContest(em(), week));
    await time("my standing (rank of the leader's owner)", 30, () => myStanding(em(), owner, week));
  } finally {
    await orm.close();
  }
}

if (!args.includes('--pglite-only')) {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB}`);
    await admin.query(`create database ${DB}`);
    await run(`PostgreSQL (${server}/${DB})`, { databaseUrl: `${server}/${DB}`, pgliteDir: 'memory://' });
  } finally {
    await admin.query(`drop database if exists ${DB}`);
    await admin.end();
  }
}
if (!args.includes('--postgres-only')) await run('PGlite (in memory)', { databaseUrl: null, pgliteDir: 'memory://' });
