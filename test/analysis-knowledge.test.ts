// The knowledge engines through the app: the analysis answer's per-entry estimates, ratings, flags and EU law, the
// flag summary, and the dose-aware rules and skin-type verdicts, as a client sees them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Entry = {
  input: string;
  concentration_estimate: { min: number; max: number; basis: string };
  flags: string[];
  comedogenic: number | null;
  irritancy: number | null;
  rating_source: string | null;
  notes: string[];
  regulation: Array<{
    class: string;
    source: string;
    annex: string;
    entry: string | null;
    published: string;
    max_percent: number | null;
    exceeded: boolean;
  }>;
};
type Analysis = {
  token: string;
  ingredients: Entry[];
  product_type: string;
  product_type_basis: string;
  flag_summary: Array<{
    flag: string;
    label: string;
    entries: Array<{ position: number; input: string; ingredient: { alias: string } }>;
  }>;
  regulatory_alerts: Array<{ position: number; input: string; message: string }>;
};
const analyze = async (ingredient_list: string): Promise<Analysis> => {
  const response = await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list } });
  expect(response.statusCode).toBe(201);
  return response.json() as Analysis;
};
const entry = (a: Analysis, input: string) => a.ingredients.find((e) => e.input === input)!;

describe('the analysis answer reads the list like an expert', () => {
  it('gives every entry a concentration estimate with its basis, its ratings and flags, and what EU law says', async () => {
    const a = await analyze(
      'Aqua, Isopropyl Myristate, Glycerin, Salicylic Acid 3%, Phenoxyethanol, Lactic Acid, Menthol, Butylphenyl Methylpropional, Xyzzy Extract',
    );
    expect(a.product_type).toBe('leave_on');
    for (const e of a.ingredients) {
      expect(e.concentration_estimate.min).toBeLessThanOrEqual(e.concentration_estimate.max);
      expect(e.concentration_estimate.basis.length).toBeGreaterThan(10);
    }
    expect(entry(a, 'Salicylic Acid').concentration_estimate).toMatchObject({ min: 3, max: 3 });
    expect(entry(a, 'Lactic Acid').concentration_estimate.max).toBe(1);
    expect(entry(a, 'Lactic Acid').notes.join(' ')).toMatch(/adjusts the pH/);
    expect(entry(a, 'Xyzzy Extract').concentration_estimate.max).toBe(1);
    expect(entry(a, 'Isopropyl Myristate')).toMatchObject({
      comedogenic: 5,
      irritancy: 3,
      rating_source: 'fulton-1989',
    });
    expect(entry(a, 'Menthol').flags).toContain('eu_allergen_2023');
    const restricted = entry(a, 'Salicylic Acid').regulation.find((r) => r.class === 'restricted')!;
    // From the Commission's export (last update 31 October 2025): the act that last set entry 98.
    expect(restricted).toMatchObject({
      annex: 'III',
      entry: '98',
      max_percent: 2,
      exceeded: true,
      published: '2025-10-31',
    });
    expect(restricted.source).toMatch(/Annex III\/98 .*\(EU\) 2021\/850/);
    expect(a.regulatory_alerts.map((x) => x.input)).toEqual(['Salicylic Acid', 'Butylphenyl Methylpropional']);
    const summary = Object.fromEntries(a.flag_summary.map((f) => [f.flag, f]));
    expect(summary.eu_prohibited.entries.map((e) => e.ingredient.alias)).toEqual(['butylphenyl-methylpropional']);
    expect(summary.eu_allergen_2023.label).toMatch(/2023\/1545/);
    expect(summary.fungal_acne_trigger.entries.map((e) => e.input)).toEqual(['Isopropyl Myristate']);
    // A 3% salicylic acid leave-on is peel strength: the pregnancy caution stays.
    expect(summary.pregnancy_caution.entries.map((e) => e.input)).toEqual(['Salicylic Acid']);
  });

  it('costs no SQL beyond the one INSERT', async () => {
    const { response, statements } = await t.countStatements({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua, Benzoyl Peroxide 5%, Phenoxyethanol, Menthol' },
    });
    expect(response.statusCode).toBe(201);
    expect(statements).toBe(1);
  });

  it('the shared analysis gives the same reading', async () => {
    const a = await analyze('Aqua, Glycerin, Phenoxyethanol, Menthol');
    const shared = (await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json() as Analysis;
    expect(shared.flag_summary).toEqual(a.flag_summary);
    expect(shared.ingredients.map((e) => e.concentration_estimate)).toEqual(
      a.ingredients.map((e) => e.concentration_estimate),
    );
  });
});

describe("a pasted label's name line says how the product is used", () => {
  const MILK = 'Aqua, Caprylic/Capric Triglyceride, Glycerin, Cetearyl Alcohol, Glyceryl Stearate, Phenoxyethanol';

  it('when new and when shared; the list alone reads as leave-on', async () => {
    const bare = await analyze(MILK);
    expect(bare.product_type).toBe('leave_on');
    const named = await analyze(`Gentle Milk Cleanser 200 ml\nIngredients: ${MILK}`);
    expect(named.product_type).toBe('rinse_off');
    expect(named.product_type_basis).toBe('Read as a rinse-off product from its name ("Gentle Milk Cleanser 200 ml").');
    // A stored analysis keeps its list, not its name line: it is found again, with the same reading.
    const shared = (await t.inject({ method: 'GET', url: `/analyze/shared/${named.token}` })).json() as Analysis;
    expect([shared.product_type, shared.product_type_basis]).toEqual([named.product_type, named.product_type_basis]);
    expect(shared.ingredients.map((e) => e.concentration_estimate)).toEqual(
      named.ingredients.map((e) => e.concentration_estimate),
    );
  });

  it('a direction above the list is no name', async () => {
    const a = await analyze(`Apply after cleansing\nIngredients: ${MILK}`);
    expect(a.product_type).toBe('leave_on');
  });
});

describe('rules and verdicts weigh the dose', () => {
  it('a 10% benzoyl peroxide gel is a caution for sensitive and dry skin, good for acne-prone skin', async () => {
    const a = await analyze('Aqua, Benzoyl Peroxide 10%, Glycerin, Carbomer, Sodium Hydroxide');
    const calc = (await t.inject({ method: 'GET', url: `/analyze/${a.token}/skin_calc` })).json() as {
      skin_types: Array<{ skin_type: string; verdict: string; caution: Array<{ reason: string }> }>;
    };
    const by = Object.fromEntries(calc.skin_types.map((s) => [s.skin_type, s]));
    expect(by.sensitive.verdict).toBe('caution');
    expect(by.dry.verdict).toBe('caution');
    expect(by.dry.caution[0].reason).toMatch(/benzoyl peroxide \(10%, printed\)/);
    expect(by.acne_prone.verdict).toBe('good');
  });

  it('a salicylic acid cleanser keeps the pregnancy-safe rule; the same acid at peel strength breaks it', async () => {
    const rulesOf = async (list: string) => {
      const a = await analyze(list);
      const rules = (await t.inject({ method: 'GET', url: `/analyze/${a.token}/rules` })).json() as {
        rules: Array<{ rule: string; passes: boolean }>;
      };
      return Object.fromEntries(rules.rules.map((r) => [r.rule, r.passes]));
    };
    const cleanser = await rulesOf('Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Salicylic Acid 2%, Glycerin');
    expect(cleanser.pregnancy_safe).toBe(true);
    const peel = await rulesOf('Aqua, Salicylic Acid 20%, Alcohol Denat.');
    expect(peel.pregnancy_safe).toBe(false);
    const banned = await rulesOf('Aqua, Glycerin, Butylphenyl Methylpropional');
    expect(banned.eu_permitted).toBe(false);
  });
});
