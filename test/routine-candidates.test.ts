import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routineCandidates, type CandidateIngredient } from '../src/modules/routine/engine/candidates.js';
import { startTestApp, type TestApp } from './helpers/app.js';

const ingredient = (
  name: string,
  groups: string[] = [],
  effects: string[] = [],
  functions: string[] = [],
): CandidateIngredient => ({ name, groups, effects, functions });

describe('routine candidates (engine, plain data)', () => {
  it('puts a retinoid serum in the evening treat step', () => {
    const steps = routineCandidates({ stepType: 'treat', name: 'Serums' }, [
      ingredient('Water'),
      ingredient('Retinol', ['retinoids']),
    ]);
    expect(steps[0]).toMatchObject({ stepType: 'treat', timesOfDay: ['pm'] });
    expect(steps[0].reasons.join(' ')).toMatch(/retinoid/);
  });

  it("lets the category decide the kind: a sunscreen's emollients do not make it a moisturiser", () => {
    const sunscreen = [
      ingredient('Water'),
      ingredient('Zinc Oxide', ['mineral_uv_filters'], ['uv_protecting']),
      ingredient('Caprylic/Capric Triglyceride', [], [], ['emollient']),
    ];
    const steps = routineCandidates({ stepType: 'protect', name: 'Mineral sunscreens' }, sunscreen);
    expect(steps.map((s) => s.stepType)).toEqual(['protect']);
    expect(steps[0].timesOfDay).toEqual(['am']);
    // A retinol serum is a treatment, whatever its squalane; only without a category do ingredients decide.
    const serum = [
      ingredient('Water'),
      ingredient('Squalane', [], [], ['emollient']),
      ingredient('Retinol', ['retinoids']),
    ];
    expect(routineCandidates({ stepType: 'treat', name: 'Serums' }, serum).map((s) => s.stepType)).toEqual(['treat']);
    expect(
      routineCandidates(null, serum)
        .map((s) => s.stepType)
        .sort(),
    ).toEqual(['moisturise', 'treat']);
  });

  it('still takes the time of day from the actives of a product of known kind', () => {
    const nightCream = routineCandidates({ stepType: 'moisturise', name: 'Creams' }, [
      ingredient('Water'),
      ingredient('Retinol', ['retinoids']),
    ]);
    expect(nightCream).toEqual([expect.objectContaining({ stepType: 'moisturise', timesOfDay: ['pm'] })]);
    expect(nightCream[0].reasons.join(' ')).toMatch(/retinoid/);
  });

  it('sends exfoliating acids to the evening and vitamin C to the morning', () => {
    const steps = routineCandidates(null, [
      ingredient('Glycolic Acid', ['ahas']),
      ingredient('Ascorbic Acid', ['vitamin_c']),
    ]);
    expect(steps.find((s) => s.stepType === 'exfoliate')!.timesOfDay).toEqual(['pm']);
    expect(steps.find((s) => s.stepType === 'treat')!.timesOfDay).toEqual(['am']);
  });

  it('knows a cleanser by its surfactants and offers nothing for plain water', () => {
    expect(
      routineCandidates(null, [
        ingredient('Water'),
        ingredient('Sodium Laureth Sulfate', [], [], ['surfactant', 'cleansing']),
      ])[0].stepType,
    ).toBe('cleanse');
    expect(routineCandidates(null, [ingredient('Water')])).toEqual([]);
  });
});

describe('GET /products/:id_or_alias/routine_candidates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the steps of a real product, and 404 for an unknown one', async () => {
    const [row] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias, c.step_type from product p join product_category c on c.id = p.category_id where p.status = 'published' and c.step_type is not null limit 1`,
      );
    const response = await t.inject({ method: 'GET', url: `/products/${row.alias}/routine_candidates` });
    expect(response.statusCode).toBe(200);
    const steps = (
      response.json() as { items: Array<{ step_type: string; times_of_day: string[]; reasons: string[] }> }
    ).items;
    expect(steps[0].step_type).toBe(row.step_type);
    for (const s of steps) expect(s.reasons.length).toBeGreaterThan(0);
    // In words, with the right article: "is an exfoliating step (exfoliate)", never "is a exfoliate step".
    expect(steps[0].reasons[0]).toMatch(new RegExp(`^its category, .*, is an? [\\w-]+ step \\(${row.step_type}\\)$`));
    expect((await t.inject({ method: 'GET', url: '/products/nope/routine_candidates' })).statusCode).toBe(404);
  });

  it('says an exfoliant\'s step in words: "is an exfoliating step", not "is a exfoliate step"', async () => {
    const [row] = await t
      .em()
      .getConnection()
      .execute(
        `select p.alias, c.name from product p join product_category c on c.id = p.category_id where p.status = 'published' and c.step_type = 'exfoliate' limit 1`,
      );
    const response = await t.inject({ method: 'GET', url: `/products/${row.alias}/routine_candidates` });
    const steps = (response.json() as { items: Array<{ step_type: string; reasons: string[] }> }).items;
    expect(steps[0]).toMatchObject({ step_type: 'exfoliate' });
    expect(steps[0].reasons[0]).toBe(`its category, ${row.name}, is an exfoliating step (exfoliate)`);
  });

  const create = async (name: string, category: string, list: string): Promise<string> => {
    const moderator = await t.tokenFor('candidates-mod', 'moderator');
    const brand = (
      (await t.inject({ method: 'GET', url: '/brands?limit=1' })).json() as { items: Array<{ alias: string }> }
    ).items[0].alias;
    const created = await t.inject({
      method: 'POST',
      url: '/products/create',
      token: moderator,
      payload: { name, brand, ingredient_list: list, category },
    });
    expect(created.statusCode).toBe(201);
    const { alias } = created.json() as { alias: string };
    expect((await t.inject({ method: 'PATCH', url: `/products/${alias}/publish`, token: moderator })).statusCode).toBe(
      200,
    );
    return alias;
  };
  type Page = {
    items: Array<{ step_type: string; times_of_day: string[] }>;
    for_you: null | { verdict: string; reasons: Array<{ source: string; ingredient: { name: string } }> };
  };

  it('offers neither a sunscreen nor a retinol serum for a moisturise step', async () => {
    const sunscreen = await create(
      'Candidates SPF 50',
      'mineral-sunscreens',
      'Water, Zinc Oxide, Caprylic/Capric Triglyceride, Squalane, Glycerin, Phenoxyethanol',
    );
    const serum = await create(
      'Candidates retinol serum',
      'serums',
      'Water, Squalane, Caprylic/Capric Triglyceride, Retinol, Phenoxyethanol',
    );
    const spf = (await t.inject({ method: 'GET', url: `/products/${sunscreen}/routine_candidates` })).json() as Page;
    expect(spf.items.map((s) => s.step_type)).toEqual(['protect']);
    const retinol = (await t.inject({ method: 'GET', url: `/products/${serum}/routine_candidates` })).json() as Page;
    expect(retinol.items).toEqual([expect.objectContaining({ step_type: 'treat', times_of_day: ['pm'] })]);
  });

  it('answers a signed-in caller from their own profile, an anonymous one without', async () => {
    const serum = await create('Candidates retinol serum 2', 'serums', 'Water, Glycerin, Retinol, Phenoxyethanol');
    const token = await t.tokenFor('candidates-pregnant');
    const user = await t.user('candidates-pregnant');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/users/${user.id}/skin_profile`,
          token,
          payload: { pregnant: true, skin_type: 'dry' },
        })
      ).statusCode,
    ).toBe(200);
    const anonymous = (await t.inject({ method: 'GET', url: `/products/${serum}/routine_candidates` })).json() as Page;
    const mine = (
      await t.inject({ method: 'GET', url: `/products/${serum}/routine_candidates`, token })
    ).json() as Page;
    expect(anonymous.for_you).toBeNull();
    expect(mine.items).toEqual(anonymous.items);
    expect(mine.for_you?.verdict).toBe('avoid');
    expect(mine.for_you?.reasons).toContainEqual(
      expect.objectContaining({ source: 'pregnancy', ingredient: expect.objectContaining({ name: 'Retinol' }) }),
    );
  });
});
