import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Facet = { id: string; alias: string; parameter: string; values: Array<{ value: string; label: string }> };

describe('facets', () => {
  it('lists the seeded facets, with live values for category and brand', async () => {
    const page = (await t.inject({ method: 'GET', url: '/facets' })).json() as { items: Facet[] };
    expect(page.items.map((f) => f.alias)).toEqual(['free-of', 'category', 'brand', 'contains']);
    const brand = page.items.find((f) => f.alias === 'brand')!;
    expect(brand.values.length).toBeGreaterThanOrEqual(30);
    const freeOf = (await t.inject({ method: 'GET', url: '/facets/free-of' })).json() as Facet;
    expect(freeOf.values.map((v) => v.value)).toContain('fragrance');
    // Every fixed value is one GET /products accepts.
    for (const v of freeOf.values)
      expect((await t.inject({ method: 'GET', url: `/products?limit=1&free_of=${v.value}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/facets/nope' })).statusCode).toBe(404);
  });

  it('lets admins create and update facets, validated', async () => {
    const body = { name: 'Reef', parameter: 'free_of', values: [{ value: 'reef_concerns', label: 'Reef concerns' }] };
    expect((await t.inject({ method: 'POST', url: '/facets/create', payload: body })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: '/facets/create', payload: body, token: await t.tokenFor('yann') }))
        .statusCode,
    ).toBe(403);
    const admin = await t.tokenFor('root-admin', 'admin');
    const created = await t.inject({ method: 'POST', url: '/facets/create', payload: body, token: admin });
    expect(created.statusCode).toBe(201);
    const facet = created.json() as Facet;
    expect(facet).toMatchObject({ alias: 'reef', parameter: 'free_of' });
    expect((await t.inject({ method: 'POST', url: '/facets/create', payload: body, token: admin })).statusCode).toBe(
      409,
    );
    const updated = await t.inject({
      method: 'PATCH',
      url: `/facets/update/${facet.id}`,
      payload: { name: 'Reef-safe', position: 9 },
      token: admin,
    });
    expect(updated.json()).toMatchObject({ name: 'Reef-safe', values: [{ value: 'reef_concerns' }] });
    for (const [payload, field] of [
      [{ ...body, name: 'X1', parameter: 'colour' }, 'parameter'],
      [{ ...body, name: 'X2', values: [{ value: 'glitter', label: 'Glitter' }] }, 'values'],
      [{ name: 'X3', parameter: 'brand', values: [{ value: 'x', label: 'X' }] }, 'values'],
      [{ ...body, name: '' }, 'name'],
    ] as const) {
      expect(
        errorOf(await t.inject({ method: 'POST', url: '/facets/create', payload: payload as object, token: admin })),
      ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    expect(
      (await t.inject({ method: 'PATCH', url: '/facets/update/nope', payload: { name: 'Y' }, token: admin }))
        .statusCode,
    ).toBe(404);
  });
});
