// The start-up re-reading of products' flags (backfillProductFlags): products whose flags are the ingredient
// catalogue's (as every product was before the reading was stored) get the analysis's reading back, a batch at a
// time in id order from where the last run stopped, and a start after it finished reads one row.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backfillProductFlags } from '../src/modules/analysis/product-flags-backfill.service.js';
import { PRODUCT_FLAG_READING } from '../src/modules/analysis/product-flags.js';
import { totalStatements } from '../src/sql-statements.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Stored {
  id: string;
  flags: string[];
  entries: Array<{ flags: string[]; active: boolean; part: string | null; nano: boolean }>;
}

async function stored(): Promise<Stored[]> {
  return t.em().execute<Stored[]>(
    `select p.id, p.flags, coalesce((select json_agg(json_build_object('flags', e.flags, 'active', e.active,
       'part', e.part, 'nano', e.nano) order by e.position) from product_ingredient e where e.product_id = p.id),
       '[]'::json) as entries
     from product p order by p.id`,
  );
}

/** Every product as stored before the reading was: the catalogue's flags, nothing kept on its entries. */
async function asBeforeTheReading(): Promise<void> {
  const em = t.em();
  await em.execute(
    `update product p set flags = coalesce((select array_agg(distinct f order by f) from unnest(p.ingredient_ids) as i(id)
       join ingredient g on g.id = i.id::uuid, unnest(g.flags) as f), '{}')`,
  );
  await em.execute(`update product_ingredient set flags = '{}', active = false, part = null, nano = false`);
  await em.execute('delete from product_flag_reading');
}

describe('backfillProductFlags', () => {
  it('reads every product again, resumes from its cursor, and then costs one statement a start', async () => {
    const read = await stored();
    expect(read.length).toBeGreaterThan(300);
    await asBeforeTheReading();
    const before = await stored();
    const differing = read.filter((p, i) => JSON.stringify(p.flags) !== JSON.stringify(before[i].flags));
    expect(differing.length).toBeGreaterThan(10);

    // A run cut short after the first 100 products: the next one goes on from the 100th.
    const cutAt = read[99].id;
    await t
      .em()
      .execute('insert into product_flag_reading (reading, last_product_id, products_read) values (?, ?, 100)', [
        PRODUCT_FLAG_READING,
        cutAt,
      ]);
    const em = t.em();
    const statementsBefore = totalStatements();
    expect(await backfillProductFlags(em, 64)).toBe(read.length - 100);
    const batches = Math.ceil((read.length - 100) / 64);
    // Per batch: its products, their entries, and one transaction of three updates (with begin and commit).
    expect(totalStatements() - statementsBefore).toBeLessThanOrEqual(1 + batches * 7 + 2);
    const after = await stored();
    // Those before the cursor were not read again (a resumed run does not start over)...
    expect(after.slice(0, 100)).toEqual(before.slice(0, 100));
    // ...and every one after it holds the reading the product's writers store.
    expect(after.slice(100)).toEqual(read.slice(100));
    const [state] = await t
      .em()
      .execute<Array<{ products_read: string; done_at: Date | null }>>(
        'select products_read, done_at from product_flag_reading where reading = ?',
        [PRODUCT_FLAG_READING],
      );
    expect(Number(state.products_read)).toBe(read.length);
    expect(state.done_at).not.toBeNull();

    // Done: a start reads the marker and nothing else.
    const again = totalStatements();
    expect(await backfillProductFlags(t.em())).toBe(0);
    expect(totalStatements() - again).toBe(1);

    // A new reading (or a database from before it) reads them all, from the first.
    await t.em().execute('delete from product_flag_reading');
    expect(await backfillProductFlags(t.em(), 500)).toBe(read.length);
    expect(await stored()).toEqual(read);
  }, 300_000);
});
