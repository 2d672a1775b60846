import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Feeling {
  id: string;
  sentiment: string;
  ingredient: { id: string; alias: string; name: string };
  user: { id: string; username: string };
  created_at: string;
  updated_at: string;
}
interface FeelingPage {
  items: Feeling[];
  next_cursor: string | null;
}

const put = (alias: string, sentiment: string, token?: string) =>
  t.inject({ method: 'PUT', url: `/ingredients/${alias}/feeling/${sentiment}`, token });
const get = (url: string, token?: string) => t.inject({ method: 'GET', url, token });
const patchProfile = (user: string, payload: object, token?: string) =>
  t.inject({ method: 'PATCH', url: `/users/${user}/skin_profile`, payload, token });

describe('PUT and DELETE /ingredients/:id_or_alias/feeling', () => {
  it('marks an ingredient, idempotently, and switches the sentiment in place', async () => {
    const ann = await t.tokenFor('ann');
    const first = await put('glycerin', 'positive', ann);
    expect(first.statusCode).toBe(200);
    const feeling = first.json() as Feeling;
    expect(feeling).toMatchObject({
      sentiment: 'positive',
      ingredient: { alias: 'glycerin', name: 'Glycerin' },
      user: { username: 'ann' },
    });
    expect(Object.keys(feeling).sort()).toEqual(['created_at', 'id', 'ingredient', 'sentiment', 'updated_at', 'user']);
    expect(feeling.user).not.toHaveProperty('email');

    const again = (await put('glycerin', 'positive', ann)).json() as Feeling;
    expect(again).toEqual(feeling);

    const switched = await put(feeling.ingredient.id, 'negative', ann);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: feeling.id, sentiment: 'negative', created_at: feeling.created_at });
    expect(Date.parse((switched.json() as Feeling).updated_at)).toBeGreaterThanOrEqual(Date.parse(feeling.updated_at));
    const mine = (await get('/my/ingredient_feelings', ann)).json() as FeelingPage;
    expect(mine.items.map((f) => [f.ingredient.alias, f.sentiment])).toEqual([['glycerin', 'negative']]);
  });

  it('answers every one of many PUTs at once with the one feeling (a race is not a 409)', async () => {
    const bo = await t.tokenFor('bo-race');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => put('niacinamide', i % 3 === 2 ? 'negative' : 'positive', bo)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => (a.json() as Feeling).id)).size).toBe(1);
    const mine = (await get('/my/ingredient_feelings', bo)).json() as FeelingPage;
    expect(mine.items).toHaveLength(1);
    expect(['positive', 'negative']).toContain(mine.items[0].sentiment);
  });

  it('deletes with 204, also when there is nothing to delete', async () => {
    const bob = await t.tokenFor('bob');
    await put('niacinamide', 'positive', bob);
    const deleted = await t.inject({ method: 'DELETE', url: '/ingredients/niacinamide/feeling', token: bob });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await get('/my/ingredient_feelings/niacinamide', bob)).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: '/ingredients/niacinamide/feeling', token: bob })).statusCode).toBe(
      204,
    );
  });

  it('needs a signed-in caller and a known ingredient and sentiment', async () => {
    expect(errorOf(await put('glycerin', 'positive')).code).toBe('UNAUTHENTICATED');
    expect((await t.inject({ method: 'DELETE', url: '/ingredients/glycerin/feeling' })).statusCode).toBe(401);
    const bob = await t.tokenFor('bob');
    const unknown = await put('no-such-ingredient', 'positive', bob);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    expect(
      (await t.inject({ method: 'DELETE', url: '/ingredients/no-such-ingredient/feeling', token: bob })).statusCode,
    ).toBe(404);
    expect((await put('glycerin', 'lukewarm', bob)).statusCode).toBe(404); // no such route
    const withBody = await t.inject({
      method: 'PUT',
      url: '/ingredients/glycerin/feeling/positive',
      payload: { sentiment: 'negative' },
      token: bob,
    });
    expect(withBody.statusCode).toBe(400);
    expect(errorOf(withBody)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'sentiment' } });
  });
});

describe('GET /my/ingredient_feelings', () => {
  it("lists the caller's feelings, newest change first, by sentiment and one by ingredient", async () => {
    const cat = await t.tokenFor('cat');
    for (const [alias, sentiment] of [
      ['glycerin', 'positive'],
      ['coconut-oil', 'negative'],
      ['niacinamide', 'positive'],
    ]) {
      expect((await put(alias, sentiment, cat)).statusCode).toBe(200);
    }
    const all = (await get('/my/ingredient_feelings', cat)).json() as FeelingPage;
    expect(all.items.map((f) => f.ingredient.alias)).toEqual(['niacinamide', 'coconut-oil', 'glycerin']);
    expect(all.next_cursor).toBeNull();
    const positive = (await get('/my/ingredient_feelings/positive', cat)).json() as FeelingPage;
    expect(positive.items.map((f) => f.ingredient.alias)).toEqual(['niacinamide', 'glycerin']);
    const negative = (await get('/my/ingredient_feelings/negative', cat)).json() as FeelingPage;
    expect(negative.items.map((f) => f.ingredient.alias)).toEqual(['coconut-oil']);

    const page1 = (await get('/my/ingredient_feelings?limit=2', cat)).json() as FeelingPage;
    expect(page1.items).toHaveLength(2);
    const page2 = (await get(`/my/ingredient_feelings?limit=2&cursor=${page1.next_cursor}`, cat)).json() as FeelingPage;
    expect(page2).toMatchObject({ items: [{ ingredient: { alias: 'glycerin' } }], next_cursor: null });

    const one = await get('/my/ingredient_feelings/coconut-oil', cat);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      sentiment: 'negative',
      ingredient: { alias: 'coconut-oil' },
      user: { username: 'cat' },
    });
    expect((await get(`/my/ingredient_feelings/${(one.json() as Feeling).ingredient.id}`, cat)).json()).toEqual(
      one.json(),
    );
  });

  it('answers 404 for no feeling or an unknown ingredient, 400 for a bad limit, 401 without a token', async () => {
    const dan = await t.tokenFor('dan');
    expect((await get('/my/ingredient_feelings', dan)).json()).toEqual({ items: [], next_cursor: null });
    const none = await get('/my/ingredient_feelings/glycerin', dan);
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).code).toBe('NOT_FOUND');
    expect((await get('/my/ingredient_feelings/no-such-ingredient', dan)).statusCode).toBe(404);
    expect(errorOf(await get('/my/ingredient_feelings?limit=0', dan))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'limit' },
    });
    expect(errorOf(await get('/my/ingredient_feelings?sentiment=positive', dan))).toMatchObject({
      details: { field: 'sentiment' },
    });
    for (const url of [
      '/my/ingredient_feelings',
      '/my/ingredient_feelings/positive',
      '/my/ingredient_feelings/negative',
      '/my/ingredient_feelings/glycerin',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });
});

describe("other users' feelings", () => {
  let eve: string;
  let feelingId: string;
  beforeAll(async () => {
    eve = await t.tokenFor('eve');
    feelingId = ((await put('glycerin', 'positive', eve)).json() as Feeling).id;
    await put('fragrance', 'negative', eve);
  });

  it('are public by default: by id, as a list (optionally by sentiment) and by ingredient', async () => {
    const byId = await get(`/ingredient_feelings/${feelingId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: feelingId, sentiment: 'positive', user: { username: 'eve' } });
    const list = (await get('/users/eve/ingredient_feelings')).json() as FeelingPage;
    expect(list.items.map((f) => f.ingredient.alias)).toEqual(['fragrance', 'glycerin']);
    const eveId = (await t.user('eve')).id;
    const negative = (
      await get(`/users/${eveId}/ingredient_feelings?sentiment=negative`, await t.tokenFor('fred'))
    ).json() as FeelingPage;
    expect(negative.items.map((f) => f.ingredient.alias)).toEqual(['fragrance']);
    expect((await get('/users/eve/ingredient_feelings/glycerin')).json()).toMatchObject({ id: feelingId });
  });

  it('answer 404 for unknown users, feelings and ingredients, 400 for an unknown sentiment', async () => {
    expect((await get('/users/nobody-here/ingredient_feelings')).statusCode).toBe(404);
    expect((await get('/users/eve/ingredient_feelings/niacinamide')).statusCode).toBe(404);
    expect((await get('/users/eve/ingredient_feelings/no-such-ingredient')).statusCode).toBe(404);
    expect((await get('/ingredient_feelings/not-an-id')).statusCode).toBe(404);
    expect((await get('/ingredient_feelings/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(errorOf(await get('/users/eve/ingredient_feelings?sentiment=meh'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'sentiment' },
    });
  });

  it('are hidden when the owner makes them private: 401 anonymous, 403 others, seen by the owner and admins', async () => {
    expect((await patchProfile('eve', { feelings_public: false }, eve)).statusCode).toBe(200);
    const fred = await t.tokenFor('fred');
    const admin = await t.tokenFor('root', 'admin');

    expect(errorOf(await get('/users/eve/ingredient_feelings')).code).toBe('UNAUTHENTICATED');
    const forbidden = await get('/users/eve/ingredient_feelings', fred);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('FORBIDDEN');
    expect((await get('/users/eve/ingredient_feelings/glycerin', fred)).statusCode).toBe(403);
    expect((await get('/users/eve/ingredient_feelings/glycerin')).statusCode).toBe(401);
    expect((await get(`/ingredient_feelings/${feelingId}`)).statusCode).toBe(404);
    expect((await get(`/ingredient_feelings/${feelingId}`, fred)).statusCode).toBe(404);

    for (const token of [eve, admin]) {
      expect(((await get('/users/eve/ingredient_feelings', token)).json() as FeelingPage).items).toHaveLength(2);
      expect((await get('/users/eve/ingredient_feelings/glycerin', token)).statusCode).toBe(200);
      expect((await get(`/ingredient_feelings/${feelingId}`, token)).statusCode).toBe(200);
    }

    await patchProfile('eve', { feelings_public: true }, eve);
    expect((await get('/users/eve/ingredient_feelings', fred)).statusCode).toBe(200);
  });
});

describe('PATCH /users/:id/skin_profile', () => {
  it('lets the user change their profile field by field, and admins too', async () => {
    const gus = await t.tokenFor('gus');
    const gusId = (await t.user('gus')).id;
    const first = await patchProfile(gusId, { skin_type: 'oily', concerns: ['acne', 'large_pores', 'acne'] }, gus);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      skin_type: 'oily',
      concerns: ['acne', 'large_pores'],
      pregnant: false,
      feelings_public: true,
    });
    const second = await patchProfile('gus', { pregnant: true }, gus);
    expect(second.json()).toEqual({
      skin_type: 'oily',
      concerns: ['acne', 'large_pores'],
      pregnant: true,
      feelings_public: true,
    });
    const byAdmin = await patchProfile('gus', { skin_type: null, concerns: [] }, await t.tokenFor('root', 'admin'));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ skin_type: null, concerns: [], pregnant: true, feelings_public: true });
    expect((await get('/my/user', gus)).json()).toMatchObject({
      username: 'gus',
      skin_profile: { pregnant: true, feelings_public: true },
    });
    // Nobody else sees it.
    expect(
      await (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: '{ user(idOrUsername: "gus") { skinProfile { pregnant } } }' },
        })
      ).json(),
    ).toEqual({ data: { user: { skinProfile: null } } });
  });

  it('rejects bad values with 400 naming the field', async () => {
    const gus = await t.tokenFor('gus');
    for (const [payload, field] of [
      [{ skin_type: 'greasy' }, 'skin_type'],
      [{ concerns: ['acne', 'itchy'] }, 'concerns[1]'],
      [{ concerns: [7] }, 'concerns[0]'],
      [{ pregnant: 'yes' }, 'pregnant'],
      [{ pregnant: null }, 'pregnant'],
      [{ feelings_public: 1 }, 'feelings_public'],
      [{ feelings_public: null }, 'feelings_public'],
      [{ hair_type: 'curly' }, 'hair_type'],
    ] as const) {
      const response = await patchProfile('gus', payload, gus);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
  });

  it('is for the user and admins: 401 anonymous, 403 others, 404 unknown users', async () => {
    await t.tokenFor('gus');
    expect((await patchProfile('gus', { pregnant: false })).statusCode).toBe(401);
    const other = await patchProfile('gus', { pregnant: false }, await t.tokenFor('hal'));
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).code).toBe('FORBIDDEN');
    expect((await patchProfile('nobody-here', { pregnant: false }, await t.tokenFor('root', 'admin'))).statusCode).toBe(
      404,
    );
  });
});

describe('GET /analyze/:token/ingredient_feelings and /personalize', () => {
  const analyze = async (list: string, token?: string) =>
    (
      (
        await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list: list }, token })
      ).json() as { token: string }
    ).token;

  it("give the caller's feelings on the list in list order", async () => {
    const ivy = await t.tokenFor('ivy');
    await put('coconut-oil', 'negative', ivy);
    await put('glycerin', 'positive', ivy);
    await put('fragrance', 'positive', ivy);
    const token = await analyze('Aqua, Cocos Nucifera (Coconut) Oil, Niacinamide, Glycerin');
    const response = await get(`/analyze/${token}/ingredient_feelings`, ivy);
    expect(response.statusCode).toBe(200);
    const page = response.json() as FeelingPage;
    expect(page.items.map((f) => [f.ingredient.alias, f.sentiment])).toEqual([
      ['coconut-oil', 'negative'],
      ['glycerin', 'positive'],
    ]);
    expect(page.next_cursor).toBeNull();
    expect(
      ((await get(`/analyze/${token}/ingredient_feelings`, await t.tokenFor('jon'))).json() as FeelingPage).items,
    ).toEqual([]);
    expect((await get(`/analyze/${token}/ingredient_feelings`)).statusCode).toBe(401);
    expect((await get('/analyze/no-such-token-here/ingredient_feelings', ivy)).statusCode).toBe(404);
  });

  it('give a personal verdict from the skin profile, pregnancy and feelings, with reasons', async () => {
    const kay = await t.tokenFor('kay');
    const token = await analyze('Aqua, Glycerin, Niacinamide, Cocos Nucifera Oil, Retinol');

    const blank = (await get(`/analyze/${token}/personalize`, kay)).json();
    expect(blank).toEqual({
      token,
      verdict: 'neutral',
      skin_types: [],
      reasons: [],
      skin_profile: { skin_type: null, concerns: [], pregnant: false, feelings_public: true },
    });

    await patchProfile('kay', { skin_type: 'oily', concerns: ['acne'] }, kay);
    const oily = (await get(`/analyze/${token}/personalize`, kay)).json() as {
      verdict: string;
      skin_types: string[];
      reasons: Array<{ verdict: string; source: string; basis: string; reason: string; ingredient: { alias: string } }>;
    };
    expect(oily.verdict).toBe('caution');
    expect(oily.skin_types).toEqual(['oily', 'acne_prone']);
    expect(oily.reasons[0]).toEqual({
      verdict: 'caution',
      source: 'skin_type',
      basis: 'oily',
      reason: 'Oily skin: rated comedogenic 4 (3 or more), high enough in the list to count',
      ingredient: { id: expect.any(String), alias: 'coconut-oil', name: 'Cocos Nucifera (Coconut) Oil' },
    });
    expect(oily.reasons.map((r) => `${r.verdict}:${r.basis}:${r.ingredient.alias}`)).toEqual([
      'caution:oily:coconut-oil',
      'caution:acne:coconut-oil',
      'good:oily:niacinamide',
      'good:acne:niacinamide',
      'good:acne:retinol',
    ]);

    await patchProfile('kay', { pregnant: true }, kay);
    await put('niacinamide', 'negative', kay);
    await put('glycerin', 'positive', kay);
    const pregnant = (await get(`/analyze/${token}/personalize`, kay)).json() as typeof oily;
    expect(pregnant.verdict).toBe('avoid');
    expect(
      pregnant.reasons.filter((r) => r.verdict === 'avoid').map((r) => `${r.source}:${r.ingredient.alias}`),
    ).toEqual(['feeling:niacinamide', 'pregnancy:retinol']);
    expect(pregnant.reasons).toContainEqual(
      expect.objectContaining({
        verdict: 'good',
        source: 'feeling',
        basis: 'positive',
        ingredient: expect.objectContaining({ alias: 'glycerin' }),
      }),
    );
  });

  it("use the survey's sensitivities too: fragrance and acids the skin reacted to are cautions", async () => {
    const liv = await t.tokenFor('liv-sensitive');
    const token = await analyze('Aqua, Glycerin, Glycolic Acid, Parfum, Linalool');
    expect(((await get(`/analyze/${token}/personalize`, liv)).json() as { verdict: string }).verdict).toBe('neutral');
    const answered = await t.inject({
      method: 'POST',
      url: '/my/survey_answers',
      token: liv,
      payload: { answers: [{ question: 'sensitivities', values: ['fragrance', 'acids'] }] },
    });
    expect(answered.statusCode).toBe(201);
    const after = (await get(`/analyze/${token}/personalize`, liv)).json() as {
      verdict: string;
      reasons: Array<{ verdict: string; source: string; basis: string; ingredient: { alias: string } }>;
    };
    expect(after.verdict).toBe('caution');
    const sensitivity = after.reasons
      .filter((r) => r.source === 'sensitivity')
      .map((r) => `${r.basis}:${r.ingredient.alias}`);
    expect(sensitivity).toEqual(expect.arrayContaining(['acids:glycolic-acid', 'fragrance:linalool']));
  });

  it('needs a signed-in caller and a known token', async () => {
    expect((await get('/analyze/no-such-token-here/personalize')).statusCode).toBe(401);
    expect((await get('/analyze/no-such-token-here/personalize', await t.tokenFor('kay'))).statusCode).toBe(404);
  });
});
