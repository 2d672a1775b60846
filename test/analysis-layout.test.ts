// Label layout over REST and GraphQL on a real database: a list we could not read is answered unread and passes no
// free-of rule (also once stored and read back), a kit's parts each have their product type, and one ingredient
// named twice says so on its entry.
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
  part: string | null;
  unread: boolean;
  also_printed_as: string[];
  notes: string[];
  concentration_estimate: { max: number };
};
type Answer = {
  token: string;
  unread: boolean;
  ingredients: Entry[];
  part_readings: Array<{ part: string; product_type: string }>;
};
type Rules = { passes_all: boolean; unread: boolean; rules: Array<{ rule: string; passes: boolean; unread: boolean }> };

const analyze = async (ingredient_list: string) => {
  const response = await t.inject({ method: 'POST', url: '/analyze/ingredient_list', payload: { ingredient_list } });
  expect(response.statusCode).toBe(201);
  return response.json() as Answer;
};
const rules = async (token: string) =>
  (await t.inject({ method: 'GET', url: `/analyze/${token}/rules` })).json() as Rules;

describe('lists that could not be read', () => {
  it('are answered unread, and no free-of rule passes on them, stored or not', async () => {
    const a = await analyze(
      'Ingredients: Aqua Glycerin Zorbelline Complex Rare Floral Accord Dimethicone Phenoxyethanol',
    );
    expect(a.unread).toBe(true);
    expect(a.ingredients.map((e) => e.unread)).toEqual([true]);
    const r = await rules(a.token);
    expect(r.unread).toBe(true);
    expect(r.passes_all).toBe(false);
    expect(r.rules.filter((x) => x.passes)).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/analyze/shared/${a.token}` })).json()).toMatchObject({
      unread: true,
    });
  });

  it('are unread when nothing of the text reads as an ingredient, and pass no rule', async () => {
    const a = await analyze('Formulated without: Parabens, Sulfates, Mineral Oil, Fragrance.');
    expect(a.ingredients).toEqual([]);
    expect(a.unread).toBe(true);
    const r = await rules(a.token);
    expect(r.passes_all).toBe(false);
    expect(r.rules.filter((x) => x.passes)).toEqual([]);
  });

  it('are split where known names say when every word is a known name, and rules then read them', async () => {
    const a = await analyze(
      'Ingredients: Propylene Glycol Dimethicone Glycerin Ascorbic Acid Sodium Hyaluronate Phenoxyethanol Limonene Citral Linalool',
    );
    expect(a.unread).toBe(false);
    expect(a.ingredients.map((e) => e.input)).toEqual([
      'Propylene Glycol',
      'Dimethicone',
      'Glycerin',
      'Ascorbic Acid',
      'Sodium Hyaluronate',
      'Phenoxyethanol',
      'Limonene',
      'Citral',
      'Linalool',
    ]);
    const r = await rules(a.token);
    expect(r.unread).toBe(false);
    expect(r.rules.find((x) => x.rule === 'eu_allergen_free')!.passes).toBe(false);
    expect(r.rules.find((x) => x.rule === 'silicone_free')!.passes).toBe(false);
  });
});

describe('kits and names printed twice', () => {
  it('reads each part of a kit as a product of its own', async () => {
    const a = await analyze(
      '1. Gentle Cleanser: Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Phenoxyethanol\n2. Vitamin C Serum: Water, Ascorbic Acid, Glycerin, Propanediol, Phenoxyethanol',
    );
    expect(a.part_readings.map((p) => [p.part, p.product_type])).toEqual([
      ['Gentle Cleanser', 'rinse_off'],
      ['Vitamin C Serum', 'leave_on'],
    ]);
    expect(a.ingredients[5]).toMatchObject({
      input: 'Water',
      part: 'Vitamin C Serum',
      concentration_estimate: { max: 100 },
    });
  });

  it('keeps one entry for one ingredient under two names, with a note', async () => {
    const a = await analyze('Ingredients: Water, Glycerin, Tocopherol, Squalane, Vitamin E, Phenoxyethanol');
    const tocopherol = a.ingredients.find((e) => e.input === 'Tocopherol')!;
    expect(tocopherol.also_printed_as).toEqual(['Vitamin E']);
    expect(tocopherol.notes.join(' ')).toMatch(/Also printed as "Vitamin E"/);
    expect(a.ingredients.map((e) => e.input)).not.toContain('Vitamin E');
  });
});
