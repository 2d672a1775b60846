import { describe, expect, it } from '@jest/globals';
import { compareItems, type CompareIngredient } from '../src/modules/compare/engine/compare.js';

const ing = (id: string, flags: string[] = [], effects: string[] = []): CompareIngredient => ({ id, flags, effects });
const water = ing('water');
const glycerin = ing('glycerin', [], ['hydrating']);
const parfum = ing('parfum', ['fragrance', 'eu_allergen']);
const dimethicone = ing('dimethicone', ['silicone'], ['smoothing']);
const niacinamide = ing('niacinamide', [], ['brightening', 'soothing']);

describe('compareItems', () => {
  const result = compareItems([
    { key: 'a', ingredients: [water, glycerin, parfum, niacinamide] },
    { key: 'b', ingredients: [water, dimethicone, glycerin, glycerin] },
  ]);

  it("finds shared ingredients in the first item's order, and those only in each", () => {
    expect(result.shared).toEqual(['water', 'glycerin']);
    expect(result.onlyIn).toEqual([['parfum', 'niacinamide'], ['dimethicone']]);
  });

  it('measures overlap as Jaccard over distinct ingredients (duplicates count once)', () => {
    expect(result.overlap).toEqual([{ a: 0, b: 1, jaccard: 0.4 }]);
  });

  it('puts flags and effects side by side with the ingredients behind them', () => {
    expect(result.flags.find((f) => f.name === 'fragrance')).toEqual({
      name: 'fragrance',
      present: [true, false],
      ingredientIds: [['parfum'], []],
    });
    expect(result.flags.find((f) => f.name === 'silicone')?.present).toEqual([false, true]);
    expect(result.effects.find((e) => e.name === 'hydrating')?.present).toEqual([true, true]);
    expect(result.effects.map((e) => e.name)).toEqual(['brightening', 'hydrating', 'smoothing', 'soothing']);
  });

  it('evaluates the free-of rules per item, naming what breaks them', () => {
    const rule = (name: string) => result.rules.find((r) => r.name === name)!;
    expect(rule('fragrance_free')).toEqual({
      name: 'fragrance_free',
      present: [false, true],
      ingredientIds: [['parfum'], []],
      answers: ['fails', 'passes'],
    });
    expect(rule('silicone_free').present).toEqual([true, false]);
    expect(rule('paraben_free').present).toEqual([true, true]);
  });

  it('with three items, shared is what all have and onlyIn what no other has', () => {
    const three = compareItems([
      { key: 'a', ingredients: [water, glycerin] },
      { key: 'b', ingredients: [water, glycerin, parfum] },
      { key: 'c', ingredients: [water, parfum, niacinamide] },
    ]);
    expect(three.shared).toEqual(['water']);
    expect(three.onlyIn).toEqual([[], [], ['niacinamide']]);
    expect(three.overlap).toHaveLength(3);
  });

  it('handles empty lists and refuses fewer than 2 or more than 5 items', () => {
    const empty = compareItems([
      { key: 'a', ingredients: [] },
      { key: 'b', ingredients: [] },
    ]);
    expect(empty).toMatchObject({
      shared: [],
      onlyIn: [[], []],
      overlap: [{ a: 0, b: 1, jaccard: 0 }],
      flags: [],
      effects: [],
    });
    expect(() => compareItems([{ key: 'a', ingredients: [water] }])).toThrow(RangeError);
    expect(() => compareItems(Array.from({ length: 6 }, (_, i) => ({ key: String(i), ingredients: [water] })))).toThrow(
      RangeError,
    );
  });
});
