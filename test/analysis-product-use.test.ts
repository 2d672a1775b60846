// Product use (rinse-off / leave-on) from the name line, the directions and the kind as well as the list, and EU
// law where it tells face from body or allows a substance only in other products (issue 40).
//
// How the cases were chosen: the misread labels as families (clay and other wash-off masks, cleansing
// balms, bath oils, acid peels), each with the neighbour that must not move (peel pads, sheet and overnight masks,
// a face cream); directions in the ways labels print them (a heading or none, "How to use", the rinse in the
// first or last sentence, a timed leave-on step before it, a warning's rinse that says nothing of the use); and
// for the law, each substance with the area or product type its entry names and the one it does not (homosalate
// and oxybenzone face vs body, retinol over its maximum, benzoyl peroxide outside nail systems).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readLaw } from '../src/modules/analysis/engine/regulation-reading.js';
import { productAreaOf } from '../src/modules/analysis/engine/product-type.js';
import { answer, regulation, rows } from './helpers/answer-contradictions.js';

const typeOf = (text: string) => answer(text).reading.productType;
const MUD = 'Kaolin, Aqua, Bentonite, Glycerin, Isopropyl Myristate, Phenoxyethanol';

describe('product use from the name line', () => {
  it.each([
    ['Purifying Mask', 'Aqua, Zinc Oxide, Glycerin, Kaolin, Bentonite, Phenoxyethanol'],
    ['Detox Mud Mask', MUD],
    ['Exfoliating Mask', 'Aqua, Glycerin, Lactic Acid, Xanthan Gum, Phenoxyethanol'],
    ['Glycolic Acid Peel', 'Aqua, Glycolic Acid, Sodium Hydroxide, Glycerin, Phenoxyethanol'],
    ['AHA 30% + BHA 2% Peeling Solution', 'Aqua, Glycolic Acid, Sodium Hydroxide, Propanediol, Salicylic Acid'],
    ['Cleansing Balm', 'Cetyl Ethylhexanoate, Polyethylene, Caprylic/Capric Triglyceride, Tocopherol'],
    ['Relaxing Bath Oil', 'Glycine Soja Oil, Prunus Amygdalus Dulcis Oil, Parfum, Tocopherol'],
  ])('%s rinses off', (name, list) => {
    expect(typeOf(`${name}\nIngredients: ${list}`)).toBe('rinse_off');
  });

  it.each([
    ['Glycolic Peel Pads', 'Aqua, Glycolic Acid, Sodium Hydroxide, Glycerin, Phenoxyethanol'],
    ['Hydrating Sheet Mask', 'Aqua, Glycerin, Butylene Glycol, Sodium Hyaluronate, Phenoxyethanol'],
    ['Overnight Mask', 'Aqua, Glycerin, Dimethicone, Squalane, Phenoxyethanol'],
  ])('%s stays on', (name, list) => {
    expect(typeOf(`${name}\nIngredients: ${list}`)).toBe('leave_on');
  });

  it('a comedogenic ingredient in a clay mask is no caution; the same list named a cream is (metamorphic)', () => {
    const cautions = (name: string) =>
      answer(`${name}\nIngredients: ${MUD}`).skin.flatMap((s) =>
        s.caution.filter((c) => /comedogenic/.test(c.reason)).map((c) => `${s.skinType}: ${c.ingredient.name}`),
      );
    expect(cautions('Clay Mask')).toEqual([]);
    expect(cautions('Night Cream')).toContain('oily: Isopropyl Myristate');
  });
});

describe('product use from the list alone', () => {
  it('a clay with zinc oxide high in the list is never called a sunscreen', () => {
    const reading = answer('Aqua, Zinc Oxide, Glycerin, Kaolin, Bentonite, Phenoxyethanol').reading;
    expect(reading.productType).toBe('unknown');
    expect(reading.productTypeBasis).not.toMatch(/a sunscreen\)/);
    expect(reading.productTypeBasis).toMatch(/clay mask/);
  });

  it('an exfoliating acid first in the list is a peel, rinsed off', () => {
    const reading = answer('Glycolic Acid, Aqua, Aloe Barbadensis Leaf Juice, Sodium Hydroxide, Propanediol').reading;
    expect(reading.productType).toBe('rinse_off');
    expect(reading.productTypeBasis).toMatch(/peel/);
  });
});

describe('product use from the directions, when the name says nothing', () => {
  const LIST = 'Ingredients: Aqua, Glycolic Acid, Aloe Barbadensis Leaf Juice, Sodium Hydroxide, Propanediol';
  const rinse = [
    'Apply to dry skin, leave for no more than 10 minutes, then rinse off with lukewarm water',
    'Massage onto damp skin and rinse thoroughly',
    'Smooth over the face. Leave on for 15 minutes. Rinse with warm water',
    'Apply a thin layer and wash off after 5 minutes',
  ];
  const leave = ['Apply morning and evening. Do not rinse', 'Pat into clean skin; no need to rinse'];
  // Directions printed under the list without a heading are read by the parser as more entries (parse.ts, not
  // this change): those are printed above the list here.
  const presented = (sentence: string) =>
    fc
      .record({
        heading: fc.constantFrom('Directions: ', 'How to use: ', 'Directions:\n', ''),
        stop: fc.constantFrom('.', ''),
        before: fc.boolean(),
      })
      .map(({ heading, stop, before }) => {
        const directions = `${heading}${sentence}${stop}`;
        return before || !heading ? `${directions}\n${LIST}` : `${LIST}\n${directions}`;
      });

  it('a rinsing step makes it rinse-off, however the directions are printed (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rinse).chain(presented), (text) => {
        const reading = answer(text).reading;
        expect([text, reading.productType]).toEqual([text, 'rinse_off']);
        expect(reading.productTypeBasis).toMatch(/from its directions/);
      }),
      { numRuns: 60, seed: 406 },
    );
  });

  it('"do not rinse" makes it leave-on, however the directions are printed (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...leave).chain(presented), (text) => {
        expect([text, answer(text).reading.productType]).toEqual([text, 'leave_on']);
      }),
      { numRuns: 40, seed: 407 },
    );
  });

  it("a warning's rinse says nothing of the use", () => {
    const reading = answer(
      'Ingredients: Aqua, Glycerin, Niacinamide, Phenoxyethanol\nWarnings: If contact with eyes occurs, rinse thoroughly with water.',
    ).reading;
    expect(reading.productType).toBe('leave_on');
    expect(reading.productTypeBasis).not.toMatch(/directions/);
  });

  it('a name line that says the use wins over the directions', () => {
    expect(typeOf(`Night Cream\n${LIST}\nDirections: rinse off after use.`)).toBe('leave_on');
  });
});

describe('EU law by body area and by the products an entry allows', () => {
  const row = (name: string) => rows.find((r) => r.name === name)!;
  const said = (name: string, area: 'face' | 'body' | null, printed: number | null) => {
    const law = readLaw(regulation, row(name), 'leave_on', { nano: false, area });
    const estimate = { min: printed ?? 0, max: printed ?? 10, basis: '' };
    return { law, ...law.finish(estimate, printed) };
  };

  it('the area a name says: body lotions and shower gels are body products; serums, face and hand creams face', () => {
    expect(productAreaOf('Shea Body Lotion SPF 15')).toBe('body');
    expect(productAreaOf('Daily Face Sunscreen SPF 50')).toBe('face');
    expect(productAreaOf('Hydrating Serum')).toBe('face');
    expect(productAreaOf('Sunscreen SPF 30')).toBeNull();
    expect(productAreaOf('Face & Body Lotion')).toBeNull();
  });

  it('homosalate: allowed in face products; in a body product not allowed; unknown area: said as a condition', () => {
    expect(said('Homosalate', 'face', 5).alerts).toEqual([]);
    const body = said('Homosalate', 'body', 5);
    expect(body.alerts.join(' ')).toMatch(/Homosalate is allowed in EU cosmetics only in Face products/);
    expect(body.law.flags).toContain('eu_not_permitted_here');
    const unknown = said('Homosalate', null, 5);
    expect(unknown.alerts).toEqual([]);
    expect(unknown.law.flags).not.toContain('eu_not_permitted_here');
    expect(unknown.notes.join(' ')).toMatch(/only in Face products .*: not in body products, if this is one/);
  });

  it('oxybenzone printed at 5%: within 6% for face products, over 2.2% for body products', () => {
    expect(said('Benzophenone-3', 'face', 5).alerts).toEqual([]);
    expect(said('Benzophenone-3', 'body', 5).alerts.join(' ')).toMatch(/printed at 5%, over the EU maximum of 2.2%/);
    expect(said('Benzophenone-3', 'body', 2).alerts).toEqual([]);
    const unknown = said('Benzophenone-3', null, 5);
    expect(unknown.alerts).toEqual([]);
    expect(unknown.notes.join(' ')).toMatch(/over the EU maximum of 2.2% for Body products.*if this is one of them/);
    // The estimate's cap stays the most lenient (the widest the law allows) while the area is unknown.
    expect(unknown.law.cap?.max).toBe(6);
    expect(said('Benzophenone-3', 'body', null).law.cap?.max).toBe(2.2);
  });

  it('retinol printed at 1% in a face cream: over the Annex III/376 maximum', () => {
    const a = answer('Daily Face Cream\nIngredients: Aqua, Retinol 1%, Glycerin, Dimethicone, Phenoxyethanol');
    expect(a.reading.alerts.map((x) => x.message).join(' ')).toMatch(
      /Retinol is printed at 1%, over the EU maximum of 0.3% .*Annex III\/376/,
    );
  });

  it.each([
    ['a leave-on lotion', 'Acne Lotion\nIngredients: Aqua, Benzoyl Peroxide 5%, Glycerin, Carbomer'],
    ['a wash', 'Acne Foaming Wash\nIngredients: Aqua, Sodium Laureth Sulfate, Benzoyl Peroxide 10%, Glycerin'],
  ])('benzoyl peroxide in %s: Annex III/94 allows it only in artificial nail systems', (_, text) => {
    const a = answer(text);
    expect(a.reading.alerts.map((x) => x.message).join(' ')).toMatch(
      /Benzoyl Peroxide is allowed in EU cosmetics only in Artificial nail systems \(Annex III\/94/,
    );
    expect(a.rules.find((r) => r.rule === 'eu_permitted')!.outcome).toBe('fails');
    // Still an acne active for acne-prone skin: the law's condition is about where it is sold, not what it does.
    expect(a.skin.find((s) => s.skinType === 'acne_prone')!.verdict).toBe('good');
  });
});
