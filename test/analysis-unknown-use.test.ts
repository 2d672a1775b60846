// A list whose use the label does not tell (issue 40): its amounts are read as in a leave-on product, the stricter
// reading, and the answer says so rather than claiming it is one. Written before the change, as families: lists whose
// type cannot be told (too few known names up front, clay with sulfur) with salicylic
// acid at each place in the list, and the same lists with a name line or category that tells (then nothing is
// assumed). Property: with the type unknown, the basis names the leave-on assumption and no note says "in a leave-on
// product" as a fact; with it known, no note or basis speaks of an assumption.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { answer } from './helpers/answer-contradictions.js';

const UNKNOWN_FRONTS = [
  // Too few of the first names are known.
  ['Zorbicol Complex', 'Vextrolan', 'Quinarex Base', 'Mavellium', 'Water', 'Glycerin'],
  // Trade names the base does not know, then water.
  ['Floralux Aqua Blend', 'Serivane', 'Cetoplex 7', 'Lumidrop Base', 'Water', 'Glycerin'],
  // Clay with sulfur: a clay mask or a spot paste.
  ['Kaolin', 'Sulfur', 'Water', 'Glycerin', 'Bentonite'],
];
const REST = [
  'Butylene Glycol',
  'Niacinamide',
  'Panthenol',
  'Allantoin',
  'Xanthan Gum',
  'Phenoxyethanol',
  'Ethylhexylglycerin',
];
const ASSUMED = /read as in a leave-on product/i;

const listWith = (front: string[], at: number) => {
  const names = [...front, ...REST];
  names.splice(Math.min(at, names.length), 0, 'Salicylic Acid');
  return names.join(', ');
};

describe('a list of unknown use', () => {
  it('says its amounts are read as leave-on, and never claims it is a leave-on product', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNKNOWN_FRONTS), fc.integer({ min: 1, max: 12 }), (front, at) => {
        const { reading } = answer(listWith(front, at));
        expect(reading.productType).toBe('unknown');
        expect(reading.productTypeBasis).toMatch(ASSUMED);
        for (const e of reading.entries)
          for (const note of e.notes) if (/leave-on product/.test(note)) expect(note).toMatch(/if it is left on/i);
      }),
      { seed: 4041, numRuns: 60 },
    );
  });

  it('says nothing of an assumption when the name line or the category tells', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNKNOWN_FRONTS),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('Clarifying Face Serum\n', 'Exfoliating Face Wash\n', ''),
        (front, at, name) => {
          const text = `${name}Ingredients: ${listWith(front, at)}`;
          const { reading } = answer(text, name ? null : 'leave_on');
          expect(reading.productType).not.toBe('unknown');
          expect(reading.productTypeBasis).not.toMatch(ASSUMED);
          for (const e of reading.entries) for (const note of e.notes) expect(note).not.toMatch(/if it is left on/i);
        },
      ),
      { seed: 4042, numRuns: 60 },
    );
  });
});
