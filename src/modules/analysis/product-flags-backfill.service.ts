import { setImmediate as turn } from 'node:timers/promises';
import type { EntityManager } from '../../db.js';
import { analyzeIngredientList } from './engine/analyze.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { PRODUCT_FLAG_READING, productTypeOf, readProductFlags } from './product-flags.js';

interface EntryRow {
  id: string;
  product_id: string;
  position: number;
  input: string;
  concentration: string | null;
  may_contain: boolean;
  ingredient_id: string | null;
}

/** Products read between two turns of the event loop: about 90 ms of CPU, so that requests are answered meanwhile. */
const PRODUCTS_PER_TURN = 25;

export interface BackfillOptions {
  /** Told after each batch how many products it read (bench/product-flags-backfill.ts times them). */
  onBatch?: (products: number) => void;
  /** Between reading a batch and writing it (tests edit a product there to show the guard). */
  beforeWrite?: (productIds: string[]) => Promise<void>;
  /** Asked before each batch: true stops the run after the batch in hand (the server is shutting down). */
  stopped?: () => boolean;
}

/**
 * Re-reads the flags of every product with the current reading (product-flags.ts, PRODUCT_FLAG_READING): products
 * stored before their flags were the analysis's, or read by an older reading. A batch at a time in id order (keyset:
 * each batch one index range, whatever the catalog's size), each batch one transaction that also moves the cursor in
 * `product_flag_reading`: a run cut short goes on from the last product done, and once every product is read the
 * row says so, and later runs read that one row. What the parser saw of an entry that the stored rows did not keep
 * before (a drug-facts active, a kit's part, a nano marker) is taken from the list parsed again, where it parses to
 * the same entries. It runs beside requests (product-flags-reread.job.ts), so a product written while its batch is
 * read keeps what its writer stored: the batch's transaction locks the products whose `updated_at` is still the one
 * read and writes those alone (every writer of a list stores its reading itself). Returns how many products it read.
 */
export async function backfillProductFlags(
  em: EntityManager,
  batchSize = 500,
  onBatchOrOptions?: ((products: number) => void) | BackfillOptions,
): Promise<number> {
  const options: BackfillOptions =
    typeof onBatchOrOptions === 'function' ? { onBatch: onBatchOrOptions } : (onBatchOrOptions ?? {});
  const [state] = await em.execute<Array<{ last_product_id: string | null; done_at: Date | null }>>(
    'select last_product_id, done_at from product_flag_reading where reading = ?',
    [PRODUCT_FLAG_READING],
  );
  if (state?.done_at) return 0;
  if (!state)
    await em.execute('insert into product_flag_reading (reading) values (?) on conflict do nothing', [
      PRODUCT_FLAG_READING,
    ]);
  let cursor = state?.last_product_id ?? null;
  let read = 0;
  let knowledge: Awaited<ReturnType<typeof loadKnowledgeBase>> | null = null;
  for (;;) {
    if (options.stopped?.()) return read;
    const products = await em.execute<
      Array<{
        id: string;
        ingredient_list: string;
        category_name: string | null;
        step_type: string | null;
        version: string;
      }>
    >(
      // The version as text: a JavaScript Date would drop the microseconds the comparison needs.
      `select p.id, p.ingredient_list, c.name as category_name, c.step_type, p.updated_at::text as version from product p
         left join product_category c on c.id = p.category_id
       where ${cursor ? 'p.id > ?' : 'true'} order by p.id limit ?`,
      cursor ? [cursor, batchSize] : [batchSize],
    );
    if (!products.length) {
      await em.execute('update product_flag_reading set done_at = now() where reading = ?', [PRODUCT_FLAG_READING]);
      return read;
    }
    knowledge ??= await loadKnowledgeBase(em);
    const { byId, matcher } = knowledge;
    const entries = await em.execute<EntryRow[]>(
      `select id, product_id, position, input, concentration, may_contain, ingredient_id from product_ingredient
       where product_id in (${products.map(() => '?').join(', ')}) order by product_id, position`,
      products.map((p) => p.id),
    );
    const byProduct = new Map<string, EntryRow[]>(products.map((p) => [p.id, []]));
    for (const e of entries) byProduct.get(e.product_id)!.push(e);
    const productRows: Array<{ id: string; flags: string[] }> = [];
    const entryRows: Array<{
      id: string;
      productId: string;
      flags: string[];
      active: boolean;
      part: string | null;
      nano: boolean;
    }> = [];
    for (const [n, p] of products.entries()) {
      if (n && n % PRODUCTS_PER_TURN === 0) await turn();
      const rows = byProduct.get(p.id)!;
      const parsed = analyzeIngredientList(p.ingredient_list, matcher).entries;
      const same =
        parsed.length === rows.length &&
        parsed.every((e, i) => e.position === rows[i].position && e.input === rows[i].input);
      const readable = rows.map((r, i) => ({
        position: r.position,
        input: r.input,
        concentration: r.concentration,
        mayContain: r.may_contain,
        ingredientId: r.ingredient_id,
        active: same ? parsed[i].active : false,
        part: same ? parsed[i].part : null,
        nano: same ? parsed[i].nano : false,
      }));
      const flags = readProductFlags(
        readable,
        (id) => byId.get(id),
        productTypeOf(p.category_name ? { name: p.category_name, stepType: p.step_type } : null),
      );
      productRows.push({ id: p.id, flags: flags.flags });
      for (const [i, e] of readable.entries())
        entryRows.push({
          id: rows[i].id,
          productId: p.id,
          flags: flags.entryFlags[i],
          active: e.active,
          part: e.part,
          nano: e.nano,
        });
    }
    cursor = products[products.length - 1].id;
    await options.beforeWrite?.(products.map((p) => p.id));
    await em.transactional(async (tx) => {
      // The products not written since they were read, locked until the batch commits: a writer that changed one in
      // the meantime stored its own reading (newer than this one), and one that comes now waits for the batch.
      const unchanged = await tx.execute<Array<{ id: string }>>(
        `select p.id from product p join json_to_recordset(?::json) as r(id uuid, version timestamptz)
           on p.id = r.id and p.updated_at = r.version
         order by p.id for update of p`,
        [JSON.stringify(products.map((p) => ({ id: p.id, version: p.version })))],
      );
      const kept = new Set(unchanged.map((r) => r.id));
      await tx.execute(
        // Only rows whose reading changed are written: most entries raise no flag, and a row rewritten for nothing
        // costs its indexes' updates too. `updated_at` stays: the flags are derived, and the catalog importer reads
        // an unchanged `updated_at` as "nobody here edited it".
        `update product p set flags = r.flags from json_to_recordset(?::json) as r(id uuid, flags text[])
         where p.id = r.id and p.flags is distinct from r.flags`,
        [JSON.stringify(productRows.filter((r) => kept.has(r.id)))],
      );
      const entries = entryRows.filter((r) => kept.has(r.productId));
      if (entries.length)
        await tx.execute(
          `update product_ingredient e set flags = r.flags, active = r.active, part = r.part, nano = r.nano
           from json_to_recordset(?::json) as r(id uuid, flags text[], active boolean, part text, nano boolean)
           where e.id = r.id and (e.flags, e.active, e.part, e.nano) is distinct from (r.flags, r.active, r.part, r.nano)`,
          [JSON.stringify(entries.map(({ productId: _, ...row }) => row))],
        );
      await tx.execute(
        // Forward only: two instances started together may run it at once; the later batch never moves it back.
        `update product_flag_reading set last_product_id = greatest(coalesce(last_product_id, ?), ?),
           products_read = products_read + ? where reading = ?`,
        [cursor, cursor, products.length, PRODUCT_FLAG_READING],
      );
    });
    read += products.length;
    options.onBatch?.(products.length);
  }
}

/**
 * On a database with no product yet (a first start, before the demo catalog is seeded), the current reading is done:
 * every writer stores it. Saves the first start's background run re-reading the catalog it has just written.
 */
export async function markProductFlagsReadWhenEmpty(em: EntityManager): Promise<void> {
  const [state] = await em.execute<Array<{ done: boolean }>>(
    'select done_at is not null as done from product_flag_reading where reading = ?',
    [PRODUCT_FLAG_READING],
  );
  if (state?.done) return;
  await em.execute(
    `insert into product_flag_reading (reading, done_at) select ?, now() where not exists (select 1 from product)
     on conflict (reading) do update set done_at = now() where not exists (select 1 from product)`,
    [PRODUCT_FLAG_READING],
  );
}
