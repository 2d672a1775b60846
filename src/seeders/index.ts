import type { EntityManager, Orm } from '../db.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { silentProgress, type StartProgress } from '../platform/start-progress.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoCommunity } from './demo-community.js';
import { seedDemoReactions } from './demo-reactions.js';
import { seedDemoShelves } from './demo-shelves.js';
import { seedKnowledgeBase } from './knowledge-base.js';
import { seedInventory, seedInventoryIfMissing } from './inventory.js';
import { seedDemoReformulations } from './demo-reformulation.js';
import { backfillAnalysisReadings } from '../modules/analysis/analysis-backfill.service.js';
import { markProductFlagsReadWhenEmpty } from '../modules/analysis/product-flags-backfill.service.js';
import { backfillListVersions } from '../modules/reformulation/list-version.service.js';
import { ListVersionSource } from '../modules/reformulation/product-list-version.entity.js';

export interface SeedOptions {
  demo: boolean;
  /** `false` leaves the EU inventory out (the test snapshot: tests that need it seed it). */
  inventory?: boolean;
  /** Where the stages are reported (the server's start prints them; scripts and tests say nothing). */
  progress?: StartProgress;
}

/**
 * Runs `work` (a bulk load into nearly empty tables) with the non-unique indexes of the schema dropped,
 * then builds them again from their own definitions. Keeping a GIN index (trigram, full-text) current row
 * by row costs several times building it once: the EU inventory's 29,000 names took 25 s of CPU with them
 * and 7 without. Unique indexes stay (they decide conflicts). In the seeding transaction: all or nothing.
 */
export async function withIndexesBuiltAfter<T>(tx: EntityManager, work: () => Promise<T>): Promise<T> {
  const indexes = await tx.execute<Array<{ name: string; definition: string }>>(
    `select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
     from pg_index x join pg_class c on c.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and not x.indisunique and not x.indisprimary
       and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
  );
  for (const index of indexes) await tx.execute(`drop index "${index.name}"`);
  const result = await work();
  for (const index of indexes) await tx.execute(index.definition);
  return result;
}

/**
 * On an empty database: the ingredient knowledge base (curated, then the EU inventory's other names),
 * then the demo catalog and community. On a database seeded before the inventory shipped: the inventory. One
 * transaction, under a transaction-level advisory lock: of processes seeding one database at once
 * (instances starting together, an import beside them) one seeds, the others then find it seeded.
 */
export async function seedIfEmpty(
  orm: Orm,
  options: SeedOptions,
): Promise<{ seeded: boolean; ingredients: number; inventory: number; products: number }> {
  const progress = options.progress ?? silentProgress;
  const em = orm.em.fork() as EntityManager;
  // Analyses stored before their reading was kept get it now, before anyone reads one back.
  await backfillAnalysisReadings(em);
  // Products stored before their flags were the analysis's reading (or by an older reading) are read again by a job
  // beside the server (analysis/product-flags-reread.job.ts, started by server.ts): the start does not wait for it.
  // An empty database has nothing to re-read: the catalog seeded now is written with the current reading.
  await markProductFlagsReadWhenEmpty(em);
  const seededBefore = async () => ({
    seeded: false,
    ingredients: 0,
    inventory:
      options.inventory === false
        ? 0
        : await progress.stage('loading the EU inventory', () => seedInventoryIfMissing(orm)),
    products: 0,
  });
  if ((await em.count(Ingredient, {})) > 0) return seededBefore();
  const result = await em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('skincare:seed'))`);
    if ((await tx.count(Ingredient, {})) > 0) return null;
    return withIndexesBuiltAfter(tx, async () => {
      const ingredients = await progress.stage('the knowledge base', () => seedKnowledgeBase(tx));
      // Before the demo catalog: its lists are matched against the whole base.
      const inventory =
        options.inventory === false
          ? 0
          : await progress.stage('the EU inventory (29,000 names)', () => seedInventory(tx));
      if (!options.demo) return { seeded: true, ingredients, inventory, products: 0 };
      const { products } = await progress.stage('the demo catalog', () => seedDemoCatalog(tx));
      // What the catalog's writes left in the transaction's identity map: each flush of the community's
      // services would walk it again.
      tx.clear();
      await progress.stage('the demo community', async () => {
        await seedDemoCommunity(tx);
        // Reformulation watch: version 1 of every demo product, then the reformulated demo product.
        await backfillListVersions(tx, ListVersionSource.product_created);
        tx.clear();
        await seedDemoReformulations(tx);
        // Demo reactions for the reaction detective.
        await seedDemoReactions(tx);
        // Demo shelves: what each member owns, for the routine planner.
        await seedDemoShelves(tx);
      });
      return { seeded: true, ingredients, inventory, products };
    });
  });
  return result ?? seededBefore();
}
