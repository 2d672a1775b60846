import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Series = { series: string; time_zone: string; total: number; items: Array<{ day: string; count: number }> };

describe('stats created_per_day', () => {
  it('is for admins only', async () => {
    expect((await t.inject({ method: 'POST', url: '/stats/products/created_per_day', payload: {} })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/stats/products/created_per_day',
          payload: {},
          token: await t.tokenFor('zed'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('counts per day in SQL, zero-filled, matching the table', async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    const response = await t.inject({
      method: 'POST',
      url: '/stats/products/created_per_day',
      payload: { from: '2025-11-01', to: '2026-12-31' },
      token: admin,
    });
    expect(response.statusCode).toBe(400);
    const year = await t.inject({
      method: 'POST',
      url: '/stats/products/created_per_day',
      payload: { from: '2026-01-01', to: '2026-12-31' },
      token: admin,
    });
    const series = year.json() as Series;
    expect(series.items).toHaveLength(365);
    expect(series.items[0]).toEqual({ day: '2026-01-01', count: expect.any(Number) });
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute(`select count(*)::int as n from product where created_at >= '2026-01-01' and created_at < '2027-01-01'`);
    expect(series.total).toBe(n);
    expect(series.items.some((d) => d.count === 0)).toBe(true);
  });

  it("counts today's analyses, users and clicks in the asked time zone", async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Water, Glycerin' },
    });
    const analyses = (
      await t.inject({
        method: 'POST',
        url: '/stats/analyze/created_per_day',
        payload: { time_zone: 'Pacific/Kiritimati' },
        token: admin,
      })
    ).json() as Series;
    expect(analyses.items).toHaveLength(30);
    expect(analyses.time_zone).toBe('Pacific/Kiritimati');
    expect(analyses.total).toBeGreaterThanOrEqual(1);
    const users = (
      await t.inject({ method: 'POST', url: '/stats/users/created_per_day', payload: {}, token: admin })
    ).json() as Series;
    expect(users.items.at(-1)!.count).toBeGreaterThanOrEqual(2);
    const clicks = await t.inject({
      method: 'POST',
      url: '/stats/product_buy_clicks/created_per_day',
      payload: {},
      token: admin,
    });
    expect(clicks.statusCode).toBe(200);
  });

  it('counts product tutorials written today', async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    const author = await t.user('root-admin');
    const [product] = await t.em().getConnection().execute(`select id from product limit 1`);
    const before = (
      await t.inject({ method: 'POST', url: '/stats/product_tutorials/created_per_day', payload: {}, token: admin })
    ).json() as Series;
    await t
      .em()
      .getConnection()
      .execute(
        `insert into product_tutorial (id, product_id, author_id, title, created_at, updated_at) values (gen_random_uuid(), ?, ?, 'How to apply', now(), now())`,
        [product.id, author.id],
      );
    const after = (
      await t.inject({ method: 'POST', url: '/stats/product_tutorials/created_per_day', payload: {}, token: admin })
    ).json() as Series;
    expect(after.series).toBe('product_tutorials');
    expect(after.total).toBe(before.total + 1);
    expect(after.items.at(-1)!.count).toBe(before.items.at(-1)!.count + 1);
  });

  it('counts routines and ingredient opinions created today', async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    const expert = await t.tokenFor('stats-expert', 'expert');
    const count = async (series: string) =>
      (
        (
          await t.inject({ method: 'POST', url: `/stats/${series}/created_per_day`, payload: {}, token: admin })
        ).json() as Series
      ).items.at(-1)!.count;
    const before = { routines: await count('routines'), opinions: await count('ingredient_opinions') };
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/routines/create',
          token: expert,
          payload: { name: 'Stats morning', time_of_day: 'morning' },
        })
      ).statusCode,
    ).toBe(201);
    const opinion = await t.inject({
      method: 'POST',
      url: '/ingredient_opinions/create',
      token: expert,
      payload: { ingredient: 'niacinamide', text: 'Well tolerated at 2-5%. #barrierrepair' },
    });
    expect(opinion.statusCode).toBe(201);
    expect(await count('routines')).toBe(before.routines + 1);
    expect(await count('ingredient_opinions')).toBe(before.opinions + 1);
  });

  it('rejects bad dates, ranges and time zones naming the field', async () => {
    const admin = await t.tokenFor('root-admin', 'admin');
    for (const [payload, field] of [
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'from'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    ] as const) {
      expect(
        errorOf(await t.inject({ method: 'POST', url: '/stats/users/created_per_day', payload, token: admin })),
      ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
  });
});
