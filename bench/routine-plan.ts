// Routine planning at scale (issue 41), one request at a time through the whole app in-process (router, GraphQL,
// SQL; no network), against the configured database:
//   PGLITE_DIR=/tmp/plan100k/pglite node_modules/.bin/node --import ./register.mjs bench/routine-plan.ts --products 100000
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skincare_plan node_modules/.bin/node --import ./register.mjs bench/routine-plan.ts --products 100000
// The catalog: the demo catalog (364 products with sizes, offers and ingredient lists) and, to reach --products, its
// copies made by the database itself (INSERT … SELECT; triggers off for the bulk statements): each copy takes the
// name, category, size and ingredient list of a demo product (so lists are drawn from a pool of 364, SPF stated in
// sunscreens' names as in the originals), and one or two live offers at the original's price times 0.6-1.6 in
// EUR, USD or GBP. Running it again adds only what is missing.
// Measured, alternating request by request so all see the same machine load: the anchor (GET /products/:alias, one
// statement), a plan buying within a budget (a listed shelf of 8, three goals), a shelf-only plan (a listed shelf of
// 40). For each: p50 and p95 wall time, the ratio to the anchor's, and the statements sent. Then EXPLAIN of the
// candidate statement (on PostgreSQL and PGlite alike): it must walk product_offer_live_price_index, not scan.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { totalStatements } from '../src/sql-statements.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const target = option('products', 20_000);
const rounds = option('rounds', 120);

const sqlLines: string[] = [];
let keepSql = false;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', CACHE_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' });
const orm = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  sqlLog: (line) => {
    if (keepSql) sqlLines.push(line);
  },
});
await seedIfEmpty(orm, { demo: true, inventory: false });
const em = orm.em.fork() as EntityManager;
const kind = config.databaseUrl ? 'PostgreSQL' : 'PGlite';

const count = async () =>
  (await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product where status = 'published'`))[0].n;

/** Copies of the demo products up to `target`, with their entries and one or two live offers each. */
async function fill(): Promise<void> {
  const have = await count();
  if (have >= target) return;
  const missing = target - have;
  const started = performance.now();
  const columns = (
    await em.execute<Array<{ c: string }>>(
      `select column_name as c from information_schema.columns where table_name = 'product' and table_schema = current_schema() order by ordinal_position`,
    )
  ).map((r) => r.c);
  const copied = columns.map((c) =>
    c === 'id'
      ? 'gen_random_uuid()'
      : c === 'alias'
        ? `d.alias || '-c' || (${have} + g)`
        : c === 'name'
          ? `d.name || ' ' || (${have} + g)`
          : c === 'barcode' || c === 'source_code'
            ? 'null'
            : `d.${c}`,
  );
  await em.execute(`set session_replication_role = replica`);
  await em.execute(
    `insert into product (${columns.map((c) => `"${c}"`).join(', ')})
     select ${copied.join(', ')}
       from generate_series(1, ${missing}) g
       join (select *, row_number() over (order by alias) - 1 as k from product where alias !~ '-c[0-9]+$') d
         on d.k = (g % (select count(*) from product where alias !~ '-c[0-9]+$'))`,
  );
  // Entries: each copy gets its original's list.
  await em.execute(
    `insert into product_ingredient (id, product_id, position, input, ingredient_id, match, concentration, may_contain, unread, flags, active, part, nano)
     select gen_random_uuid(), c.id, pi.position, pi.input, pi.ingredient_id, pi.match, pi.concentration, pi.may_contain, pi.unread, pi.flags, pi.active, pi.part, pi.nano
       from product c join product d on d.alias = regexp_replace(c.alias, '-c[0-9]+$', '')
       join product_ingredient pi on pi.product_id = d.id
      where c.alias ~ '-c[0-9]+$' and not exists (select 1 from product_ingredient x where x.product_id = c.id)`,
  );
  // Offers: one or two a copy, priced around the original's cheapest, in three currencies.
  await em.execute(
    `insert into product_offer (id, product_id, retailer, url, price, currency)
     select gen_random_uuid(), c.id, r.retailer, 'https://shop' || r.n || '.example/p/' || c.alias,
            round((coalesce(o.price, 12) * (0.6 + (abs(hashtext(c.alias || r.n)) % 100) / 100.0))::numeric, 2),
            (array['EUR', 'USD', 'GBP'])[1 + abs(hashtext(c.alias || 'cur' || r.n)) % 3]
       from product c join product d on d.alias = regexp_replace(c.alias, '-c[0-9]+$', '')
       left join lateral (select min(price) as price from product_offer where product_id = d.id) o on true
       join (values (1, 'Bench Shop One'), (2, 'Bench Shop Two')) as r(n, retailer)
         on r.n = 1 or abs(hashtext(c.alias)) % 2 = 0
      where c.alias ~ '-c[0-9]+$' and not exists (select 1 from product_offer x where x.product_id = c.id)`,
  );
  await em.execute(`set session_replication_role = origin`);
  for (const table of ['product', 'product_offer', 'product_ingredient']) await em.execute(`analyze ${table}`);
  console.log(`filled ${missing} products in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await fill();
const app = await buildApp({ config, orm, logger: false });
await app.ready();
const products = await count();
const offers = (
  await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product_offer where ended_at is null`)
)[0].n;
const demo = (
  await em.execute<Array<{ alias: string }>>(
    `select alias from product where alias !~ '-c[0-9]+$' and status = 'published' order by alias`,
  )
).map((r) => r.alias);
console.log(`${kind}: ${products} published products, ${offers} live offers; ${rounds} rounds`);

const pick = (n: number, offset: number) =>
  Array.from({ length: n }, (_, i) => demo[(offset * 7 + i * 13) % demo.length]);
const buying = (i: number) => ({
  shelf: pick(8, i).map((product) => ({ product })),
  profile: { skin_type: (['oily', 'dry', 'sensitive', 'combination'] as const)[i % 4], age: 20 + (i % 40) },
  goals: [['acne', 'hyperpigmentation'], ['aging'], ['redness', 'large_pores']][i % 3],
  steps: { morning_max: 3, evening_max: 4 },
  budget: { amount: 40 + (i % 5) * 10, currency: ['EUR', 'USD', 'GBP'][i % 3] },
});
const shelfOnly = (i: number) => ({
  shelf: pick(40, i).map((product) => ({ product })),
  steps: { morning_max: 3, evening_max: 4 },
  buy: 'shelf_only',
});

interface Series {
  ms: number[];
  statements: number[];
}
const series: Record<string, Series> = {
  anchor: { ms: [], statements: [] },
  buying: { ms: [], statements: [] },
  shelf_only: { ms: [], statements: [] },
};

async function timed(
  name: string,
  send: () => Promise<{ statusCode: number; body: string }>,
  expected: number,
  record: boolean,
) {
  const before = totalStatements();
  const t = performance.now();
  const r = await send();
  const ms = performance.now() - t;
  if (r.statusCode !== expected) throw new Error(`${name}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  if (record) {
    series[name].ms.push(ms);
    series[name].statements.push(totalStatements() - before);
  }
}

for (let i = 0; i < rounds + 10; i++) {
  const record = i >= 10;
  await timed('anchor', () => app.inject({ method: 'GET', url: `/products/${demo[i % demo.length]}` }), 200, record);
  await timed(
    'buying',
    () => app.inject({ method: 'POST', url: '/routine_plans/preview', payload: buying(i) }),
    200,
    record,
  );
  await timed(
    'shelf_only',
    () => app.inject({ method: 'POST', url: '/routine_plans/preview', payload: shelfOnly(i) }),
    200,
    record,
  );
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const anchorP50 = quantile(series.anchor.ms, 0.5);
const anchorP95 = quantile(series.anchor.ms, 0.95);
for (const [name, s] of Object.entries(series)) {
  const p50 = quantile(s.ms, 0.5);
  const p95 = quantile(s.ms, 0.95);
  console.log(
    `${name.padEnd(10)} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; / anchor: p50 ${(p50 / anchorP50).toFixed(1)}, p95 ${(p95 / anchorP95).toFixed(1)}; statements ${Math.min(...s.statements)}-${Math.max(...s.statements)}`,
  );
}

// The candidate statement's plan: the live offers walked in price order, never a scan of the catalog.
keepSql = true;
sqlLines.length = 0;
await app.inject({ method: 'POST', url: '/routine_plans/preview', payload: buying(1) });
keepSql = false;
const candidate = sqlLines.find(
  (l) => l.includes(`(select 'named' as slot`) || l.includes('from product_offer o join product p'),
);
if (candidate) {
  const sql = candidate.replace(/^\[query\] (\(prepared [^)]*\) )?/, '').replace(/ \[took [^\]]*\]$/, '');
  const plan = (await em.execute<Array<Record<string, string>>>(`explain ${sql}`)).map((r) => Object.values(r)[0]);
  const scans = plan.filter((l) => /Seq Scan on (product|product_offer|product_ingredient)\b/.test(l));
  console.log(
    `candidate statement: ${plan.filter((l) => /Index|Seq Scan/.test(l)).length} scan nodes; catalog scans: ${scans.length ? scans.map((s) => s.trim()).join(' | ') : 'none'}`,
  );
  if (args.includes('--explain')) console.log(plan.join('\n'));
}
const load = (await import('node:os')).loadavg();
console.log(`load average (1, 5, 15 min): ${load.map((x) => x.toFixed(1)).join(', ')}`);
await app.close();
await orm.close();
