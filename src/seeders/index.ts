import type { EntityManager, Orm } from '../db.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { seedDemoCatalog } from './demo-catalog.js';
import { seedDemoCommunity } from './demo-community.js';
import { seedDemoReactions } from './demo-reactions.js';
import { seedKnowledgeBase } from './knowledge-base.js';
import { seedInventory, seedInventoryIfMissing } from './inventory.js';
import { seedDemoReformulations } from './demo-reformulation.js';
import { backfillAnalysisReadings } from '../modules/analysis/analysis-backfill.service.js';
import { backfillListVersions } from '../modules/reformulation/list-version.service.js';
import { ListVersionSource } from '../modules/reformulation/product-list-version.entity.js';

/**
 * On an empty database: the ingredient knowledge base (curated, then the EU inventory's other names),
 * then the demo catalog and community. On a database seeded before the inventory shipped: the inventory. One
 * transaction, under a transaction-level advisory lock: of processes seeding one database at once
 * (instances starting together, an import beside them) one seeds, the others then find it seeded.
 */
export async function seedIfEmpty(
  orm: Orm,
  /** `inventory: false` leaves the EU inventory out (the test snapshot: tests that need it seed it). */
  options: { demo: boolean; inventory?: boolean },
): Promise<{ seeded: boolean; ingredients: number; inventory: number; products: number }> {
  const em = orm.em.fork() as EntityManager;
  // Analyses stored before their reading was kept get it now, before anyone reads one back.
  await backfillAnalysisReadings(em);
  const seededBefore = async () => ({
    seeded: false,
    ingredients: 0,
    inventory: options.inventory === false ? 0 : await seedInventoryIfMissing(orm),
    products: 0,
  });
  if ((await em.count(Ingredient, {})) > 0) return seededBefore();
  const result = await em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('skincare:seed'))`);
    if ((await tx.count(Ingredient, {})) > 0) return null;
    const ingredients = await seedKnowledgeBase(tx);
    // Before the demo catalog: its lists are matched against the whole base.
    const inventory = options.inventory === false ? 0 : await seedInventory(tx);
    const { products } = options.demo ? await seedDemoCatalog(tx) : { products: 0 };
    if (options.demo) await seedDemoCommunity(tx);
    // Reformulation watch: version 1 of every demo product, then the reformulated demo product.
    if (options.demo) await backfillListVersions(tx, ListVersionSource.product_created);
    if (options.demo) await seedDemoReformulations(tx);
    // Demo reactions for the reaction detective.
    if (options.demo) await seedDemoReactions(tx);
    return { seeded: true, ingredients, inventory, products };
  });
  return result ?? seededBefore();
}
