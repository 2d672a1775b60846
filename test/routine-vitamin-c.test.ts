// The vitamin C rules read L-ascorbic acid at dose, in a product left on the skin (issue 40): a trace of it (a pH
// adjuster or antioxidant near the end of a list) or a wash that rinses it off within a minute makes no "vitamin C +
// X" clash, as hydroxy acids at a trace already make no exfoliant. Written before the change, as families of shapes:
// how the product says it is rinsed off (its use as given, its name, its routine step, its list), how the list says
// the ascorbic acid is a trace (the 1 % band, its place in a long list, the analysis's `significant`), and every
// partner the rules pair vitamin C with, each checked as a property over the routine's other steps (fast-check, fixed
// seeds). Pure engine, plain data.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  checkRoutine,
  type EngineIngredient,
  type EngineRoutine,
  type EngineStep,
} from '../src/modules/routine/engine/compatibility.js';
import { loadRoutineRules } from '../src/modules/routine/routine-rules.js';

const rules = loadRoutineRules();
const ing = (
  alias: string,
  name: string,
  groups: string[] = [],
  extra: Partial<EngineIngredient> = {},
): EngineIngredient => ({
  id: `id-${alias}`,
  alias,
  name,
  groups,
  flags: [],
  effects: [],
  functions: [],
  ...extra,
});

const ASCORBIC = ing('ascorbic-acid', 'Ascorbic Acid', ['vitamin_c', 'antioxidants']);
const DERIVATIVES = [
  ing('sodium-ascorbyl-phosphate', 'Sodium Ascorbyl Phosphate', ['vitamin_c']),
  ing('3-o-ethyl-ascorbic-acid', '3-O-Ethyl Ascorbic Acid', ['vitamin_c']),
  ing('ascorbyl-glucoside', 'Ascorbyl Glucoside', ['vitamin_c']),
];
const WATER = ing('water', 'Water');
const FILLERS = [
  'Glycerin',
  'Butylene Glycol',
  'Squalane',
  'Caprylic/Capric Triglyceride',
  'Cetearyl Alcohol',
  'Dimethicone',
  'Xanthan Gum',
  'Carbomer',
  'Sodium Hydroxide',
  'Phenoxyethanol',
  'Ethylhexylglycerin',
  'Disodium EDTA',
].map((name) => ing(name.toLowerCase().replace(/[^a-z]+/g, '-'), name));
const SURFACTANT = ing('sodium-laureth-sulfate', 'Sodium Laureth Sulfate', [], { functions: ['surfactant'] });
const COCO_BETAINE = ing('cocamidopropyl-betaine', 'Cocamidopropyl Betaine', [], { functions: ['surfactant'] });

/** Each rule that pairs vitamin C (ascorbic acid) with another class, and a partner of that class. */
const PARTNERS: Array<[rule: string, partner: EngineIngredient]> = [
  ['benzoyl-peroxide-with-vitamin-c', ing('benzoyl-peroxide', 'Benzoyl Peroxide', ['benzoyl_peroxide'])],
  ['vitamin-c-with-acids', ing('glycolic-acid', 'Glycolic Acid', ['ahas'])],
  ['vitamin-c-with-acids', ing('salicylic-acid', 'Salicylic Acid', ['bhas'])],
  [
    'copper-peptides-with-vitamin-c',
    ing('copper-tripeptide-1', 'Copper Tripeptide-1', ['copper_peptides', 'peptides']),
  ],
];
const VITAMIN_C_RULES = [...new Set(PARTNERS.map(([rule]) => rule))];

let ids = 0;
const product = (ingredients: EngineIngredient[], more: Partial<NonNullable<EngineStep['product']>> = {}) => ({
  id: `p${++ids}`,
  ingredients,
  ...more,
});
const routineOf = (...steps: Array<[stepType: string, p: EngineStep['product']]>): EngineRoutine => ({
  timeOfDay: 'evening',
  negativeIngredientIds: [],
  steps: steps.map(([stepType, p], i) => ({ id: `s${i + 1}`, position: i + 1, stepType, product: p })),
});
const firedRules = (r: EngineRoutine) => checkRoutine(r, rules).map((f) => f.rule);

/** A leave-on serum with ascorbic acid at dose: second, after water. */
const serum = (more: Partial<NonNullable<EngineStep['product']>> = {}, extra: EngineIngredient[] = []) =>
  product([WATER, ASCORBIC, ...extra, ...FILLERS.slice(0, 4)], more);

/** The shapes in which the ascorbic acid of a product does not reach the skin at dose. */
const NOT_AT_DOSE: Array<[shape: string, make: () => NonNullable<EngineStep['product']>, stepType: string]> = [
  ['use given as rinse-off', () => serum({ use: 'rinse_off' }), 'treat'],
  ['a cleanser by its name', () => serum({ name: 'Vitamin C Brightening Foaming Cleanser' }), 'treat'],
  ['a wash by its name', () => serum({ name: 'Glow Face Wash with Vitamin C' }), 'treat'],
  ['a rinse-off mask by its name', () => serum({ name: 'Vitamin C Wash-Off Clay Mask' }), 'mask'],
  ['in the cleansing step', () => serum(), 'cleanse'],
  [
    'a cleanser by its list',
    () => product([WATER, SURFACTANT, COCO_BETAINE, ASCORBIC, ...FILLERS.slice(0, 5)]),
    'treat',
  ],
  ['at most 1 % by the list', () => product([WATER, { ...ASCORBIC, band: 'at_most_1_percent' }, ...FILLERS]), 'treat'],
  ['a trace at the end of a long list', () => product([WATER, ...FILLERS, ASCORBIC]), 'treat'],
  [
    'not significant as the analysis reads it',
    () => product([WATER, { ...ASCORBIC, significant: false }, ...FILLERS]),
    'treat',
  ],
];

describe('the vitamin C rules read L-ascorbic acid at dose, left on the skin', () => {
  it('fire for a leave-on ascorbic acid serum with each partner, in another step or the same one', () => {
    for (const [rule, partner] of PARTNERS) {
      expect(
        firedRules(routineOf(['treat', serum()], ['treat', product([WATER, partner, ...FILLERS.slice(0, 3)])])),
      ).toContain(rule);
      // The stated use wins over anything else: a serum said to be left on is.
      expect(
        firedRules(
          routineOf(['treat', serum({ use: 'leave_on', name: 'C Serum' })], ['treat', product([WATER, partner])]),
        ),
      ).toContain(rule);
    }
  });

  it('never fire for ascorbic acid that does not reach the skin at dose, whatever the routine around it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NOT_AT_DOSE),
        fc.constantFrom(...PARTNERS),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        ([, make, stepType], [, partner], moisturisers, partnerFirst) => {
          const vitaminC: [string, EngineStep['product']] = [stepType, make()];
          const other: [string, EngineStep['product']] = ['treat', product([WATER, partner, ...FILLERS.slice(0, 3)])];
          const rest = Array.from({ length: moisturisers }, (): [string, EngineStep['product']] => [
            'moisturise',
            product([WATER, ...FILLERS.slice(0, 6)]),
          ]);
          const fired = firedRules(routineOf(...(partnerFirst ? [other, vitaminC] : [vitaminC, other]), ...rest));
          for (const rule of VITAMIN_C_RULES) expect(fired).not.toContain(rule);
        },
      ),
      { seed: 40_1, numRuns: 200 },
    );
  });

  it('never fire on a derivative, at any dose, in any product', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DERIVATIVES), fc.constantFrom(...PARTNERS), (derivative, [, partner]) => {
        const fired = firedRules(
          routineOf(
            ['treat', product([WATER, derivative, ...FILLERS.slice(0, 4)])],
            ['treat', product([WATER, partner])],
          ),
        );
        for (const rule of VITAMIN_C_RULES) expect(fired).not.toContain(rule);
      }),
      { seed: 40_2, numRuns: 50 },
    );
  });

  it('leave the other rules as they were: a rinse-off vitamin C wash still counts in the duplicate rule only at dose', () => {
    // A leave-on serum and a rinse-off wash, both with vitamin C at dose: no vitamin C clash from the wash, and the
    // acid partner's own rules are untouched.
    const r = routineOf(
      ['cleanse', serum({ name: 'Vitamin C Cleanser' })],
      ['exfoliate', product([WATER, ing('glycolic-acid', 'Glycolic Acid', ['ahas']), ...FILLERS.slice(0, 3)])],
      ['treat', product([WATER, ing('retinol', 'Retinol', ['retinoids']), ...FILLERS.slice(0, 3)])],
    );
    const fired = firedRules(r);
    expect(fired).toContain('retinoid-with-acids');
    expect(fired).not.toContain('vitamin-c-with-acids');
  });
});
