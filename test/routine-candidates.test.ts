import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routineCandidates, type CandidateIngredient } from '../src/modules/routine/engine/candidates.js';
import { startTestApp, type TestApp } from './helpers/app.js';

const ingredient = (name: string, groups: string[] = [], effects: string[] = [], functions: string[] = []): CandidateIngredient => ({ name, groups, effects, functions });

describe('routine candidates (engine, plain data)', () => {
  it('puts a retinoid serum in the evening treat step', () => {
    const steps = routineCandidates({ stepType: 'treat', name: 'Serums' }, [ingredient('Water'), ingredient('Retinol', ['retinoids'])]);
    expect(steps[0]).toMatchObject({ stepType: 'treat', timesOfDay: ['pm'] });
    expect(steps[0].reasons.join(' ')).toMatch(/retinoid/);
  });

  it('makes a sunscreen a morning protect step and keeps the category step first', () => {
    const steps = routineCandidates({ stepType: 'moisturise', name: 'Creams' }, [
      ingredient('Water'), ingredient('Zinc Oxide', ['mineral_uv_filters'], ['uv_protecting']), ingredient('Caprylic/Capric Triglyceride', [], [], ['emollient']),
    ]);
    expect(steps.map((s) => s.stepType)).toEqual(['moisturise', 'protect']);
    expect(steps[1].timesOfDay).toEqual(['am']);
  });

  it('sends exfoliating acids to the evening and vitamin C to the morning', () => {
    const steps = routineCandidates(null, [ingredient('Glycolic Acid', ['ahas']), ingredient('Ascorbic Acid', ['vitamin_c'])]);
    expect(steps.find((s) => s.stepType === 'exfoliate')!.timesOfDay).toEqual(['pm']);
    expect(steps.find((s) => s.stepType === 'treat')!.timesOfDay).toEqual(['am']);
  });

  it('knows a cleanser by its surfactants and offers nothing for plain water', () => {
    expect(routineCandidates(null, [ingredient('Water'), ingredient('Sodium Laureth Sulfate', [], [], ['surfactant', 'cleansing'])])[0].stepType).toBe('cleanse');
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
    const [row] = await t.em().getConnection().execute(`select p.alias, c.step_type from product p join product_category c on c.id = p.category_id where p.status = 'published' and c.step_type is not null limit 1`);
    const response = await t.inject({ method: 'GET', url: `/products/${row.alias}/routine_candidates` });
    expect(response.statusCode).toBe(200);
    const steps = (response.json() as { items: Array<{ step_type: string; times_of_day: string[]; reasons: string[] }> }).items;
    expect(steps[0].step_type).toBe(row.step_type);
    for (const s of steps) expect(s.reasons.length).toBeGreaterThan(0);
    expect((await t.inject({ method: 'GET', url: '/products/nope/routine_candidates' })).statusCode).toBe(404);
  });
});
