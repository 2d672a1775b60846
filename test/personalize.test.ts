import { describe, expect, it } from '@jest/globals';
import { personalize, type PersonalProfile } from '../src/modules/analysis/engine/personalize.js';
import type { SkinIngredient } from '../src/modules/analysis/engine/skin-types.js';

// Plain data shaped like the knowledge base's entries.
const ing = (id: string, fields: Partial<SkinIngredient> = {}): SkinIngredient => ({
  id,
  flags: [],
  groups: [],
  effects: [],
  functions: [],
  comedogenic: null,
  irritancy: null,
  ...fields,
});

const water = ing('water', { functions: ['solvent'] });
const glycerin = ing('glycerin', {
  effects: ['hydrating', 'barrier_repairing'],
  groups: ['humectants'],
  comedogenic: 0,
});
const niacinamide = ing('niacinamide', {
  effects: ['brightening', 'barrier_repairing', 'oil_controlling', 'pore_minimizing', 'anti_aging', 'soothing'],
  groups: ['niacinamide'],
});
const coconutOil = ing('coconut-oil', {
  effects: ['moisturizing'],
  flags: ['fungal_acne_trigger'],
  groups: ['plant_oils'],
  comedogenic: 4,
  irritancy: 0,
});
const retinol = ing('retinol', {
  effects: ['anti_aging', 'acne_fighting', 'brightening'],
  flags: ['pregnancy_caution'],
  groups: ['retinoids'],
});
const fragrance = ing('fragrance', { flags: ['fragrance'] });
const alcohol = ing('alcohol-denat', { flags: ['drying_alcohol'], functions: ['astringent'] });

const blank: PersonalProfile = { skinType: null, concerns: [], pregnant: false };
const noFeelings = { positive: [], negative: [] };
const summary = (r: ReturnType<typeof personalize<SkinIngredient>>) =>
  r.reasons.map((x) => `${x.verdict}:${x.source}:${x.basis}:${x.ingredient.id}`);

describe('personalize', () => {
  it('is neutral with no profile and no feelings: nothing to go on', () => {
    const result = personalize([water, glycerin, coconutOil, retinol], blank, noFeelings);
    expect(result).toEqual({ verdict: 'neutral', skinTypes: [], reasons: [] });
  });

  it("applies the skin type's verdicts: caution wins over good", () => {
    const result = personalize([water, niacinamide, coconutOil], { ...blank, skinType: 'oily' }, noFeelings);
    expect(result.verdict).toBe('caution');
    expect(result.skinTypes).toEqual(['oily']);
    expect(result.reasons[0]).toMatchObject({
      verdict: 'caution',
      source: 'skin_type',
      basis: 'oily',
      reason: 'Oily skin: rated comedogenic 4 (3 or more)',
      ingredient: coconutOil,
    });
    expect(summary(result)).toEqual(['caution:skin_type:oily:coconut-oil', 'good:skin_type:oily:niacinamide']);
    expect(personalize([water, niacinamide], { ...blank, skinType: 'oily' }, noFeelings).verdict).toBe('good');
  });

  it('normal skin has no skin-type profile', () => {
    const result = personalize([coconutOil, fragrance, alcohol], { ...blank, skinType: 'normal' }, noFeelings);
    expect(result).toEqual({ verdict: 'neutral', skinTypes: [], reasons: [] });
  });

  it('maps concerns to skin-type profiles once each', () => {
    const profile = {
      ...blank,
      skinType: 'sensitive',
      concerns: ['sensitivity', 'acne', 'rosacea', 'redness', 'fungal_acne', 'dryness'],
    };
    const result = personalize([coconutOil], profile, noFeelings);
    expect(result.skinTypes).toEqual(['sensitive', 'acne_prone', 'rosacea_prone', 'fungal_acne_prone', 'dry']);
    expect(summary(result)).toEqual([
      'caution:concern:acne:coconut-oil',
      'caution:concern:fungal_acne:coconut-oil',
      'good:concern:dryness:coconut-oil',
    ]);
    const rosacea = personalize([alcohol, fragrance], { ...blank, concerns: ['redness'] }, noFeelings);
    expect(rosacea.reasons.map((r) => [r.basis, r.ingredient.id, r.reason])).toEqual([
      ['redness', 'alcohol-denat', 'Rosacea-prone skin: drying alcohol'],
      ['redness', 'fragrance', 'Rosacea-prone skin: fragrance or essential oil'],
    ]);
  });

  it('counts concerns no skin type covers as reasons in favour', () => {
    const result = personalize(
      [water, retinol, niacinamide],
      { ...blank, concerns: ['aging', 'hyperpigmentation', 'large_pores'] },
      noFeelings,
    );
    expect(result.verdict).toBe('good');
    expect(result.skinTypes).toEqual([]);
    expect(summary(result)).toEqual([
      'good:concern:aging:retinol',
      'good:concern:hyperpigmentation:retinol',
      'good:concern:aging:niacinamide',
      'good:concern:hyperpigmentation:niacinamide',
      'good:concern:large_pores:niacinamide',
    ]);
  });

  it('makes pregnancy-caution ingredients an avoid when pregnant, and only then', () => {
    const pregnant = personalize([water, glycerin, retinol], { ...blank, pregnant: true }, noFeelings);
    expect(pregnant.verdict).toBe('avoid');
    expect(pregnant.reasons).toEqual([
      {
        verdict: 'avoid',
        source: 'pregnancy',
        basis: 'pregnant',
        reason: 'advised against during pregnancy',
        ingredient: retinol,
      },
    ]);
    expect(personalize([water, glycerin, retinol], blank, noFeelings).verdict).toBe('neutral');
  });

  it('makes a negative-feeling ingredient an avoid, even one the skin type likes', () => {
    const result = personalize(
      [water, glycerin, niacinamide],
      { ...blank, skinType: 'dry', concerns: ['aging'] },
      { positive: [], negative: ['glycerin'] },
    );
    expect(result.verdict).toBe('avoid');
    expect(result.reasons[0]).toEqual({
      verdict: 'avoid',
      source: 'feeling',
      basis: 'negative',
      reason: 'you marked this ingredient negative',
      ingredient: glycerin,
    });
    // The general reasons in favour of glycerin no longer count; niacinamide's still do.
    expect(summary(result)).toEqual([
      'avoid:feeling:negative:glycerin',
      'good:skin_type:dry:niacinamide',
      'good:concern:aging:niacinamide',
    ]);
  });

  it('counts positive feelings in favour and lets them waive skin-type cautions, never pregnancy', () => {
    const feelings = { positive: ['coconut-oil', 'retinol'], negative: [] };
    const oily = personalize([water, coconutOil], { ...blank, skinType: 'oily' }, feelings);
    expect(oily.verdict).toBe('good');
    expect(summary(oily)).toEqual(['good:feeling:positive:coconut-oil']);
    const pregnant = personalize([coconutOil, retinol], { ...blank, skinType: 'oily', pregnant: true }, feelings);
    expect(pregnant.verdict).toBe('avoid');
    expect(summary(pregnant)).toEqual([
      'avoid:pregnancy:pregnant:retinol',
      'good:feeling:positive:coconut-oil',
      'good:feeling:positive:retinol',
    ]);
  });

  it('orders reasons avoid, caution, good and by position within each', () => {
    const result = personalize(
      [alcohol, glycerin, fragrance, retinol, coconutOil],
      { skinType: 'dry', concerns: ['rosacea'], pregnant: true },
      { positive: ['glycerin'], negative: ['coconut-oil'] },
    );
    expect(result.verdict).toBe('avoid');
    expect(summary(result)).toEqual([
      'avoid:pregnancy:pregnant:retinol',
      'avoid:feeling:negative:coconut-oil',
      'caution:skin_type:dry:alcohol-denat',
      'caution:concern:rosacea:alcohol-denat',
      'caution:concern:rosacea:fragrance',
      'caution:skin_type:dry:retinol',
      'caution:concern:rosacea:retinol',
      'good:skin_type:dry:glycerin',
      'good:feeling:positive:glycerin',
    ]);
  });
});
