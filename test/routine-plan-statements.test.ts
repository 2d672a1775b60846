// How many SQL statements planning sends (issue 41: at most 10 for the planning reads whatever the shelf, up to 60,
// and the catalog), counted from the SQL log. Not counted, as the issue says: authentication, the transaction's
// own statements, the stored plan's insert and the pruning of old plans. Shelves of 2 and 40 products, listed and
// stored, buying and shelf-only, with reactions on record so the detective reads its lists too.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ShelfItem, ShelfItemStatus } from '../src/modules/shelf/shelf-item.entity.js';
import { newId } from '../src/modules/shared/ids.js';
import { testAppWithSqlLog } from './helpers/app.js';
import { PERSONA_SHELF } from './helpers/plan-service.js';

const logged = testAppWithSqlLog();
const { lines } = logged;
let aliases: string[] = [];
let small: string;
let large: string;

const NOT_PLANNING = [
  // The caller's row (authentication).
  /^\[query\] select u\."id" as "id", u\."created_at" as "created_at", u\."updated_at" as "updated_at", u\."subject"/,
  /^\[query\] (begin|commit|rollback|savepoint|release)/i,
  /insert into "routine_plan"/i,
  /delete from routine_plan/i,
  /idempotency_record/i,
];

async function planningStatements(run: () => Promise<{ statusCode: number }>, status: number): Promise<string[]> {
  lines.length = 0;
  const r = await run();
  expect(r.statusCode).toBe(status);
  return lines.filter((l) => l.startsWith('[query]') && !NOT_PLANNING.some((p) => p.test(l)));
}

beforeAll(async () => {
  const t = logged.app;
  aliases = (
    await t
      .em()
      .execute<Array<{ alias: string }>>(`select alias from product where status = 'published' order by alias limit 40`)
  ).map((r) => r.alias);
  small = await t.tokenFor('count-small');
  large = await t.tokenFor('count-large');
  for (const [username, list] of [
    ['count-small', PERSONA_SHELF.map((s) => s.product).slice(0, 2)],
    ['count-large', aliases],
  ] as const) {
    const user = await t.user(username);
    const ids = await t
      .em()
      .execute<Array<{ id: string }>>(`select id from product where alias in (${list.map(() => '?').join(', ')})`, [
        ...list,
      ]);
    const em = t.em();
    for (const { id } of ids)
      em.create(ShelfItem, { id: newId(), owner: user.id, product: id, status: ShelfItemStatus.in_use } as never);
    await em.flush();
    // Two reactions: the detective reads the reactions and their products' lists.
    for (const [alias, outcome] of [
      [list[0], 'irritated'],
      [list[1], 'fine'],
    ])
      expect(
        (
          await t.inject({
            method: 'POST',
            url: '/my/reactions',
            payload: { product: alias, outcome },
            token: username === 'count-small' ? small : large,
          })
        ).statusCode,
      ).toBe(201);
  }
  // Warm the process caches (knowledge base, categories) once.
  await t.inject({
    method: 'POST',
    url: '/routine_plans/preview',
    payload: { steps: { morning_max: 2, evening_max: 2 } },
  });
});

const body = (extra: Record<string, unknown>) => ({
  steps: { morning_max: 3, evening_max: 4 },
  goals: ['acne', 'hyperpigmentation'],
  budget: { amount: 50, currency: 'EUR' },
  ...extra,
});

describe('planning reads a fixed number of statements', () => {
  it('preview: the same count for 2 and 40 listed products, at most 10, buying or shelf-only', async () => {
    const t = logged.app;
    const counts: number[] = [];
    for (const shelf of [aliases.slice(0, 2), aliases]) {
      for (const extra of [{}, { buy: 'shelf_only', budget: undefined }]) {
        const sent = await planningStatements(
          () =>
            t.inject({
              method: 'POST',
              url: '/routine_plans/preview',
              payload: body({ shelf: shelf.map((product) => ({ product })), ...extra }),
            }),
          200,
        );
        expect(sent.length).toBeLessThanOrEqual(10);
        counts.push(sent.length);
      }
    }
    // Buying: products and candidates, entries, offers. Shelf-only: the same three (no candidate is read).
    expect(counts).toEqual([3, 3, 3, 3]);
  });

  it('signed in, stored shelf of 2 or 40 with reactions: the same count, at most 10', async () => {
    const t = logged.app;
    const counts: number[] = [];
    for (const token of [small, large]) {
      const sent = await planningStatements(
        () => t.inject({ method: 'POST', url: '/my/routine_plans', payload: body({}), token }),
        201,
      );
      expect(sent.length).toBeLessThanOrEqual(10);
      counts.push(sent.length);
    }
    expect(counts[0]).toBe(counts[1]);
    // The shelf, the person, the detective's reactions and their lists, products with candidates, entries, offers.
    expect(counts[0]).toBe(7);
  });
});
