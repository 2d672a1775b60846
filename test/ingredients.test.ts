import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /ingredients/create', () => {
  const body = {
    name: 'Hydroxyethyl Urea Test',
    other_names: ['Hydrovance Test'],
    functions: ['humectant'],
    effects: ['hydrating'],
    groups: ['humectants'],
    description: 'A humectant urea derivative.',
  };

  it('is for moderators and admins only', async () => {
    expect((await t.inject({ method: 'POST', url: '/ingredients/create', payload: body })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: '/ingredients/create', payload: body, token: await t.tokenFor('ivan') }))
        .statusCode,
    ).toBe(403);
  });

  it('creates a checked ingredient that the analyser then recognises', async () => {
    const mod = await t.tokenFor('mod', 'moderator');
    const created = await t.inject({ method: 'POST', url: '/ingredients/create', payload: body, token: mod });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      alias: 'hydroxyethyl-urea-test',
      name: 'Hydroxyethyl Urea Test',
      other_names: ['Hydrovance Test'],
    });
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Water, Hydrovance Test' },
      })
    ).json() as { ingredients: Array<{ match: string; ingredient: { alias: string } | null }> };
    expect(analysis.ingredients[1]).toMatchObject({ match: 'alias', ingredient: { alias: 'hydroxyethyl-urea-test' } });
    const again = await t.inject({ method: 'POST', url: '/ingredients/create', payload: body, token: mod });
    expect(again.statusCode).toBe(409);
    const clash = await t.inject({
      method: 'POST',
      url: '/ingredients/create',
      payload: { ...body, name: 'Something New', other_names: ['Aqua'] },
      token: mod,
    });
    expect(clash.statusCode).toBe(409);
  });

  it('rejects values outside the vocabulary and bad ratings with 400 naming the field', async () => {
    const mod = await t.tokenFor('mod', 'moderator');
    for (const [payload, field] of [
      [{ ...body, name: 'A1', functions: ['levitating'] }, 'functions'],
      [{ ...body, name: 'A2', flags: ['sparkly'] }, 'flags'],
      [{ ...body, name: 'A3', functions: [] }, 'functions'],
      [{ ...body, name: 'A4', comedogenic: 9, rating_source: 'community' }, 'comedogenic'],
      [{ ...body, name: 'A5', comedogenic: 2 }, 'rating_source'],
      // Only a published source may back a rating: the uncited "community" tables were removed.
      [{ ...body, name: 'A8', comedogenic: 2, rating_source: 'community' }, 'rating_source'],
      [{ ...body, name: 'A9', irritancy: 1, rating_source: 'Fulton-1989 ' }, 'rating_source'],
      [{ ...body, name: 'A6', alias: 'Bad Alias' }, 'alias'],
      [{ ...body, name: 'A7', cas_number: 'abc' }, 'cas_number'],
    ] as const) {
      const response = await t.inject({
        method: 'POST',
        url: '/ingredients/create',
        payload: payload as object,
        token: mod,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
  });
});

describe('ingredient feedback', () => {
  it('lets signed-in users report and lists their own reports', async () => {
    const url = '/ingredients/niacinamide/submit_feedback';
    expect(
      (await t.inject({ method: 'POST', url, payload: { kind: 'breakout', message: 'Broke me out' } })).statusCode,
    ).toBe(401);
    const jade = await t.tokenFor('jade');
    const created = await t.inject({
      method: 'POST',
      url,
      payload: { kind: 'breakout', message: 'Broke me out at 10%' },
      token: jade,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'breakout', ingredient: { alias: 'niacinamide' } });
    await t.inject({
      method: 'POST',
      url: '/ingredients/glycerin/submit_feedback',
      payload: { kind: 'improvement', message: 'Softer skin' },
      token: jade,
    });

    const all = (await t.inject({ method: 'GET', url: '/my/ingredient_feedback', token: jade })).json() as {
      items: Array<{ ingredient: { alias: string } }>;
    };
    expect(all.items.map((f) => f.ingredient.alias)).toEqual(['glycerin', 'niacinamide']);
    const one = (await t.inject({ method: 'GET', url: '/my/ingredient_feedback/niacinamide', token: jade })).json() as {
      items: unknown[];
    };
    expect(one.items).toHaveLength(1);
    const others = (
      await t.inject({ method: 'GET', url: '/my/ingredient_feedback', token: await t.tokenFor('kim') })
    ).json() as { items: unknown[] };
    expect(others.items).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: '/my/ingredient_feedback' })).statusCode).toBe(401);
  });

  it('rejects unknown kinds, empty messages and unknown ingredients', async () => {
    const jade = await t.tokenFor('jade');
    expect(
      errorOf(
        await t.inject({
          method: 'POST',
          url: '/ingredients/niacinamide/submit_feedback',
          payload: { kind: 'meh', message: 'xxxx' },
          token: jade,
        }),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'kind' } });
    expect(
      errorOf(
        await t.inject({
          method: 'POST',
          url: '/ingredients/niacinamide/submit_feedback',
          payload: { kind: 'other', message: ' ' },
          token: jade,
        }),
      ),
    ).toMatchObject({ details: { field: 'message' } });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/ingredients/nope/submit_feedback',
          payload: { kind: 'other', message: 'hello' },
          token: jade,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/my/ingredient_feedback/nope', token: jade })).statusCode).toBe(404);
  });
});

describe('ingredient list filters take known values only', () => {
  it('answers 400 naming the filter for an unknown flag, function or group, not an empty page', async () => {
    for (const field of ['flag', 'function', 'group']) {
      const response = await t.inject({ method: 'GET', url: `/ingredients?${field}=bogus` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    const fragrance = (await t.inject({ method: 'GET', url: '/ingredients?flag=fragrance&limit=5' })).json() as {
      items: unknown[];
    };
    expect(fragrance.items.length).toBeGreaterThan(0);
  });
});
