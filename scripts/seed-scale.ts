// A realistic synthetic catalog for scale tests, into the configured database:
//   npm run seed:scale -- --products 100000 [--brands 2000] [--seed 1]
// (until package.json has that script: node_modules/.bin/node --import ./register.mjs scripts/seed-scale.ts --products 100000)
//
// With DATABASE_URL it creates the database when it does not exist (never the test databases
// skincare_tpl_* / skincare_test_*); otherwise it writes to PGLITE_DIR. It applies migrations,
// loads the knowledge base and demo catalog when empty, then tops the catalog up to N synthetic
// products (aliases `scale-…`): running it again with the same N adds nothing.
//
// Each product is drawn from a demo product of the same category: most of its ingredients kept
// in order, some dropped, a few others inserted, drawn by how often they occur in the demo
// catalog (every knowledge-base ingredient keeps a small chance). Brands are made-up names;
// categories follow the demo catalog's distribution; a third of products carry a valid EAN-13.
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { Brand } from '../src/modules/brand/brand.entity.js';
import { Product, ProductIngredient, ProductStatus } from '../src/modules/product/product.entity.js';
import { backfillListVersions } from '../src/modules/reformulation/list-version.service.js';
import { ListVersionSource } from '../src/modules/reformulation/product-list-version.entity.js';
import { gs1CheckDigit } from '../src/modules/product/barcode.js';
import { newId, slugify } from '../src/modules/shared/ids.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { loadKnowledgeBase } from '../src/modules/ingredient/matcher.service.js';
import { productTypeOf, readProductFlags } from '../src/modules/analysis/product-flags.js';
import { DESCRIPTORS, ensureDatabase, SUFFIXES, SYLLABLES } from './synthetic-catalog.js';

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
const seed = option('seed', 1);

/** mulberry32: small, seeded, good enough for test data. */
function rng(s: number): () => number {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];

/** Draws from weights by binary search over their running sums. */
function sampler<T>(items: T[], weights: number[]): () => T {
  const sums: number[] = [];
  let total = 0;
  for (const w of weights) sums.push((total += w));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

const brandName = (): string => {
  const word = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
  return `${word[0].toUpperCase()}${word.slice(1)}${pick(SUFFIXES)}`;
};

/** "Serums" → "Serum", "Cleansers" → "Cleanser"; good enough for made-up names. */
const noun = (categoryName: string): string =>
  categoryName
    .replace(/ies$/, 'y')
    .replace(/(s)$/, '')
    .replace(/ & .*$/, '');

const config = loadConfig();
if (config.databaseUrl) await ensureDatabase(config.databaseUrl);
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const started = Date.now();
const seeded = await seedIfEmpty(orm, { demo: true });
if (seeded.seeded)
  console.log(
    `loaded the knowledge base (${seeded.ingredients} ingredients) and the demo catalog (${seeded.products} products)`,
  );
const em = orm.em.fork() as EntityManager;

const existing = Number(
  (await em.execute<Array<{ n: string }>>(`select count(*)::int as n from product where alias like 'scale-%'`))[0].n,
);
const missing = Math.max(0, target - existing);
console.log(`${existing} synthetic products present, ${missing} to add (target ${target})`);

if (missing > 0) {
  const ingredients = await em.execute<Array<{ id: string; name: string }>>('select id, name from ingredient');
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const templates = (
    await em.execute<Array<{ ingredient_ids: string[]; category_id: string | null }>>(
      `select ingredient_ids, category_id from product where status = 'published' and alias not like 'scale-%' and cardinality(ingredient_ids) > 2`,
    )
  ).filter((t) => t.category_id);
  if (!templates.length) throw new Error('No demo products to draw from: is the demo catalog loaded?');
  const categoryRows = await em.execute<Array<{ id: string; name: string; step_type: string | null }>>(
    'select id, name, step_type from product_category',
  );
  const categories = new Map(categoryRows.map((c) => [c.id, c.name]));
  // Flags as every writer stores them: the analysis's reading of the list as a product of its category.
  const productTypes = new Map(categoryRows.map((c) => [c.id, productTypeOf({ name: c.name, stepType: c.step_type })]));
  const knowledge = (await loadKnowledgeBase(em)).byId;

  // Ingredient frequencies in the demo catalog, plus a little for every known ingredient.
  const frequency = new Map<string, number>(ingredients.map((i) => [i.id, 0.05]));
  for (const t of templates) for (const id of t.ingredient_ids) frequency.set(id, (frequency.get(id) ?? 0) + 1);
  const drawIngredient = sampler([...frequency.keys()], [...frequency.values()]);
  const drawTemplate = () => pick(templates);

  // Brands: the made-up ones of earlier runs are reused, the rest created.
  const brands = await em.execute<Array<{ id: string; name: string; alias: string }>>(
    `select id, name, alias from brand where alias like 'scale-%'`,
  );
  const brandRows: object[] = [];
  const aliases = new Set(brands.map((b) => b.alias));
  while (brands.length < brandCount) {
    const name = brandName();
    const alias = `scale-${slugify(name)}`;
    if (aliases.has(alias)) continue;
    aliases.add(alias);
    const row = { id: newId(), alias, name, description: '', createdAt: new Date(), updatedAt: new Date() };
    brandRows.push(row);
    brands.push(row);
  }
  for (let i = 0; i < brandRows.length; i += 1000) await em.insertMany(Brand, brandRows.slice(i, i + 1000) as never);
  const drawBrand = sampler(
    brands,
    brands.map((_, i) => 1 / (1 + i / 50)),
  ); // a few big brands, a long tail

  const now = Date.now();
  const CHUNK = 2000;
  for (let done = 0; done < missing; done += CHUNK) {
    const products: object[] = [];
    const entries: object[] = [];
    for (let k = 0; k < Math.min(CHUNK, missing - done); k++) {
      const n = existing + done + k;
      const template = drawTemplate();
      const list: string[] = [];
      for (const id of template.ingredient_ids) {
        if (list.length > 0 && random() < 0.15) continue; // dropped (the first ingredient stays: usually water)
        list.push(id);
      }
      const extra = Math.floor(random() * 5);
      for (let e = 0; e < extra; e++) list.splice(1 + Math.floor(random() * list.length), 0, drawIngredient());
      const ingredientIds = [...new Set(list)];
      const brand = drawBrand();
      const name = `${pick(DESCRIPTORS)} ${noun(categories.get(template.category_id!) ?? 'Product')} ${n.toString(36).toUpperCase()}`;
      const id = newId();
      const read = readProductFlags(
        ingredientIds.map((ingredientId, position) => ({
          position: position + 1,
          input: byId.get(ingredientId)?.name ?? ingredientId,
          concentration: null,
          mayContain: false,
          ingredientId,
        })),
        (ingredientId) => knowledge.get(ingredientId),
        productTypes.get(template.category_id!) ?? null,
      );
      const createdAt = new Date(now - Math.floor(random() * 730) * 86_400_000);
      const body = `29${String(n).padStart(10, '0')}`;
      products.push({
        id,
        alias: `scale-${slugify(`${brand.name} ${name}`)}`.slice(0, 120),
        name: `${brand.name} ${name}`,
        brand: brand.id,
        category: template.category_id,
        description: '',
        barcode: n % 3 === 0 ? `${body}${gs1CheckDigit(body)}` : null,
        ingredientList: ingredientIds.map((i) => byId.get(i)?.name ?? '').join(', '),
        ingredientIds,
        flags: read.flags,
        status: ProductStatus.published,
        publishedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
      ingredientIds.forEach((ingredientId, position) => {
        entries.push({
          id: newId(),
          product: id,
          position: position + 1,
          input: byId.get(ingredientId)?.name ?? ingredientId,
          ingredient: ingredientId,
          match: 'exact',
          concentration: null,
          mayContain: false,
          flags: read.entryFlags[position],
        });
      });
    }
    await em.transactional(async (tx) => {
      for (let i = 0; i < products.length; i += 1000)
        await tx.insertMany(Product, products.slice(i, i + 1000) as never);
      for (let i = 0; i < entries.length; i += 5000)
        await tx.insertMany(ProductIngredient, entries.slice(i, i + 5000) as never);
    });
    em.clear();
    const total = done + products.length;
    if (total % 10_000 === 0 || total === missing)
      console.log(`  ${total} / ${missing} products (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await em.execute('analyze product');
  await em.execute('analyze product_ingredient');
}
// Reformulation watch: version 1 of every product that has none (one statement; a rerun adds nothing).
console.log(`list versions written: ${await backfillListVersions(em, ListVersionSource.backfill)}`);
const count = (
  await em.execute<Array<{ n: number }>>(`select count(*)::int as n from product where status = 'published'`)
)[0].n;
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${count} published products`);
await orm.close();
