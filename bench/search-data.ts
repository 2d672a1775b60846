// A synthetic catalog for the search benchmark (bench/search.ts), built by the database itself:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skincare_search1m node_modules/.bin/node --import ./register.mjs bench/search-data.ts --products 1000000
//   PGLITE_DIR=/tmp/search100k node_modules/.bin/node --import ./register.mjs bench/search-data.ts --products 100000
// The database is migrated by the app and the knowledge base and demo catalog loaded (as
// scripts/seed-scale.ts does); then everything else is INSERT … SELECT over generate_series, a few
// statements in all, not rows sent one by one through the ORM or the API. With triggers off for the
// bulk statements (session_replication_role = replica: no search triggers, no foreign-key checks,
// the rows are built consistent) and the product and search indexes dropped while the rows go in
// and built once after, the way a bulk load is done. The search documents are then built in ONE
// set-based statement, the same tsvector search_product_document() gives (name A, brand B,
// category C, notable ingredients D; test: the script compares a sample against it at the end).
//
// What goes in: brands (made-up, unique names, a few big ones and a long tail), products named from
// word lists (brand, a descriptor, sometimes an active and a texture, the kind of product of the
// category), ingredient lists drawn from the demo catalog's (some entries dropped, a few common
// ingredients inserted) as ingredient_ids, ingredient_list and flags, favourites from bench users
// (skewed: a few products have many). No product_ingredient rows (the search reads ingredient_ids and
// flags; a product's detail page is not in this benchmark). Running it again adds nothing.
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { DESCRIPTORS, ensureDatabase, SUFFIXES, SYLLABLES } from '../scripts/synthetic-catalog.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, got "${process.argv[i + 1]}"`);
    process.exit(2);
  }
  return value;
}

const target = option('products', 100_000);
const brandCount = option('brands', Math.max(20, Math.round(target / 50)));
const userCount = option('users', Math.max(100, Math.round(target / 200)));
const favouriteCount = option('favourites', Math.round(target / 2));
const listVariants = option('lists', Math.min(20_000, Math.max(500, Math.round(target / 20))));

const ACTIVES = [
  'Niacinamide',
  'Ceramide',
  'Hyaluronic',
  'Retinol',
  'Vitamin C',
  'Peptide',
  'Centella',
  'Squalane',
  'Salicylic',
  'Azelaic',
  'Panthenol',
  'Green Tea',
  'Snail',
  'Rice',
  'Bakuchiol',
  'Aloe',
  'Oat',
  'Propolis',
  'Collagen',
  'Mandelic',
];
const TEXTURES = ['Cream', 'Cream', 'Gel', 'Lotion', 'Milk', 'Foam', 'Water', 'Balm'];

const sqlArray = (list: string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
if (config.databaseUrl) await ensureDatabase(config.databaseUrl);
const started = Date.now();
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const seeded = await seedIfEmpty(orm, { demo: true });
if (seeded.seeded)
  console.log(
    `loaded the knowledge base (${seeded.ingredients} ingredients) and the demo catalog (${seeded.products} products)`,
  );
const em = orm.em.fork() as EntityManager;
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
async function step(name: string, statements: string[]): Promise<void> {
  const t = Date.now();
  // One transaction a step; triggers and foreign-key checks off inside it only (set local).
  await em.transactional(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    for (const sql of statements) await tx.execute(sql);
  });
  console.log(`  ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s (${elapsed()})`);
}

const existing = (
  await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product where alias like 'bench-%'`)
)[0].n;
if (existing >= target) {
  console.log(`${existing} synthetic products present (target ${target}): nothing to add`);
} else if (existing > 0) {
  console.error(`${existing} synthetic products present, fewer than ${target}: start from an empty database`);
  process.exit(2);
} else {
  console.log(
    `building ${target} products, ${brandCount} brands, ${userCount} users, ${favouriteCount} favourites, ${listVariants} ingredient lists`,
  );
  // Indexes of the tables filled in bulk (not those behind a constraint): dropped, then built once.
  const indexes = await em.execute<Array<{ indexname: string; indexdef: string }>>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('product', 'product_search', 'product_favorite', 'product_ingredient')
       and indexname not in (select conname from pg_constraint)`,
  );

  await step('brands', [
    `select setseed(0.29)`,
    // Unique made-up names: the brand's number written in syllables (base 20), a suffix sometimes.
    `insert into brand (id, alias, name, description, created_at, updated_at)
     select gen_random_uuid(), 'bench-' || lpad(i::text, 7, '0'), name, '', now(), now()
     from (select i, initcap((select string_agg((${sqlArray(SYLLABLES)})[1 + (i / (20 ^ k)::int) % 20], '' order by k)
             from generate_series(0, greatest(2, floor(log(20, greatest(i, 1)))::int)) as k))
           || (${sqlArray(SUFFIXES)})[1 + (i * 7) % ${SUFFIXES.length}] as name
           from generate_series(1, ${brandCount}) as i) b`,
    `insert into search_word (word) select distinct search_words_of(name) from brand where alias like 'bench-%' on conflict do nothing`,
  ]);
  await step('users', [
    `insert into app_user (id, subject, username, created_at, updated_at)
     select gen_random_uuid(), 'bench-' || i, 'bench_' || i, now(), now() from generate_series(1, ${userCount}) as i`,
  ]);
  // Ingredient lists: variants of the demo catalog's (entries after the first dropped at 15 %, up to
  // four inserted from the most common), with their text, flags and notable-ingredients vector.
  await step('ingredient lists', [
    `create unlogged table bench_template as
     select row_number() over (order by id) as t, ingredient_ids, category_id from product
     where status = 'published' and alias not like 'bench-%' and category_id is not null and cardinality(ingredient_ids) > 2`,
    `create unlogged table bench_common as
     select row_number() over (order by count(*) desc, id) as k, id from (select unnest(ingredient_ids) as id from bench_template) x group by id`,
    `create unlogged table bench_list as
     select v, t.category_id, ids from (
       select v, 1 + (hashint4(v) & 2147483647) % (select count(*) from bench_template) as t from generate_series(1, ${listVariants}) as v
     ) x join bench_template t using (t),
     lateral (select array(select id from (
         select id, ord::float8 as ord from unnest(t.ingredient_ids) with ordinality as e(id, ord) where ord = 1 or random() > 0.15
         union all
         select c.id, 1.5 + r.at * cardinality(t.ingredient_ids) from (
           select 1 + floor(random() * 200)::int as k, random() as at from generate_series(1, (random() * 4)::int + 0 * v) as g) r
         join bench_common c on c.k = r.k
       ) e group by id order by min(ord)) as ids) l`,
    `alter table bench_list add column list text, add column flags text[], add column notable tsvector`,
    `update bench_list l set list = x.list, flags = x.flags from (
       select l.v, string_agg(i.name, ', ' order by e.ord) as list,
         array(select distinct f from unnest(l.ids) as y(id) join ingredient j on j.id = y.id::uuid, unnest(j.flags) as f order by f) as flags
       from bench_list l, unnest(l.ids) with ordinality as e(id, ord) join ingredient i on i.id = e.id::uuid group by l.v, l.ids) x where x.v = l.v`,
    // As search_product_document writes the D part (an empty description, then the notable ingredients).
    `update bench_list set notable = setweight(to_tsvector('english', search_fold(' ' || coalesce(search_notable_ingredients(ids, list), ''))), 'D')`,
    `create index on bench_list (v)`,
  ]);
  await step('products', [
    ...indexes
      .filter((i) => /^product_/.test(i.indexname) && !/^product_(search|favorite)_/.test(i.indexname))
      .map((i) => `drop index "${i.indexname}"`),
    `select setseed(0.30)`,
    // Brands by a skewed draw (a few big ones, a long tail): the brand number is brandCount^(u^3).
    `create unlogged table bench_product as
     select n, gen_random_uuid() as id,
       greatest(1, least(${brandCount}, floor(power(${brandCount}::float8, power(random(), 1.6)))))::int as brand_n,
       1 + floor(random() * ${listVariants})::int as v,
       (${sqlArray(DESCRIPTORS)})[1 + floor(random() * ${DESCRIPTORS.length})::int] as descriptor,
       case when random() < 0.35 then (${sqlArray(ACTIVES)})[1 + floor(random() * ${ACTIVES.length})::int] || ' ' else '' end as active,
       case when random() < 0.3 then (${sqlArray(TEXTURES)})[1 + floor(random() * ${TEXTURES.length})::int] || ' ' else '' end as texture,
       now() - random() * interval '730 days' as created_at
     from generate_series(1, ${target}) as n`,
    `insert into product (id, alias, name, brand_id, category_id, description, barcode, ingredient_list, ingredient_ids, flags, status, published_at, created_at, updated_at)
     select bp.id, 'bench-' || bp.n, b.name || ' ' || bp.descriptor || ' ' || bp.active
         || case when kind ilike texture || '%' or kind ilike '%' || trim(texture) then '' else texture end || kind,
       b.id, l.category_id, '', case when bp.n % 3 = 0 then '29' || lpad(bp.n::text, 10, '0') end, l.list, l.ids, l.flags, 'published', bp.created_at, bp.created_at, bp.created_at
     from bench_product bp join brand b on b.alias = 'bench-' || lpad(bp.brand_n::text, 7, '0') join bench_list l on l.v = bp.v
       join lateral (select initcap(regexp_replace(regexp_replace(regexp_replace(regexp_replace(c.name, ' and .*$', ''), '(ch|sh|ss|x)es$', '\\1'), 'ies$', 'y'), 's$', '')) as kind
                     from product_category c where c.id = l.category_id) k on true`,
  ]);
  // The entries of each list (issue 42): the free-from filters read them (a product whose list is not read
  // whole is not known to be free of anything), so free-from queries answer real products at scale. The
  // entries' flags are the ingredients' own (the analysis's dose-aware reading is not run here); products
  // share their lists from the pool above.
  // (Their indexes, product_ingredient_*, went with the products step's product_* ones.)
  await step('ingredient entries', [
    `insert into product_ingredient (id, product_id, position, input, ingredient_id, match, flags)
     select gen_random_uuid(), bp.id, e.ord, i.name, i.id, 'exact', i.flags
     from bench_product bp join bench_list l on l.v = bp.v, unnest(l.ids) with ordinality as e(id, ord)
       join ingredient i on i.id = e.id::uuid`,
  ]);
  await step('favourites', [
    ...indexes.filter((i) => /^product_favorite_/.test(i.indexname)).map((i) => `drop index "${i.indexname}"`),
    `create unlogged table bench_user as select row_number() over (order by id) as u, id from app_user where subject like 'bench-%'`,
    `create index on bench_product (n)`,
    // Skewed: product number ~ N·u^4 (a few products have hundreds of favourites, most none).
    `insert into product_favorite (id, user_id, product_id, created_at)
     select gen_random_uuid(), u.id, p.id, now() - random() * interval '365 days'
     from (select distinct 1 + floor(random() * ${userCount})::int as u, 1 + floor(${target} * power(random(), 4))::int as n
           from generate_series(1, ${favouriteCount})) f
       join bench_user u using (u) join bench_product p using (n)
     on conflict do nothing`,
  ]);
  await step('search documents', [
    ...indexes.filter((i) => /^product_search_/.test(i.indexname)).map((i) => `drop index "${i.indexname}"`),
    // ONE statement: search_product_document's vector, the brand's and category's parts built once each.
    `insert into product_search (product_id, document, popularity)
     select p.id, setweight(search_field(p.name), 'A') || bv.doc || coalesce(cv.doc, '') || l.notable, coalesce(f.n, 0)
     from product p join bench_product bp on bp.id = p.id join bench_list l on l.v = bp.v
       join (select id, setweight(search_field(name), 'B') as doc from brand where alias like 'bench-%') bv on bv.id = p.brand_id
       left join (select id, setweight(search_field(name), 'C') as doc from product_category) cv on cv.id = p.category_id
       left join (select product_id, count(*)::int as n from product_favorite group by product_id) f on f.product_id = p.id`,
    `insert into search_word (word)
     select distinct search_words_of(w) from (select distinct descriptor || ' ' || active || texture as w from bench_product) x on conflict do nothing`,
  ]);
  const t = Date.now();
  for (const i of indexes) await em.execute(i.indexdef);
  console.log(`  indexes (${indexes.length}): ${((Date.now() - t) / 1000).toFixed(1)} s (${elapsed()})`);
  for (const table of ['bench_template', 'bench_common', 'bench_list', 'bench_user', 'bench_product'])
    await em.execute(`drop table ${table}`);
}
// As after any bulk load (autovacuum would, minutes later; it is off on some servers and PGlite has
// none): statistics, the visibility map, and the GIN indexes' pending lists merged. A GIN index
// filled through its pending list and never vacuumed has no statistics in its metapage and is
// scanned list and all: the planner then read all 36,000 words of search_word for each typo (80 ms)
// instead of its trigram index (0.3 ms).
const vacuumed = Date.now();
for (const table of [
  'product',
  'product_search',
  'product_favorite',
  'product_ingredient',
  'brand',
  'search_word',
  'ingredient_search',
])
  await em.execute(`vacuum analyze ${table}`);
console.log(`  vacuum analyze: ${((Date.now() - vacuumed) / 1000).toFixed(1)} s (${elapsed()})`);

// The documents are the ones the triggers would have written.
const differing = (
  await em.execute<Array<{ n: number }>>(
    `select count(*)::int as n from (select p.id, p.name, p.brand_id, p.category_id, p.description, p.ingredient_ids, p.ingredient_list from product p
     where p.alias like 'bench-%' order by p.alias limit 200) p
   join product_search s on s.product_id = p.id join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id
   where s.document is distinct from search_product_document(p.name, b.name, c.name, p.description, p.ingredient_ids, p.ingredient_list)`,
  )
)[0].n;
if (differing) throw new Error(`${differing} of 200 sampled documents differ from search_product_document's`);
const [counts] = await em.execute<Array<{ products: number; cream: number; favourites: number }>>(
  `select (select count(*)::int from product where status = 'published') as products,
     (select count(*)::int from product_search where document @@ to_tsquery('english', 'cream')) as cream,
     (select count(*)::int from product_favorite) as favourites`,
);
console.log(
  `done in ${elapsed()}: ${counts.products} published products ("cream" in ${counts.cream}), ${counts.favourites} favourites`,
);
await orm.close();
