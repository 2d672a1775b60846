// Interest groups used where people look: experts who cover a group, their routines and opinions.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('supergroups filter experts, routines and opinions', () => {
  it('lists the experts who cover a group, with what they cover', async () => {
    const acne = (await t.inject({ method: 'GET', url: '/users/experts?supergroup=acne&limit=100' })).json() as {
      items: Array<{ username: string; covers: Array<{ id: string }> }>;
    };
    expect(acne.items.map((u) => u.username).sort()).toEqual(['dr_kenji_mori', 'esthetician_mia']);
    for (const expert of acne.items) expect(expert.covers.map((g) => g.id)).toContain('acne');
    const all = (await t.inject({ method: 'GET', url: '/users/experts?limit=100' })).json() as {
      items: Array<{ username: string }>;
    };
    expect(all.items.length).toBeGreaterThan(acne.items.length);
  });

  it('filters published routines by the experts who cover the group', async () => {
    const routines = (await t.inject({ method: 'GET', url: '/routines?supergroup=acne&limit=100' })).json() as {
      items: Array<{ owner: { username: string } }>;
    };
    expect(routines.items.length).toBeGreaterThan(0);
    for (const r of routines.items) expect(['dr_kenji_mori', 'esthetician_mia']).toContain(r.owner.username);
  });

  it("filters ingredient opinions by their authors' groups (GraphQL)", async () => {
    const response = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query:
            '{ ingredientOpinionsBySupergroup(supergroup: "rosacea", limit: 50) { items { author { username } } } }',
        },
      })
    ).json();
    expect(response.errors).toBeUndefined();
    const authors = new Set(
      (response.data.ingredientOpinionsBySupergroup.items as Array<{ author: { username: string } }>).map(
        (o) => o.author.username,
      ),
    );
    expect(authors.size).toBeGreaterThan(0);
    for (const a of authors) expect(['dr_lena_hoffmann']).toContain(a);
  });

  it("keeps members' groups private and never filters by them", async () => {
    const token = await t.tokenFor('sg-member');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/my/user/supergroups',
          token,
          payload: { supergroups: ['pregnancy-safe'] },
        })
      ).statusCode,
    ).toBe(200);
    const pregnancy = (await t.inject({ method: 'GET', url: '/users/experts?supergroup=pregnancy-safe' })).json() as {
      items: unknown[];
    };
    expect(pregnancy.items).toEqual([]);
    const graph = (
      await t.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ user(idOrUsername: "sg-member") { covers { id } } }' },
      })
    ).json();
    if (!graph.errors) expect(graph.data.user.covers).toBeNull();
  });

  it('rejects unknown groups, including the dropped "vegan-cruelty-free"', async () => {
    for (const url of ['/users/experts?supergroup=vegan-cruelty-free', '/routines?supergroup=bogus']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'supergroup' } });
    }
    const token = await t.tokenFor('sg-vegan');
    expect(
      errorOf(
        await t.inject({
          method: 'PATCH',
          url: '/my/user/supergroups',
          token,
          payload: { supergroups: ['vegan-cruelty-free'] },
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    const groups = (
      await t.inject({ method: 'POST', url: '/graphql', payload: { query: '{ supergroups { id } }' } })
    ).json().data.supergroups as Array<{ id: string }>;
    expect(groups.map((g) => g.id)).not.toContain('vegan-cruelty-free');
  });
});
