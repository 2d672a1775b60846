// The re-reading of products' flags (backfillProductFlags), run beside the server (startProductFlagsReread): products
// whose flags are the ingredient catalogue's (as every product was before the reading was stored) get the analysis's
// reading back, a batch at a time in id order from where the last run stopped, and a run after it finished reads one
// row. The start does not wait for it, the server answers while it runs, and a product written while its batch is
// read keeps what its writer stored.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backfillProductFlags } from '../src/modules/analysis/product-flags-backfill.service.js';
import { PRODUCT_FLAG_READING } from '../src/modules/analysis/product-flags.js';
import { startProductFlagsReread } from '../src/modules/analysis/product-flags-reread.job.js';
import { seedIfEmpty } from '../src/seeders/index.js';
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
    // Per batch: its products, their entries, and one transaction (begin, the guard's lock, three updates, commit).
    expect(totalStatements() - statementsBefore).toBeLessThanOrEqual(1 + batches * 8 + 2);
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

  it('is not waited for at start-up: a start leaves it to the job', async () => {
    const read = await stored();
    await asBeforeTheReading();
    const before = await stored();
    const result = await seedIfEmpty(t.orm, { demo: true, inventory: false });
    expect(result.seeded).toBe(false);
    // The start re-read nothing and did not mark the reading done: the job (started after listen) does both.
    expect(await stored()).toEqual(before);
    const state = await t.em().execute('select 1 from product_flag_reading where done_at is not null');
    expect(state).toHaveLength(0);
    const log = { info: () => undefined, error: (o: object) => console.error(o) };
    const job = startProductFlagsReread(t.orm, log, 64);
    expect(await job.finished).toEqual({ read: read.length, failed: false });
    expect(await stored()).toEqual(read);
  }, 300_000);

  it('answers /health while it runs, between its batches and within them', async () => {
    const read = await stored();
    await asBeforeTheReading();
    const errors: object[] = [];
    const job = startProductFlagsReread(t.orm, { info: () => undefined, error: (o) => errors.push(o) }, 200);
    let done = false;
    void job.finished.then(() => {
      done = true;
    });
    let answeredWhileRunning = 0;
    // A request arrives as I/O (a timer here): an injected one alone resolves in microtasks, ahead of any job.
    for (let i = 0; !done && i < 10_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      const health = await t.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      if (!done) answeredWhileRunning += 1;
    }
    expect(errors).toEqual([]);
    // With batches of 200 over about 350 products: two batches, each yielding every few products.
    expect(answeredWhileRunning).toBeGreaterThan(2);
    expect(await stored()).toEqual(read);
  }, 300_000);

  it('never overwrites a product written while its batch was read with the older reading', async () => {
    const read = await stored();
    await asBeforeTheReading();
    // A writer stores its own reading of one product of the first batch and of one of the second, after the batch
    // was read and before it is written (the writer's marker flag stands for whatever it stored).
    const edited = [read[10].id, read[150].id];
    const job = startProductFlagsReread(t.orm, { info: () => undefined, error: (o) => console.error(o) }, 100, {
      beforeWrite: async (ids) => {
        const mine = edited.filter((id) => ids.includes(id));
        if (!mine.length) return;
        await t
          .em()
          .execute(
            `update product set flags = '{written-meanwhile}', updated_at = now() where id in (${mine.map(() => '?').join(', ')})`,
            mine,
          );
        await t
          .em()
          .execute(
            `update product_ingredient set flags = '{written-meanwhile}' where product_id in (${mine.map(() => '?').join(', ')})`,
            mine,
          );
      },
    });
    expect((await job.finished).failed).toBe(false);
    const after = await stored();
    for (const [i, p] of after.entries()) {
      if (edited.includes(p.id)) {
        expect(p.flags).toEqual(['written-meanwhile']);
        for (const e of p.entries) expect(e.flags).toEqual(['written-meanwhile']);
      } else expect(p).toEqual(read[i]);
    }
    // Put back for the files after this one.
    await t.em().execute('delete from product_flag_reading');
    await t.em().execute(`update product set updated_at = updated_at, flags = '{}' where id in (?, ?)`, edited);
    expect(await backfillProductFlags(t.em())).toBe(read.length);
  }, 300_000);
});
