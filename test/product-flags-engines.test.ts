// The engines that read a product's stored flags (issue 40), on plain data: the comparison's free-of answers
// (passes, fails, unknown), the routine's pregnancy findings for its owner, and alternatives that the person's
// check calls "avoid". Shapes tried: a rule broken, passed and not to be judged; an ingredient printed twice with
// different readings; steps with none, one and several flagged ingredients; originals and alternatives of every
// verdict pairing.
import { describe, expect, it } from '@jest/globals';
import { rankAlternatives, type AlternativeIngredient } from '../src/modules/alternative/engine/rank-alternatives.js';
import { compareItems, type CompareIngredient } from '../src/modules/compare/engine/compare.js';
import { RULES } from '../src/modules/analysis/engine/rules.js';
import type { EngineIngredient, EngineStep } from '../src/modules/routine/engine/compatibility.js';
import { PREGNANCY_RULE, pregnancyFindings } from '../src/modules/routine/engine/pregnancy.js';

const ing = (id: string, flags: string[] = []): CompareIngredient => ({ id, flags, effects: [] });

describe('comparison: each free-of rule passes, fails or is unknown', () => {
  const toner = {
    key: 'toner',
    ingredients: [
      ing('water'),
      ing('linalool', ['fragrance', 'eu_allergen']),
      ing('limonene', ['fragrance', 'eu_allergen']),
    ],
  };
  const plain = { key: 'plain', ingredients: [ing('water'), ing('glycerin')] };
  const unread = { key: 'unread', ingredients: [ing('water'), ing('glycerin')], unread: true };
  const brokenUnread = { key: 'broken-unread', ingredients: [ing('parfum', ['fragrance'])], unread: true };
  const result = compareItems([toner, plain, unread, brokenUnread]);
  const rule = (name: string) => result.rules.find((r) => r.name === name)!;

  it('a toner with linalool and limonene fails fragrance-free; a fragrance-free list passes it', () => {
    expect(rule('fragrance_free').answers).toEqual(['fails', 'passes', 'unknown', 'fails']);
    expect(rule('fragrance_free').present).toEqual([false, true, false, false]);
    expect(rule('fragrance_free').ingredientIds).toEqual([['linalool', 'limonene'], [], [], ['parfum']]);
  });

  it('an unread entry makes every rule nothing read breaks unknown, never passes', () => {
    for (const r of RULES) {
      expect(rule(r.rule).answers![2]).toBe('unknown');
      expect(rule(r.rule).present[2]).toBe(false);
    }
  });

  it('an ingredient printed twice keeps the flags of both of its readings', () => {
    const twice = compareItems([
      { key: 'a', ingredients: [ing('salicylic-acid'), ing('salicylic-acid', ['pregnancy_caution'])] },
      plain,
    ]);
    expect(twice.flags.find((f) => f.name === 'pregnancy_caution')?.present).toEqual([true, false]);
  });
});

const engineIngredient = (alias: string, flags: string[] = []): EngineIngredient & AlternativeIngredient => ({
  id: `id-${alias}`,
  alias,
  name: alias,
  flags,
  groups: [],
  effects: [],
  functions: [],
});
const step = (position: number, name: string, ...ingredients: EngineIngredient[]): EngineStep => ({
  id: `step-${position}`,
  position,
  stepType: position === 1 ? 'cleanse' : 'treat',
  product: { id: `p-${position}`, name, ingredients },
});

describe("routine: a pregnant owner's verdict names each pregnancy-avoid product", () => {
  const retinol = engineIngredient('retinol', ['pregnancy_caution']);
  const tretinoin = engineIngredient('tretinoin', ['pregnancy_caution']);
  const water = engineIngredient('water');

  it('one high finding per flagged product, in step order, naming its flagged ingredients once', () => {
    const findings = pregnancyFindings([
      step(3, 'Night Serum', water, retinol, tretinoin, retinol),
      step(1, 'Gentle Wash', water),
      step(2, 'Retinol Cream', retinol),
    ]);
    expect(findings.map((f) => [f.rule, f.severity, f.steps[0].position, f.ingredients.map((i) => i.alias)])).toEqual([
      [PREGNANCY_RULE, 'high', 2, ['retinol']],
      [PREGNANCY_RULE, 'high', 3, ['retinol', 'tretinoin']],
    ]);
    expect(findings[1].reason).toMatch(/“Night Serum” at step 3 \(treat\) holds retinol, tretinoin/);
  });

  it('nothing for steps without a product or without a flagged ingredient', () => {
    expect(
      pregnancyFindings([step(1, 'Gentle Wash', water), { id: 's', position: 2, stepType: 'treat', product: null }]),
    ).toEqual([]);
  });
});

describe('alternatives: "better" is never "avoid", and "avoid" never ranks above "good"', () => {
  const retinol = engineIngredient('retinol', ['pregnancy_caution']);
  const tretinoin = engineIngredient('tretinoin', ['pregnancy_caution']);
  const water = engineIngredient('water');
  const glycerin = engineIngredient('glycerin');
  const pregnant = {
    profile: { skinType: null, concerns: [], pregnant: true },
    positive: [],
    negative: [],
    wishes: [],
  };

  it('an alternative with fewer pregnancy avoids than an avoid original is still not better', () => {
    const original = { id: 'original', ingredients: [water, retinol, tretinoin] };
    const ranked = rankAlternatives(
      original,
      [
        { id: 'one-avoid', similarity: 0.95, ingredients: [water, retinol] },
        { id: 'clean', similarity: 0.4, ingredients: [water, glycerin] },
      ],
      pregnant,
      null,
      10,
    );
    expect(ranked.map((r) => [r.id, r.verdict, r.comparedToOriginal])).toEqual([
      ['clean', expect.not.stringMatching(/^avoid$/), 'better'],
      ['one-avoid', 'avoid', 'same'],
    ]);
  });

  it('an avoid alternative to a product the person may use is worse, and ranks after it', () => {
    const ranked = rankAlternatives(
      { id: 'original', ingredients: [water, glycerin] },
      [
        { id: 'avoid', similarity: 0.99, ingredients: [water, glycerin, retinol] },
        { id: 'fine', similarity: 0.2, ingredients: [water] },
      ],
      pregnant,
      null,
      10,
    );
    expect(ranked.map((r) => [r.id, r.comparedToOriginal])).toEqual([
      ['fine', 'same'],
      ['avoid', 'worse'],
    ]);
    for (const r of ranked) if (r.comparedToOriginal === 'better') expect(r.verdict).not.toBe('avoid');
  });
});
