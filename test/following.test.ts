import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Edge = { follower?: { username: string }; followed?: { username: string }; created_at: string };
const page = (response: { json(): unknown }) => response.json() as { items: Edge[]; next_cursor: string | null };

describe('following', () => {
  it('follows and unfollows idempotently, by id or username; not oneself; unknown users 404', async () => {
    const ann = await t.tokenFor('ann');
    await t.tokenFor('ben');
    const ben = await t.user('ben');
    const first = await t.inject({ method: 'POST', url: `/users/${ben.id}/follow`, token: ann });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ key: ben.id, user_id: ben.id, following: true, followed_by: false });
    expect((await t.inject({ method: 'POST', url: '/users/ben/follow', token: ann })).statusCode).toBe(200);
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from user_follow where followed_id = ?', [ben.id]);
    expect(n).toBe(1);

    const self = await t.inject({ method: 'POST', url: '/users/ann/follow', token: ann });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).details).toMatchObject({ field: 'id' });
    expect((await t.inject({ method: 'POST', url: '/users/nobody-here/follow', token: ann })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/users/00000000-0000-4000-8000-000000000000/follow', token: ann }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/users/ben/follow' })).statusCode).toBe(401);

    expect((await t.inject({ method: 'DELETE', url: '/users/ben/unfollow', token: ann })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: '/users/ben/unfollow', token: ann })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: '/users/nobody-here/unfollow', token: ann })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: '/users/ben/unfollow' })).statusCode).toBe(401);
  });

  it('keeps one follow when 20 identical requests arrive at once', async () => {
    const ivy = await t.tokenFor('ivy');
    await t.tokenFor('jay');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.inject({ method: 'POST', url: '/users/jay/follow', token: ivy })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const jay = await t.user('jay');
    const [{ n }] = await t
      .em()
      .getConnection()
      .execute('select count(*)::int as n from user_follow where followed_id = ?', [jay.id]);
    expect(n).toBe(1);
  });

  it('lists followers and followings, most recent first, for a user and for the caller', async () => {
    const cleo = await t.tokenFor('cleo');
    const fans = ['fan-a', 'fan-b', 'fan-c'];
    for (const fan of fans) await t.inject({ method: 'POST', url: '/users/cleo/follow', token: await t.tokenFor(fan) });
    await t.inject({ method: 'POST', url: '/users/fan-a/follow', token: cleo });

    const followers = page(await t.inject({ method: 'GET', url: '/users/cleo/followed_by?limit=2' }));
    expect(followers.items.map((e) => e.follower!.username)).toEqual(['fan-c', 'fan-b']);
    const rest = page(
      await t.inject({ method: 'GET', url: `/users/cleo/followed_by?limit=2&cursor=${followers.next_cursor}` }),
    );
    expect(rest.items.map((e) => e.follower!.username)).toEqual(['fan-a']);
    expect(rest.next_cursor).toBeNull();
    expect(page(await t.inject({ method: 'GET', url: '/my/followed_by', token: cleo })).items).toHaveLength(3);

    expect(
      page(await t.inject({ method: 'GET', url: '/users/cleo/following' })).items.map((e) => e.followed!.username),
    ).toEqual(['fan-a']);
    expect(
      page(await t.inject({ method: 'GET', url: '/my/following', token: cleo })).items.map((e) => e.followed!.username),
    ).toEqual(['fan-a']);
    expect(
      page(await t.inject({ method: 'GET', url: '/my/following', token: await t.tokenFor('fan-b') })).items.map(
        (e) => e.followed!.username,
      ),
    ).toEqual(['cleo']);
    expect((await t.inject({ method: 'GET', url: '/users/nobody-here/followed_by' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/my/following' })).statusCode).toBe(401);
  });

  it('lists in a constant number of statements whatever the page size', async () => {
    await t.tokenFor('star');
    for (let i = 0; i < 15; i++)
      await t.inject({ method: 'POST', url: '/users/star/follow', token: await t.tokenFor(`star-fan-${i}`) });
    const small = await t.countStatements({ method: 'GET', url: '/users/star/followed_by?limit=2' });
    const large = await t.countStatements({ method: 'GET', url: '/users/star/followed_by?limit=15' });
    expect(page(large.response).items).toHaveLength(15);
    expect(large.statements).toBe(small.statements);
    // The user, the page of follows with the followers joined in, and their profile pictures (one batch).
    expect(large.statements).toBeLessThanOrEqual(3);
    const following = await t.countStatements({ method: 'GET', url: '/users/star-fan-1/following?limit=15' });
    expect(page(following.response).items).toHaveLength(1);
    expect(following.statements).toBeLessThanOrEqual(3);
  });

  it('looks up relationships with several users at once', async () => {
    const dina = await t.tokenFor('dina');
    await t.tokenFor('eli');
    await t.tokenFor('fay');
    const eli = await t.user('eli');
    await t.inject({ method: 'POST', url: '/users/eli/follow', token: dina });
    await t.inject({ method: 'POST', url: '/users/dina/follow', token: await t.tokenFor('fay') });
    await t.inject({ method: 'POST', url: '/users/dina/follow', token: await t.tokenFor('eli') });
    const response = await t.inject({
      method: 'GET',
      url: `/user_relationships/lookup?ids=${eli.id},fay,nobody-here`,
      token: dina,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { key: eli.id, user_id: eli.id, following: true, followed_by: true },
        { key: 'fay', user_id: expect.any(String), following: false, followed_by: true },
        { key: 'nobody-here', user_id: null, following: false, followed_by: false },
      ],
      next_cursor: null,
    });
    expect(
      errorOf(await t.inject({ method: 'GET', url: '/user_relationships/lookup', token: dina })).details,
    ).toMatchObject({ field: 'ids' });
    const many = Array.from({ length: 101 }, (_, i) => `u${i}`).join(',');
    expect(
      errorOf(await t.inject({ method: 'GET', url: `/user_relationships/lookup?ids=${many}`, token: dina })).details,
    ).toMatchObject({ field: 'ids' });
    expect((await t.inject({ method: 'GET', url: '/user_relationships/lookup?ids=eli' })).statusCode).toBe(401);
  });
});

describe('what the people I follow feel', () => {
  it('counts per ingredient, most first, names who, and leaves out private feelings and people I do not follow', async () => {
    const me = await t.tokenFor('gwen');
    const friends = ['pal-1', 'pal-2', 'pal-3'];
    const tokens: Record<string, string> = {};
    for (const f of friends) {
      tokens[f] = await t.tokenFor(f);
      await t.inject({ method: 'POST', url: `/users/${f}/follow`, token: me });
    }
    const feel = (who: string, ingredient: string, sentiment: 'positive' | 'negative') =>
      t.inject({ method: 'PUT', url: `/ingredients/${ingredient}/feeling/${sentiment}`, token: tokens[who] });
    await feel('pal-1', 'niacinamide', 'positive');
    await feel('pal-2', 'niacinamide', 'positive');
    await feel('pal-3', 'niacinamide', 'positive');
    await feel('pal-1', 'glycerin', 'positive');
    await feel('pal-2', 'water', 'negative');
    // Someone I do not follow, and a friend who keeps feelings private.
    await t.inject({
      method: 'PUT',
      url: '/ingredients/glycerin/feeling/positive',
      token: await t.tokenFor('not-a-pal'),
    });
    const pal3 = await t.user('pal-3');
    await t.inject({
      method: 'PATCH',
      url: `/users/${pal3.id}/skin_profile`,
      token: tokens['pal-3'],
      payload: { feelings_public: false },
    });

    const positive = (
      await t.inject({ method: 'GET', url: '/following/ingredient_feelings/positive', token: me })
    ).json() as {
      items: Array<{ ingredient: { alias: string }; count: number; users: Array<{ username: string }> }>;
      next_cursor: string | null;
    };
    expect(positive.items.map((i) => [i.ingredient.alias, i.count])).toEqual([
      ['niacinamide', 2],
      ['glycerin', 1],
    ]);
    expect(positive.items[0].users.map((u) => u.username).sort()).toEqual(['pal-1', 'pal-2']);
    const negative = (
      await t.inject({ method: 'GET', url: '/following/ingredient_feelings/negative', token: me })
    ).json() as { items: Array<{ ingredient: { alias: string }; users: Array<{ username: string }> }> };
    expect(negative.items.map((i) => [i.ingredient.alias, i.users.map((u) => u.username)])).toEqual([
      ['water', ['pal-2']],
    ]);

    const first = (
      await t.inject({ method: 'GET', url: '/following/ingredient_feelings/positive?limit=1', token: me })
    ).json() as { items: Array<{ ingredient: { alias: string } }>; next_cursor: string };
    const second = (
      await t.inject({
        method: 'GET',
        url: `/following/ingredient_feelings/positive?limit=1&cursor=${first.next_cursor}`,
        token: me,
      })
    ).json() as { items: Array<{ ingredient: { alias: string } }> };
    expect([first.items[0].ingredient.alias, second.items[0].ingredient.alias]).toEqual(['niacinamide', 'glycerin']);
    expect((await t.inject({ method: 'GET', url: '/following/ingredient_feelings/positive' })).statusCode).toBe(401);
  });

  it('answers in a constant number of statements whatever the page size', async () => {
    const me = await t.tokenFor('hal');
    for (const pal of ['pal-1', 'pal-2']) await t.inject({ method: 'POST', url: `/users/${pal}/follow`, token: me });
    const small = await t.countStatements({
      method: 'GET',
      url: '/following/ingredient_feelings/positive?limit=1',
      token: me,
    });
    const large = await t.countStatements({
      method: 'GET',
      url: '/following/ingredient_feelings/positive?limit=50',
      token: me,
    });
    expect((large.response.json() as { items: unknown[] }).items).toHaveLength(2);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(4);
  });
});
