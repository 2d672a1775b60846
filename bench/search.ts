// Search at scale, in-process one request at a time (router, GraphQL, SQL; no network),
// against the configured database filled by bench/search-data.ts (or scripts/seed-scale.ts):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skincare_scale node_modules/.bin/node --import ./register.mjs bench/search.ts [--requests 400]
//   PGLITE_DIR=/tmp/scale/pglite node_modules/.bin/node --import ./register.mjs bench/search.ts
// The mix (stated in bench/README.md, "Search"): a quarter rare words (a brand of the long tail,
// a demo product's words), a quarter frequent words ("cream", "gentle cleanser": a third of a
// synthetic catalog), a quarter typos and prefixes, a quarter text with filters (free of, a
// category, an included ingredient); then as-you-type suggestions, keystroke by keystroke.
// On PostgreSQL each search is followed by its anchor (bench/README.md): ONE SQL statement sent by
// node-postgres that builds the same page as JSON (json_build_object/json_agg), over the same
// bounded candidates and ranking, without the typo-correction statement and without the app's
// layers; app and anchor alternate request by request, so both see the same machine load, and the
// ratio of their percentiles is what the app adds to the database's own work.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import pg from 'pg';
import { RANKED_CANDIDATES, POPULAR_WALK, textRank } from '../src/modules/product/product-text-search.service.js';
import { candidates } from '../src/modules/search/candidates.js';
import { queryTexts } from '../src/modules/search/engine/query.js';
import { parseSearchText } from '../src/modules/search/parse.js';
import { searchVocabulary } from '../src/modules/search/synonyms.js';
import { checkedFlags, LIST_READ } from '../src/modules/product/product.service.js';
import { searchMix, suggestionKeystrokes, tailBrands } from './search-mix.js';

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
const products = (
  await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product where status = 'published'`)
)[0].n;
console.log(`${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${products} published products`);

const tail = await tailBrands(em);
const mix = searchMix(tail, requests + 20);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summary(name: string, timings: number[]): void {
  const sorted = [...timings].sort((a, b) => a - b);
  const f = (q: number) => quantile(sorted, q).toFixed(1);
  console.log(
    `${name}: ${timings.length} requests, p50 ${f(0.5)} ms, p95 ${f(0.95)} ms, p99 ${f(0.99)} ms, max ${f(1)} ms`,
  );
}

type Item = {
  kind: string;
  /** What was asked, to name the slowest requests. */
  label: string;
  send: () => Promise<{ statusCode: number; body: string }>;
  anchor?: () => Promise<unknown>;
};
async function run(name: string, list: Item[]): Promise<void> {
  for (const item of list.slice(0, 20)) await item.send();
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const anchors: number[] = [];
  const byLabel = new Map<string, number[]>();
  for (const item of list.slice(20)) {
    const started = performance.now();
    const response = await item.send();
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    all.push(ms);
    byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), ms]);
    byLabel.set(item.label, [...(byLabel.get(item.label) ?? []), ms]);
    if (item.anchor) {
      const t = performance.now();
      await item.anchor();
      anchors.push(performance.now() - t);
    }
  }
  summary(name, all);
  for (const [kind, timings] of byKind) summary(`  ${kind}`, timings);
  // Where the tail comes from: the requests whose median is slowest.
  const slowest = [...byLabel]
    .map(([label, timings]) => ({
      label,
      median: quantile(
        [...timings].sort((a, b) => a - b),
        0.5,
      ),
    }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 6);
  console.log(`  slowest (median ms): ${slowest.map((s) => `${s.label} ${s.median.toFixed(1)}`).join('; ')}`);
  if (anchors.length) {
    summary(`  anchor (one statement, ${client ? 'node-postgres' : 'the same PGlite'})`, anchors);
    const sa = [...anchors].sort((a, b) => a - b);
    const sb = [...all].sort((a, b) => a - b);
    console.log(
      `  app / anchor: p50 ${(quantile(sb, 0.5) / quantile(sa, 0.5)).toFixed(2)}, p95 ${(quantile(sb, 0.95) / quantile(sa, 0.95)).toFixed(2)}`,
    );
  }
}

const client = config.databaseUrl ? new pg.Client({ connectionString: config.databaseUrl }) : null;
await client?.connect();
/** The anchor of a search: its page as JSON in ONE statement (the filters by alias resolved inside it). */
function anchorOf(payload: Record<string, unknown>): (() => Promise<unknown>) | undefined {
  const parsed = parseSearchText('query', String(payload.query), true);
  const texts = parsed && queryTexts(parsed, searchVocabulary());
  if (!texts) return undefined;
  const where = { sql: [`p.status = 'published'`], params: [] as unknown[] };
  if (payload.category) {
    where.sql.push(
      `p.category_id in (select id from product_category where alias = ? union select id from product_category where parent_id in (select id from product_category where alias = ?))`,
    );
    where.params.push(payload.category, payload.category);
  }
  if (payload.include_ingredients) {
    where.sql.push(`p.ingredient_ids @> array(select id::text from ingredient where alias = any(?::text[]))`);
    where.params.push(payload.include_ingredients);
  }
  if (payload.exclude_ingredients) {
    where.sql.push(`not (p.ingredient_ids && array(select id::text from ingredient where alias = any(?::text[])))`);
    where.params.push(payload.exclude_ingredients);
  }
  if (payload.free_of) {
    // As the app's free-of condition: the list must have been read (every entry matched).
    where.sql.push(`not (p.flags && ?::text[]) and ${LIST_READ}`);
    where.params.push(checkedFlags('free_of', payload.free_of as string[]));
  }
  const set = candidates(texts, where, RANKED_CANDIDATES, POPULAR_WALK);
  const rank = textRank(texts, 'm.document');
  const sql = `select coalesce(json_agg(json_build_object('id', p.id, 'alias', p.alias, 'name', p.name, 'status', p.status, 'flags', p.flags,
      'brand', json_build_object('id', b.id, 'alias', b.alias, 'name', b.name, 'country', b.country),
      'category', case when c.id is null then null else json_build_object('id', c.id, 'alias', c.alias, 'name', c.name, 'step_type', c.step_type) end,
      'published_at', p.published_at,
      'matched_words', array(select w from regexp_split_to_table(p.name || ' ' || b.name, '\\s+') as w where search_field(w) @@ ${texts.highlight.sql})
    ) order by r.rank desc, r.popularity desc, r.product_id desc), '[]')::text as body
    from (select m.product_id, m.popularity, (${rank.sql})::float8 as rank
          from (${set.sql}) m
          order by rank desc, m.popularity desc, m.product_id desc limit 21) r
    join product p on p.id = r.product_id join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id`;
  const params = [...texts.highlight.params, ...rank.params, ...set.params];
  // On PGlite (no second connection): the same statement through the app's own connection.
  // (The ORM would spread an array parameter into a list: given as an array literal instead.)
  if (!client) {
    const literal = params.map((p) => (Array.isArray(p) ? `{${p.join(',')}}` : p));
    return () => em.execute(sql, literal);
  }
  let k = 0;
  const text = sql.replace(/\?/g, () => `$${++k}`);
  return () => client.query(text, params);
}

await run(
  'POST /products/search (mix)',
  mix.map((m) => ({
    kind: m.kind,
    label: JSON.stringify(m.payload),
    send: () => app.inject({ method: 'POST', url: '/products/search', payload: m.payload }),
    anchor: anchorOf(m.payload),
  })),
);

// Suggestions: every keystroke of a few words as typed.
const keystrokes = suggestionKeystrokes(tail);
const suggestions: Item[] = [];
while (suggestions.length < requests + 20) {
  for (const q of keystrokes)
    suggestions.push({
      kind: q.length <= 3 ? 'prefix of 2-3 letters' : 'longer prefix',
      label: q,
      send: () => app.inject({ method: 'GET', url: `/search/suggestions?query=${encodeURIComponent(q)}` }),
    });
}
await run('GET /search/suggestions (keystrokes)', suggestions.slice(0, requests + 20));

// Sizes: the search tables and their indexes.
if (config.databaseUrl) {
  const sizes = await em.execute<Array<{ relname: string; total: string; indexes: string }>>(
    `select relname, pg_size_pretty(pg_total_relation_size(oid)) as total, pg_size_pretty(pg_indexes_size(oid)) as indexes
     from pg_class where relname in ('product', 'product_search', 'search_word', 'ingredient_search') order by relname`,
  );
  for (const s of sizes) console.log(`${s.relname}: ${s.total} (indexes ${s.indexes})`);
}
// The plans of the candidates (bench/README.md, "how the work is bounded"): rows and buffers read.
for (const [query, free] of [
  ['cream', false],
  ['soothing', false],
  ['gentle cleanser', false],
  ['soomdal cica', false],
  ['cream', true],
  ['hydratng crem', false],
] as const) {
  const parsed = parseSearchText('query', query)!;
  const texts = queryTexts(parsed, searchVocabulary())!;
  const where = {
    sql: [`p.status = 'published'`, ...(free ? [`not (p.flags && array['fragrance'])`] : [])],
    params: [],
  };
  const set = candidates(texts, where, RANKED_CANDIDATES, POPULAR_WALK);
  const plan = await em.execute<Array<{ 'QUERY PLAN': string }>>(
    `explain (analyze, buffers, costs off) ${set.sql}`,
    set.params,
  );
  const lines = plan.map((r) => r['QUERY PLAN']);
  const top = lines.findIndex((l) => /^\s*Buffers/.test(l));
  console.log(
    `candidates of "${query}"${free ? ' free of fragrance' : ''}: ${lines[0].trim()}; ${lines[top]?.trim()}; ${lines
      .filter((l) => /Execution Time|Planning Time/.test(l))
      .map((l) => l.trim())
      .join(', ')}`,
  );
  if (process.argv.includes('--plans')) for (const line of lines) console.log(`  ${line}`);
}

await client?.end();
await app.close();
await orm.close();
