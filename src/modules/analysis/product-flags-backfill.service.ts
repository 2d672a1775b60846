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

/**
 * Re-reads the flags of every product with the current reading (product-flags.ts, PRODUCT_FLAG_READING): products
 * stored before their flags were the analysis's, or read by an older reading. A batch at a time in id order (keyset:
 * each batch one index range, whatever the catalog's size), each batch one transaction that also moves the cursor in
 * `product_flag_reading`: a start cut short goes on from the last product done, and once every product is read the
 * row says so, and later starts read that one row. What the parser saw of an entry that the stored rows did not keep
 * before (a drug-facts active, a kit's part, a nano marker) is taken from the list parsed again, where it parses to
 * the same entries. Returns how many products it read.
 */
export async function backfillProductFlags(
  em: EntityManager,
  batchSize = 500,
  /** Told after each batch how many products it read (bench/product-flags-backfill.ts times them). */
  onBatch?: (products: number) => void,
): Promise<number> {
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
    const products = await em.execute<
      Array<{ id: string; ingredient_list: string; category_name: string | null; step_type: string | null }>
    >(
      `select p.id, p.ingredient_list, c.name as category_name, c.step_type from product p
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
    const entryRows: Array<{ id: string; flags: string[]; active: boolean; part: string | null; nano: boolean }> = [];
    for (const p of products) {
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
        entryRows.push({ id: rows[i].id, flags: flags.entryFlags[i], active: e.active, part: e.part, nano: e.nano });
    }
    cursor = products[products.length - 1].id;
    await em.transactional(async (tx) => {
      await tx.execute(
        // Only rows whose reading changed are written: most entries raise no flag, and a row rewritten for nothing
        // costs its indexes' updates too.
        `update product p set flags = r.flags from json_to_recordset(?::json) as r(id uuid, flags text[])
         where p.id = r.id and p.flags is distinct from r.flags`,
        [JSON.stringify(productRows)],
      );
      if (entryRows.length)
        await tx.execute(
          `update product_ingredient e set flags = r.flags, active = r.active, part = r.part, nano = r.nano
           from json_to_recordset(?::json) as r(id uuid, flags text[], active boolean, part text, nano boolean)
           where e.id = r.id and (e.flags, e.active, e.part, e.nano) is distinct from (r.flags, r.active, r.part, r.nano)`,
          [JSON.stringify(entryRows)],
        );
      await tx.execute(
        'update product_flag_reading set last_product_id = ?, products_read = products_read + ? where reading = ?',
        [cursor, products.length, PRODUCT_FLAG_READING],
      );
    });
    read += products.length;
    onBatch?.(products.length);
  }
}
