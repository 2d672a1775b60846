// Search at scale (issue 29), in-process one request at a time (router, GraphQL, SQL; no network),
// against the configured database filled by scripts/seed-scale.ts:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skincare_scale node_modules/.bin/node --import ./register.mjs bench/search.ts [--requests 400]
//   PGLITE_DIR=/tmp/scale/pglite node_modules/.bin/node --import ./register.mjs bench/search.ts
// The mix (stated in bench/README.md, "Search"): a quarter rare words (a brand of the long tail,
// a demo product's words), a quarter frequent words ("cream", "gentle cleanser": a third of a
// synthetic catalog), a quarter typos and prefixes, a quarter text with filters (free of, a
// category, an included ingredient); then as-you-type suggestions, keystroke by keystroke.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';

const args = process.argv.slice(2);
const requests = Number(args[args.indexOf('--requests') + 1] || 400) || 400;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', CACHE_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false' });
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const app = await buildApp({ config, orm, logger: false });
await app.ready();
const em = orm.em.fork() as EntityManager;
// Statistics first (scripts/seed-scale.ts analyzes product alone; PGlite has no autovacuum): the
// planner chooses between the GIN index and the popularity walk by how frequent a word is.
await em.execute('analyze product_search');
const products = (await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product where status = 'published'`))[0].n;
console.log(`${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${products} published products`);

// Rare words: brands of the long tail (about 50 products each at most) and demo products' words.
const tail = (await em.execute<Array<{ name: string }>>(`select name from brand where alias like 'scale-%' order by alias desc limit 40`)).map((r) => r.name.split(' ')[0].toLowerCase());
const rare = [...tail.slice(0, 20), 'niacinamide serum', 'soomdal cica', 'vitamin c serum', 'ceramide cream', 'retinol night cream', 'salicylic acid cleanser', 'sun cream', 'moisturiser', 'kakadu', 'bakuchiol or retinal'];
const frequent = ['cream', 'gentle cleanser', 'hydrating', 'serum', 'daily moisturizer', 'rich cream', 'calming toner', 'light lotion', 'soothing', 'barrier cream'];
const fuzzy = ['hydratng crem', 'niacinamid serum', 'ceramid', 'moisturi', 'brigh', 'calming ton', 'retinoll', 'gentel cleanser', 'sootheing', 'vitamn c'];
const withFilters = [
  { query: 'cream', free_of: ['fragrance'] }, { query: 'serum', category: 'serums' }, { query: 'gentle cleanser', free_of: ['sulfates'] },
  { query: 'hydrating', include_ingredients: ['glycerin'] }, { query: 'niacinamide', free_of: ['fragrance', 'essential_oils'] },
  { query: 'cream', include_ingredients: ['niacinamide'], free_of: ['silicones'] }, { query: 'rich cream', category: 'creams' },
  { query: 'toner', exclude_ingredients: ['alcohol-denat'] }, { query: 'soothing', free_of: ['parabens'] }, { query: 'sun cream', free_of: ['fragrance'] },
];
const mix: Array<{ kind: string; payload: Record<string, unknown> }> = [];
for (let i = 0; mix.length < requests + 20; i++) {
  mix.push({ kind: 'rare', payload: { query: rare[i % rare.length], limit: 20 } });
  mix.push({ kind: 'frequent', payload: { query: frequent[i % frequent.length], limit: 20 } });
  mix.push({ kind: 'typo/prefix', payload: { query: fuzzy[i % fuzzy.length], limit: 20 } });
  mix.push({ kind: 'with filters', payload: { ...withFilters[i % withFilters.length], limit: 20 } });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summary(name: string, timings: number[]): void {
  const sorted = [...timings].sort((a, b) => a - b);
  const f = (q: number) => quantile(sorted, q).toFixed(1);
  console.log(`${name}: ${timings.length} requests, p50 ${f(0.5)} ms, p95 ${f(0.95)} ms, p99 ${f(0.99)} ms, max ${f(1)} ms`);
}

async function run(name: string, list: Array<{ kind: string; send: () => Promise<{ statusCode: number; body: string }> }>): Promise<void> {
  for (const item of list.slice(0, 20)) await item.send();
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (const item of list.slice(20)) {
    const started = performance.now();
    const response = await item.send();
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    all.push(ms);
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), ms]);
  }
  summary(name, all);
  for (const [kind, timings] of byKind) summary(`  ${kind}`, timings);
}

await run('POST /products/search (mix)', mix.map((m) => ({ kind: m.kind, send: () => app.inject({ method: 'POST', url: '/products/search', payload: m.payload }) })));

// Suggestions: every keystroke of a few words as typed.
const typed = ['cream', 'soomdal', 'niacinamide', 'hydrating', 'vitamin c', 'gentle cl', 'ceramide', 'moisturiser', ...tail.slice(0, 6)];
const keystrokes = typed.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1))).filter((q) => q.trim().length >= 2);
const suggestions: Array<{ kind: string; send: () => Promise<{ statusCode: number; body: string }> }> = [];
while (suggestions.length < requests + 20) {
  for (const q of keystrokes) suggestions.push({ kind: q.length <= 3 ? 'prefix of 2-3 letters' : 'longer prefix', send: () => app.inject({ method: 'GET', url: `/search/suggestions?query=${encodeURIComponent(q)}` }) });
}
await run('GET /search/suggestions (keystrokes)', suggestions.slice(0, requests + 20));

// Sizes: the search tables and their indexes.
if (config.databaseUrl) {
  const sizes = await em.execute<Array<{ relname: string; total: string; indexes: string }>>(
    `select relname, pg_size_pretty(pg_total_relation_size(oid)) as total, pg_size_pretty(pg_indexes_size(oid)) as indexes
     from pg_class where relname in ('product', 'product_search', 'search_word', 'ingredient_search') order by relname`);
  for (const s of sizes) console.log(`${s.relname}: ${s.total} (indexes ${s.indexes})`);
}
// The plan of a frequent word: how the candidates are bounded.
const plan = await em.execute<Array<{ 'QUERY PLAN': string }>>(
  `explain analyze select s.product_id from product_search s join product p on p.id = s.product_id
   where s.document @@ to_tsquery('english', 'cream') and p.status = 'published' order by s.popularity desc, s.product_id desc limit 2000`);
console.log('plan of the candidates of "cream":');
for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);

await app.close();
await orm.close();
