// The similar-products index follows product writes one product at a time: publishing a product
// puts it among the similar ones, deleting it takes it out, and neither rebuilds the whole index.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { similarityIndexBuilds } from '../src/modules/product/similarity.service.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the similar-products index after a product write', () => {
  it('takes a published product in and a deleted one out without a full rebuild', async () => {
    const [row] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias, b.alias as brand from product p join brand b on b.id = p.brand_id where p.status = 'published' and cardinality(p.ingredient_ids) >= 5 order by p.alias limit 1`,
      );
    const original = (await t.inject({ method: 'GET', url: `/products/${row.alias}` })).json() as {
      ingredients: Array<{ input: string }>;
    };
    const similar = async () =>
      (
        (await t.inject({ method: 'GET', url: `/products/${row.alias}/similar?limit=5` })).json() as {
          items: Array<{ score: number; product: { alias: string } }>;
        }
      ).items;
    const before = await similar();
    const builds = similarityIndexBuilds();

    // A twin of the product: same list, so it is the most similar of all once published.
    const moderator = await t.tokenFor('sim-moderator', 'moderator');
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: moderator,
      payload: {
        name: 'Similarity Twin',
        brand: row.brand,
        ingredient_list: original.ingredients.map((i) => i.input).join(', '),
      },
    });
    expect(created.statusCode).toBe(201);
    const twin = created.json() as { id: string; alias: string };
    expect((await similar()).map((i) => i.product.alias)).not.toContain(twin.alias);
    expect(
      (await t.inject({ method: 'PATCH', url: `/products/${twin.alias}/publish`, token: moderator })).statusCode,
    ).toBe(200);
    const after = await similar();
    expect(after[0]).toMatchObject({ product: { alias: twin.alias }, score: 1 });
    expect(after.slice(1).map((i) => i.product.alias)).toEqual(before.slice(0, 4).map((i) => i.product.alias));

    expect(
      (await t.inject({ method: 'DELETE', url: `/products/${twin.id}`, token: await t.tokenFor('sim-admin', 'admin') }))
        .statusCode,
    ).toBe(204);
    expect(await similar()).toEqual(before);
    expect(similarityIndexBuilds()).toBe(builds);
  });
});
