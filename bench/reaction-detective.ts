// The reaction detective over a person with 50 rated products, engine and queries, on PGlite and
// on PostgreSQL; and better alternatives for the same person. Target: the detective under 20 ms
// per call. The demo catalog and community are seeded into a database of the script's own
// (PostgreSQL: skincare_bench_reactions on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432,
// created and dropped; PGlite: in memory). The 50 reactions: products with linalool mostly went
// badly, the others mostly well, with a few of each the other way (a realistic, noisy diary).
// Usage: node --import ./register.mjs bench/reaction-detective.ts [--pglite-only | --postgres-only]
import pg from 'pg';
import { createContext, type AppServices } from '../src/context.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { betterAlternatives } from '../src/modules/alternative/alternative.service.js';
import { Ingredient } from '../src/modules/ingredient/ingredient.entity.js';
import { Product, ProductStatus } from '../src/modules/product/product.entity.js';
import { ratedItems, reactionSuspects } from '../src/modules/reaction/detective.service.js';
import { investigate } from '../src/modules/reaction/engine/detective.js';
import { ProductReaction, ReactionOutcome } from '../src/modules/reaction/product-reaction.entity.js';
import { newId } from '../src/modules/shared/ids.js';
import { User, UserType } from '../src/modules/user/user.entity.js';
import { dropAllLocalProcessCaches } from '../src/modules/shared/process-caches.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const args = process.argv.slice(2);
const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'skincare_bench_reactions';
const RATED = 50;

async function time(label: string, runs: number, fn: () => Promise<unknown> | unknown): Promise<void> {
  for (let i = 0; i < 5; i++) await fn();
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(2);
  console.log(`  ${label.padEnd(52)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms  (${runs} runs)`);
}

/** A bench user with 50 reactions: its id. */
async function rate(em: EntityManager): Promise<User> {
  const user = em.create(User, {
    subject: 'bench|reactions',
    username: 'bench-reactions',
    userType: UserType.member,
    bio: '',
    email: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  } as never);
  await em.flush();
  const linalool = await em.findOneOrFail(Ingredient, { alias: 'linalool' });
  const products = await em.find(
    Product,
    { status: ProductStatus.published },
    { orderBy: { alias: 'asc' }, fields: ['id', 'ingredientIds'] },
  );
  const withIt = products.filter((p) => p.ingredientIds.includes(linalool.id)).slice(0, 15);
  const without = products.filter((p) => !p.ingredientIds.includes(linalool.id)).slice(0, RATED - withIt.length);
  const day = (i: number) => new Date(Date.now() - (i + 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = [...withIt, ...without].map((p, i) => {
    const suspect = withIt.includes(p);
    // 1 in 5 goes the other way: linalool products that were fine, others that went badly.
    const flipped = i % 5 === 4;
    const outcome =
      suspect !== flipped
        ? [ReactionOutcome.irritated, ReactionOutcome.itched, ReactionOutcome.broke_out][i % 3]
        : [ReactionOutcome.fine, ReactionOutcome.loved][i % 2];
    return {
      id: newId(),
      user: user.id,
      product: p.id,
      analysis: null,
      outcome,
      reactedOn: day(i),
      note: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
  });
  await em.insertMany(ProductReaction, rows as never);
  console.log(
    `  ${rows.length} reactions: ${withIt.length} products with linalool, ${without.length} without; ${rows.filter((r) => ['irritated', 'itched', 'broke_out'].includes(r.outcome)).length} went badly`,
  );
  return user;
}

async function run(label: string, target: { databaseUrl: string | null; pgliteDir: string }): Promise<void> {
  console.log(label);
  // The knowledge base and similarity index in memory belong to the previous database's ids.
  dropAllLocalProcessCaches();
  const orm = await openDatabase(target);
  try {
    const t = performance.now();
    await seedIfEmpty(orm, { demo: true });
    console.log(`  seeded the demo data in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const user = await rate(orm.em.fork() as EntityManager);
    // A fresh request context each call: a fresh entity manager and loaders, as a request gets.
    const ctx = () =>
      createContext(orm.em.fork() as EntityManager, user, 'bench', 'http://localhost', {} as AppServices);
    const result = await reactionSuspects(ctx());
    console.log(
      `  detective: ${result.status}; top: ${result.suspects
        .slice(0, 3)
        .map((s) => `${s.name} (${s.badWith}/${s.badTotal} bad, ${s.goodWith}/${s.goodTotal} good, ${s.confidence})`)
        .join('; ')}`,
    );
    const { items } = await ratedItems(ctx());
    await time('engine only (investigate, 50 rated products)', 500, () => investigate(items));
    await time('reactions + lists read (ratedItems)', 100, () => ratedItems(ctx()));
    await time('detective, engine + queries (reactionSuspects)', 100, () => reactionSuspects(ctx()));
    const product =
      (await reactionSuspects(ctx())).suspects[0]?.evidence.find((e) => e.product)?.product?.alias ??
      'hollyhock-hale-rosewater-toner';
    await time(`better alternatives for ${product}, limit 10`, 100, () => betterAlternatives(ctx(), product, null, 10));
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
