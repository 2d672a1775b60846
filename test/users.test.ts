import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { snapshotDb, snapshotDiff } from './helpers/route-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type UserBody = {
  id: string;
  username: string;
  display_name: string | null;
  user_type: string;
  bio: string;
  country: string | null;
  email?: string | null;
};
const items = (response: { json(): unknown }) => response.json() as { items: UserBody[]; next_cursor: string | null };

describe('user lists', () => {
  it('lists users newest first, filters by type, pages, and never shows e-mail addresses', async () => {
    for (const name of ['ula-one', 'ula-two', 'ula-three']) await t.tokenFor(name);
    await t.tokenFor('ula-expert', 'expert');
    const page = items(await t.inject({ method: 'GET', url: '/users?limit=3' }));
    expect(page.items.map((u) => u.username)).toEqual(['ula-expert', 'ula-three', 'ula-two']);
    expect(page.items[0]).not.toHaveProperty('email');
    const next = items(await t.inject({ method: 'GET', url: `/users?limit=3&cursor=${page.next_cursor}` }));
    expect(next.items[0].username).toBe('ula-one');
    const experts = items(await t.inject({ method: 'GET', url: '/users?user_type=expert' }));
    expect(experts.items.map((u) => u.username)).toContain('ula-expert');
    expect(experts.items.every((u) => u.user_type === 'expert')).toBe(true);
    expect(items(await t.inject({ method: 'GET', url: '/users/experts' })).items.map((u) => u.username)).toEqual(
      experts.items.map((u) => u.username),
    );
    expect(errorOf(await t.inject({ method: 'GET', url: '/users?user_type=wizard' })).code).toBe('VALIDATION_FAILED');
    expect(errorOf(await t.inject({ method: 'GET', url: '/users?limit=0' })).details).toMatchObject({ field: 'limit' });
  });

  it('lists in a constant number of statements whatever the page size', async () => {
    for (let i = 0; i < 12; i++) await t.tokenFor(`bulk-${i}`);
    const small = await t.countStatements({ method: 'GET', url: '/users?limit=2' });
    const large = await t.countStatements({ method: 'GET', url: '/users?limit=40' });
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(2);
  });

  it('looks usernames up by prefix, alphabetically; wildcards are literal', async () => {
    for (const name of ['pref-bob', 'pref-alice', 'prefab', 'other-pref']) await t.tokenFor(name);
    const found = items(await t.inject({ method: 'GET', url: '/users/lookup?username=PREF' }));
    expect(found.items.map((u) => u.username)).toEqual(['pref-alice', 'pref-bob', 'prefab']);
    expect(items(await t.inject({ method: 'GET', url: '/users/lookup?username=pref-' })).items).toHaveLength(2);
    expect(items(await t.inject({ method: 'GET', url: '/users/lookup?username=zzzz' })).items).toEqual([]);
    expect(errorOf(await t.inject({ method: 'GET', url: '/users/lookup?username=%25' })).details).toMatchObject({
      field: 'username',
    });
    expect(errorOf(await t.inject({ method: 'GET', url: '/users/lookup' })).details).toMatchObject({
      field: 'username',
    });
  });
});

describe('profile, username and user type', () => {
  it('changes display name, bio and country for the user; others get 403, anonymous 401', async () => {
    const token = await t.tokenFor('pia');
    const pia = await t.user('pia');
    const changed = await t.inject({
      method: 'PATCH',
      url: `/users/${pia.id}/profile`,
      token,
      payload: { display_name: 'Pia P.', bio: 'Dry skin, loves oils.', country: 'fr' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ display_name: 'Pia P.', bio: 'Dry skin, loves oils.', country: 'FR' });
    // Omitted fields stay; null clears.
    expect(
      (await t.inject({ method: 'PATCH', url: `/users/${pia.id}/profile`, token, payload: { country: null } })).json(),
    ).toMatchObject({ display_name: 'Pia P.', country: null });
    const other = await t.tokenFor('pia-stranger');
    expect(
      errorOf(
        await t.inject({ method: 'PATCH', url: `/users/${pia.id}/profile`, token: other, payload: { bio: 'hacked' } }),
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await t.inject({ method: 'PATCH', url: `/users/${pia.id}/profile`, payload: { bio: 'hacked' } })).statusCode,
    ).toBe(401);
    const admin = await t.tokenFor('pia-admin', 'admin');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${pia.id}/profile`,
          token: admin,
          payload: { bio: 'Moderated.' },
        })
      ).json(),
    ).toMatchObject({ bio: 'Moderated.' });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/users/00000000-0000-4000-8000-000000000000/profile',
          token: admin,
          payload: { bio: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('rejects a bad country, name or bio naming the field, and writes nothing', async () => {
    const token = await t.tokenFor('quinn');
    const quinn = await t.user('quinn');
    const before = await snapshotDb(t);
    for (const [payload, field] of [
      [{ country: 'XX' }, 'country'],
      [{ country: 'FRA' }, 'country'],
      [{ display_name: '' }, 'display_name'],
      [{ display_name: 'a'.repeat(81) }, 'display_name'],
      [{ bio: 'b'.repeat(1001) }, 'bio'],
      [{ bio: 'ok', country: 'ZZ' }, 'country'],
    ] as const) {
      const response = await t.inject({ method: 'PATCH', url: `/users/${quinn.id}/profile`, token, payload });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toMatchObject({ field });
    }
    expect(snapshotDiff(before, await snapshotDb(t))).toBeNull();
    expect((await t.user('quinn')).bio).toBe('');
  });

  it('changes a username: validated, unique (409), reserved words refused', async () => {
    const token = await t.tokenFor('rita');
    await t.tokenFor('taken-name');
    const rita = await t.user('rita');
    const url = `/users/${rita.id}/identity/username`;
    const renamed = await t.inject({ method: 'PATCH', url, token, payload: { username: 'rita_2' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: rita.id, username: 'rita_2' });
    expect((await t.inject({ method: 'GET', url: '/users/rita_2' })).json()).toMatchObject({ id: rita.id });
    expect((await t.inject({ method: 'GET', url: '/users/rita' })).statusCode).toBe(404);
    const taken = await t.inject({ method: 'PATCH', url, token, payload: { username: 'taken-name' } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'CONFLICT', details: { field: 'username' } });
    for (const bad of ['ab', 'Rita', 'has space', '_lead', 'x'.repeat(31), 'experts', 'deleted-abc', 'ünï']) {
      const response = await t.inject({ method: 'PATCH', url, token, payload: { username: bad } });
      expect({ bad, status: response.statusCode, field: errorOf(response).details?.field }).toEqual({
        bad,
        status: 400,
        field: 'username',
      });
    }
    const other = await t.tokenFor('rita-stranger');
    expect((await t.inject({ method: 'PATCH', url, token: other, payload: { username: 'stolen' } })).statusCode).toBe(
      403,
    );
    // The token (subject) still works after the rename.
    expect((await t.inject({ method: 'GET', url: '/my/user', token })).json()).toMatchObject({ username: 'rita_2' });
  });

  it('never gives a reserved username to a new account made from a token', async () => {
    for (const wanted of ['experts', 'lookup', 'deleted-1234']) {
      const token = await t.auth.sign({ sub: `test|reserved-${wanted}`, preferred_username: wanted });
      const me = (await t.inject({ method: 'GET', url: '/my/user', token })).json() as { username: string };
      expect(me.username).toMatch(/^user-/);
    }
    expect((await t.inject({ method: 'GET', url: '/users/experts' })).json()).toMatchObject({
      items: expect.any(Array),
    });
  });

  it('lets only admins change a user type', async () => {
    const member = await t.tokenFor('sam');
    const sam = await t.user('sam');
    const url = `/users/${sam.id}/user_type`;
    expect(errorOf(await t.inject({ method: 'PATCH', url, token: member, payload: { user_type: 'admin' } })).code).toBe(
      'FORBIDDEN',
    );
    const admin = await t.tokenFor('sam-admin', 'admin');
    const changed = await t.inject({ method: 'PATCH', url, token: admin, payload: { user_type: 'expert' } });
    expect(changed.json()).toMatchObject({ user_type: 'expert' });
    expect(
      errorOf(await t.inject({ method: 'PATCH', url, token: admin, payload: { user_type: 'wizard' } })).details,
    ).toMatchObject({ field: 'user_type' });
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/users/nobody-at-all/user_type',
          token: admin,
          payload: { user_type: 'expert' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows the e-mail address to its owner and admins only', async () => {
    const token = await t.tokenFor('vera');
    const stranger = await t.tokenFor('vera-stranger');
    const admin = await t.tokenFor('vera-admin', 'admin');
    expect((await t.inject({ method: 'GET', url: '/users/vera', token })).json()).toMatchObject({
      email: 'vera@example.com',
    });
    expect((await t.inject({ method: 'GET', url: '/users/vera', token: admin })).json()).toMatchObject({
      email: 'vera@example.com',
    });
    expect((await t.inject({ method: 'GET', url: '/users/vera', token: stranger })).json()).toMatchObject({
      email: null,
    });
    expect((await t.inject({ method: 'GET', url: '/users/vera' })).json()).toMatchObject({ email: null });
  });
});

describe('interest groups', () => {
  it("replaces the caller's supergroups; an unknown one is a 400 and changes nothing", async () => {
    const token = await t.tokenFor('wes');
    const set = await t.inject({
      method: 'PATCH',
      url: '/my/user/supergroups',
      token,
      payload: { supergroups: ['minimalists', 'acne', 'acne'] },
    });
    expect(set.statusCode).toBe(200);
    expect((set.json() as { supergroups: Array<{ id: string }> }).supergroups.map((g) => g.id)).toEqual([
      'acne',
      'minimalists',
    ]);
    const bad = await t.inject({
      method: 'PATCH',
      url: '/my/user/supergroups',
      token,
      payload: { supergroups: ['acne', 'flat-earth'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ details: { field: 'supergroups' } });
    expect(errorOf(bad).message).toMatch(/flat-earth/);
    expect((await t.user('wes')).supergroups).toEqual(['acne', 'minimalists']);
    expect(
      (await t.inject({ method: 'PATCH', url: '/my/user/supergroups', token, payload: { supergroups: [] } })).json(),
    ).toMatchObject({ supergroups: [] });
    expect(
      (await t.inject({ method: 'PATCH', url: '/my/user/supergroups', payload: { supergroups: [] } })).statusCode,
    ).toBe(401);
  });
});

describe('product compatibility', () => {
  it("judges a product's ingredients against the caller's profile and feelings, with reasons", async () => {
    const token = await t.tokenFor('xena');
    const xena = await t.user('xena');
    const product = (await t.inject({ method: 'GET', url: '/products?limit=1' })).json() as {
      items: Array<{ alias: string; ingredients: Array<{ ingredient: { alias: string } | null }> }>;
    };
    const { alias, ingredients } = product.items[0];
    const first = ingredients.find((i) => i.ingredient)!.ingredient!.alias;
    const neutral = (await t.inject({ method: 'GET', url: `/my/compatibility/product/${alias}`, token })).json() as {
      verdict: string;
      product: { alias: string };
    };
    expect(neutral.product.alias).toBe(alias);
    await t.inject({ method: 'PUT', url: `/ingredients/${first}/feeling/negative`, token });
    await t.inject({ method: 'PATCH', url: `/users/${xena.id}/skin_profile`, token, payload: { skin_type: 'oily' } });
    const judged = (await t.inject({ method: 'GET', url: `/my/compatibility/product/${alias}`, token })).json() as {
      verdict: string;
      skin_types: string[];
      reasons: Array<{ verdict: string; source: string; ingredient: { alias: string } }>;
    };
    expect(judged.verdict).toBe('avoid');
    expect(judged.skin_types).toContain('oily');
    expect(judged.reasons[0]).toMatchObject({ verdict: 'avoid', source: 'feeling', ingredient: { alias: first } });
    expect(
      (await t.inject({ method: 'GET', url: '/my/compatibility/product/no-such-product', token })).statusCode,
    ).toBe(404);

    // The survey's sensitivities: a scented product is a caution for someone fragrance reacts with.
    const all = (await t.inject({ method: 'GET', url: '/products?limit=100' })).json() as {
      items: Array<{ alias: string; flags: string[] }>;
    };
    const scented = all.items.find((p) => p.flags.includes('fragrance'))!;
    expect(scented).toBeDefined();
    const sensitive = await t.tokenFor('xena-sensitive');
    await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token: sensitive,
      payload: { answers: [{ question: 'sensitivities', values: ['fragrance'] }] },
    });
    const scentedJudged = (
      await t.inject({ method: 'GET', url: `/my/compatibility/product/${scented.alias}`, token: sensitive })
    ).json() as { verdict: string; reasons: Array<{ verdict: string; source: string; basis: string }> };
    expect(scentedJudged.verdict).toBe('caution');
    expect(scentedJudged.reasons).toContainEqual(
      expect.objectContaining({ verdict: 'caution', source: 'sensitivity', basis: 'fragrance' }),
    );
    expect((await t.inject({ method: 'GET', url: `/my/compatibility/product/${alias}` })).statusCode).toBe(401);
  });
});
