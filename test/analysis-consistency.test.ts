// No answer contradicts itself or EU law (issue 40): the statements an analysis makes about a list (its reading,
// alerts, flags, free-of verdicts and skin-type verdicts) checked against each other by
// test/helpers/answer-contradictions.ts.
//
// How the cases were chosen: every ingredient of the knowledge base, once in a leave-on list and once in a
// rinse-off one, in the same small frame ("Water, Glycerin, X, Phenoxyethanol") so that X sits high enough for its
// benefits and cautions to count; then lists generated from the knowledge base (any ingredients, any length, with
// and without a printed strength, either product type) for the statements that only meet in a list. Before this
// change 81 of the 3,910 knowledge-base ingredients had a contradiction in the frame (8 Annex II substances named
// as benefits, 2 prohibited ones as declarable allergens, 11 "fights acne"/"proven acne active" without acne
// evidence, 27 perfuming ingredients without the fragrance flag, 12 Fragrance Mix members without the sensitiser
// flag, 24 "not allowed in this product" alerts with eu_permitted passing; some ingredients had several); after
// it, none. (Counted by this helper over the frame in leave-on, rinse-off and inferred-type lists.)
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { personalize } from '../src/modules/analysis/engine/personalize.js';
import { evaluateRules } from '../src/modules/analysis/engine/rules.js';
import { answer, contradictions, rows } from './helpers/answer-contradictions.js';

describe('no answer holds two contradicting statements', () => {
  it('for every ingredient of the knowledge base, in a leave-on and in a rinse-off list', () => {
    const found: string[] = [];
    for (const row of rows)
      for (const type of ['leave_on', 'rinse_off'] as const)
        found.push(...contradictions(answer(`Water, Glycerin, ${row.name}, Phenoxyethanol`, type)));
    expect(found).toEqual([]);
  });

  it('for generated lists of knowledge-base ingredients, with and without printed strengths', () => {
    const entry = fc.record({
      name: fc.constantFrom(...rows.map((r) => r.name)),
      strength: fc.option(fc.constantFrom('0.5%', '1%', '2%', '5%', '10%', '15%'), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 14 }),
        fc.constantFrom('leave_on' as const, 'rinse_off' as const, null),
        (entries, type) => {
          const text = entries.map((e) => (e.strength ? `${e.name} ${e.strength}` : e.name)).join(', ');
          expect(contradictions(answer(text, type))).toEqual([]);
        },
      ),
      { numRuns: 300, seed: 40 },
    );
  });
});

describe('the statements that used to contradict, one family each', () => {
  const goodFor = (text: string, name: string) =>
    answer(text, 'leave_on').skin.flatMap((s) => s.good.filter((g) => g.ingredient.name === name).map((g) => g.reason));
  const flagsOf = (text: string, input: string, type: 'leave_on' | 'rinse_off' = 'leave_on') =>
    answer(text, type).reading.entries.find((e) => e.input === input)!.flags;

  it.each(['Phytonadione', 'Lidocaine', 'Hydrocortisone Acetate', 'Tretinoin'])(
    'an Annex II substance (%s) is never a benefit',
    (name) => {
      expect(goodFor(`Water, Glycerin, ${name}, Phenoxyethanol`, name)).toEqual([]);
    },
  );

  it('nor a reason in favour for a personal concern (tretinoin and aging, Annex II)', () => {
    const { reading } = answer('Water, Glycerin, Tretinoin, Phenoxyethanol', 'leave_on');
    const dosed = reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []));
    const personal = personalize(
      dosed,
      { skinType: null, concerns: ['aging', 'acne'], pregnant: false },
      { positive: [], negative: [] },
    );
    expect(personal.reasons.filter((r) => r.verdict === 'good' && r.ingredient.name === 'Tretinoin')).toEqual([]);
  });

  it.each(['Butylphenyl Methylpropional', 'Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde'])(
    'a prohibited fragrance (%s) is no allergen EU labels declare, and it fails eu_permitted',
    (name) => {
      const text = `Water, Glycerin, Parfum, ${name}`;
      const flags = flagsOf(text, name);
      expect(flags).toContain('eu_prohibited');
      expect(flags).not.toContain('eu_allergen');
      expect(flags).not.toContain('eu_allergen_2023');
      expect(answer(text).rules.find((r) => r.rule === 'eu_permitted')!.outcome).toBe('fails');
    },
  );

  it.each(['Retinyl Palmitate', 'Retinyl Acetate', 'Retinyl Propionate', 'Salix Alba (Willow) Bark Extract'])(
    '%s is neither a proven acne active nor fights acne',
    (name) => {
      expect(goodFor(`Water, ${name}, Glycerin, Phenoxyethanol`, name)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/acne/)]),
      );
    },
  );

  it.each(['Retinol', 'Adapalene', 'Salicylic Acid', 'Niacinamide', 'Melaleuca Alternifolia (Tea Tree) Leaf Oil'])(
    '%s stays an acne active',
    (name) => {
      expect(goodFor(`Water, ${name}, Glycerin`, name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/proven acne active|fights acne/)]),
      );
    },
  );

  it.each([
    'Citrus Reticulata (Tangerine) Peel Oil',
    'Lavandula Angustifolia (Lavender) Flower Extract',
    'Phenethyl Alcohol',
  ])('a perfuming ingredient (%s) raises the fragrance flag and fails fragrance-free', (name) => {
    const text = `Water, Glycerin, ${name}`;
    expect(flagsOf(text, name)).toContain('fragrance');
    expect(answer(text).rules.find((r) => r.rule === 'fragrance_free')!.outcome).toBe('fails');
  });

  it.each([
    'Geraniol',
    'Eugenol',
    'Isoeugenol',
    'Cinnamal',
    'Citral',
    'Farnesol',
    'Coumarin',
    'Citronellol',
    'Hexyl Cinnamal',
  ])('a member of Fragrance Mix I or II (%s) is a sensitiser, with its source', (name) => {
    const reading = answer(`Water, Glycerin, ${name}`, 'leave_on').reading;
    const entry = reading.entries.find((e) => e.input === name)!;
    expect(entry.flags).toContain('sensitiser');
    expect(entry.notes.join(' ')).toMatch(/Fragrance Mix I{1,2} of the European baseline series/);
  });

  it.each([
    ['Methylisothiazolinone', 'leave_on'],
    ['Benzoyl Peroxide', 'leave_on'],
    ['Benzoyl Peroxide', 'rinse_off'],
  ] as const)('where an alert says %s is not allowed in this %s product, eu_permitted fails', (name, type) => {
    const a = answer(`Water, Glycerin, ${name}, Carbomer`, type);
    expect(a.reading.alerts.map((x) => x.input)).toContain(name);
    expect(a.rules.find((r) => r.rule === 'eu_permitted')!.outcome).toBe('fails');
  });

  it('cetrimonium chloride in a rinse-off face wash is a preservative Annex V allows, not a prohibition', () => {
    const a = answer('Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Cetrimonium Chloride', 'rinse_off');
    expect(a.reading.alerts).toEqual([]);
    expect(a.rules.find((r) => r.rule === 'eu_permitted')!.outcome).toBe('passes');
  });
});

describe('a free-of rule that cannot be judged answers unknown', () => {
  const ingredient = (flags: string[]) => ({ id: flags.join('+') || 'plain', flags, groups: [] });

  it('nothing read breaks it but part of the list is unread: unknown, neither passes nor fails', () => {
    const verdicts = evaluateRules([ingredient([])], { unread: true });
    for (const v of verdicts) {
      expect(v.outcome).toBe('unknown');
      expect(v.passes).toBe(false);
    }
  });

  it('an ingredient read breaks it: fails, whatever else is unread', () => {
    for (const unread of [false, true]) {
      const fragrance = evaluateRules([ingredient(['fragrance'])], { unread }).find(
        (v) => v.rule === 'fragrance_free',
      )!;
      expect(fragrance.outcome).toBe('fails');
    }
  });

  it('everything read and nothing breaks it: passes', () => {
    expect(evaluateRules([ingredient([])]).every((v) => v.outcome === 'passes' && v.passes)).toBe(true);
  });
});
