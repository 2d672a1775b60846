// The routine engines on plain data: compatibility rules (data/routine-rules.yaml), the fit of
// a product, the detailed summary and ISO contest weeks.
import { describe, expect, it } from '@jest/globals';
import {
  checkRoutine,
  fitProduct,
  parseRules,
  routineVerdict,
  RuleDataError,
  type EngineIngredient,
  type EngineRoutine,
  type EngineStep,
  type RoutineTime,
} from '../src/modules/routine/engine/compatibility.js';
import { parseWeekNumber, previousWeek, weekOf, weeksInYear } from '../src/modules/routine/engine/contest-weeks.js';
import { summarizeRoutine } from '../src/modules/routine/engine/summary.js';
import { loadRoutineRules } from '../src/modules/routine/routine-rules.js';

const ing = (alias: string, groups: string[] = [], extra: Partial<EngineIngredient> = {}): EngineIngredient => ({
  id: `id-${alias}`,
  alias,
  name: alias
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' '),
  groups,
  flags: [],
  effects: [],
  functions: [],
  ...extra,
});

const I = {
  water: ing('water', [], { functions: ['solvent'] }),
  glycerin: ing('glycerin', ['humectants'], { functions: ['humectant'], effects: ['hydrating'] }),
  squalane: ing('squalane', [], { functions: ['emollient'], effects: ['moisturizing'] }),
  retinol: ing('retinol', ['retinoids'], { effects: ['anti_aging'], flags: ['pregnancy_caution'] }),
  tretinoin: ing('tretinoin', ['retinoids']),
  glycolic: ing('glycolic-acid', ['ahas'], { functions: ['exfoliating'], effects: ['exfoliating'] }),
  salicylic: ing('salicylic-acid', ['bhas'], { functions: ['exfoliating'], effects: ['exfoliating'] }),
  gluconolactone: ing('gluconolactone', ['phas'], { effects: ['exfoliating'] }),
  ascorbic: ing('ascorbic-acid', ['vitamin_c', 'antioxidants'], { effects: ['antioxidant', 'brightening'] }),
  sap: ing('sodium-ascorbyl-phosphate', ['vitamin_c'], { effects: ['brightening'] }),
  bpo: ing('benzoyl-peroxide', ['benzoyl_peroxide'], { effects: ['acne_fighting'] }),
  copper: ing('copper-tripeptide-1', ['peptides', 'copper_peptides'], { effects: ['anti_aging'] }),
  niacinamide: ing('niacinamide', ['niacinamide'], { effects: ['brightening'] }),
  zinc: ing('zinc-oxide', ['mineral_uv_filters'], { effects: ['uv_protecting'], functions: ['uv_filter'] }),
  parfum: ing('fragrance', [], { flags: ['fragrance'] }),
  linalool: ing('linalool', ['eu_allergens'], { flags: ['fragrance', 'eu_allergen'] }),
  adapalene: ing('adapalene', ['retinoids']),
  hydroquinone: ing('hydroquinone', []),
};

let stepSeq = 0;
const step = (stepType: string, ...ingredients: EngineIngredient[]): EngineStep => {
  stepSeq += 1;
  return {
    id: `s${stepSeq}`,
    position: stepSeq,
    stepType,
    product: ingredients.length ? { id: `p${stepSeq}`, ingredients: [I.water, ...ingredients] } : null,
  };
};
const routine = (timeOfDay: RoutineTime, ...steps: EngineStep[]): EngineRoutine => {
  const renumbered = steps.map((s, i) => ({ ...s, id: `s${i + 1}`, position: i + 1 }));
  stepSeq = 0;
  return { timeOfDay, steps: renumbered, negativeIngredientIds: [] };
};

const rules = loadRoutineRules();
const rulesOf = (r: EngineRoutine) => checkRoutine(r, rules).map((f) => f.rule);

describe('the rules file', () => {
  it('loads every rule with a rationale and a reference', () => {
    expect(rules.rules.map((r) => r.id)).toEqual([
      'retinoid-with-acids',
      'benzoyl-peroxide-with-retinoid',
      'benzoyl-peroxide-with-vitamin-c',
      'benzoyl-peroxide-with-acids',
      'benzoyl-peroxide-with-hydroquinone',
      'several-exfoliants',
      'vitamin-c-with-acids',
      'copper-peptides-with-acids',
      'copper-peptides-with-vitamin-c',
      'photosensitiser-in-the-morning-without-sunscreen',
      'duplicated-actives',
      'fragrance-load',
      'negative-feeling',
    ]);
    for (const rule of rules.rules) {
      expect(rule.rationale.length).toBeGreaterThan(40);
      expect(rule.reference.length).toBeGreaterThan(10);
    }
  });

  it('rejects unknown groups, classes, kinds and duplicate ids', () => {
    const vocabulary = { groups: ['retinoids'], flags: [], effects: [] };
    const base = { classes: { r: { label: 'r', groups: ['retinoids'] } }, rules: [] as unknown[] };
    const rule = { id: 'x', severity: 'high', title: 't', rationale: 'why', reference: 'ref' };
    expect(() => parseRules({ ...base, classes: { r: { label: 'r', groups: ['nope'] } } }, vocabulary)).toThrow(
      /unknown nope/,
    );
    expect(() => parseRules({ ...base, rules: [{ ...rule, kind: 'pair', a: 'r', b: 'q' }] }, vocabulary)).toThrow(
      /no class "q"/,
    );
    expect(() => parseRules({ ...base, rules: [{ ...rule, kind: 'magic' }] }, vocabulary)).toThrow(RuleDataError);
    expect(() =>
      parseRules(
        {
          ...base,
          rules: [
            { ...rule, kind: 'feeling' },
            { ...rule, kind: 'feeling' },
          ],
        },
        vocabulary,
      ),
    ).toThrow(/used twice/);
    expect(() => parseRules({ ...base, rules: [{ ...rule, severity: 'fatal', kind: 'feeling' }] }, vocabulary)).toThrow(
      /severity/,
    );
    expect(() =>
      parseRules({ ...base, rules: [{ ...rule, kind: 'several', class: 'r', min_steps: 0 }] }, vocabulary),
    ).toThrow(/min_steps/);
  });
});

describe('compatibility rules', () => {
  it('finds nothing in a gentle routine', () => {
    expect(
      checkRoutine(
        routine('morning', step('cleanse', I.glycerin), step('moisturise', I.squalane), step('protect', I.zinc)),
        rules,
      ),
    ).toEqual([]);
  });

  it('flags a retinoid with AHAs/BHAs, in different steps or the same product', () => {
    const findings = checkRoutine(routine('evening', step('exfoliate', I.glycolic), step('treat', I.retinol)), rules);
    const clash = findings.find((f) => f.rule === 'retinoid-with-acids')!;
    expect(clash).toMatchObject({
      severity: 'medium',
      steps: [
        { id: 's1', position: 1, stepType: 'exfoliate' },
        { id: 's2', position: 2, stepType: 'treat' },
      ],
    });
    expect(clash.ingredients.map((i) => i.alias)).toEqual(['retinol', 'glycolic-acid']);
    expect(clash.reason).toMatch(
      /^retinoids \(Retinol in step 2 \(treat\)\) with AHAs or BHAs \(Glycolic Acid in step 1 \(exfoliate\)\)\. Retinoids and exfoliating acids/,
    );
    expect(rulesOf(routine('evening', step('treat', I.retinol, I.salicylic)))).toContain('retinoid-with-acids');
    // PHAs are gentle enough: no clash.
    expect(rulesOf(routine('evening', step('exfoliate', I.gluconolactone), step('treat', I.retinol)))).not.toContain(
      'retinoid-with-acids',
    );
  });

  it('says "formulated together", one severity lower, for a pair inside a single product', () => {
    const findings = checkRoutine(routine('evening', step('treat', I.retinol, I.glycolic)), rules);
    const clash = findings.find((f) => f.rule === 'retinoid-with-acids')!;
    expect(clash).toMatchObject({ severity: 'low', title: 'Retinoid with AHAs/BHAs (formulated together)' });
    expect(clash.reason).toMatch(/Formulated together in one product/);
    const tretinoinWithBpo = checkRoutine(routine('evening', step('treat', I.bpo, I.tretinoin)), rules).find(
      (f) => f.rule === 'benzoyl-peroxide-with-retinoid',
    )!;
    expect(tretinoinWithBpo.severity).toBe('medium');
  });

  it('does not fire benzoyl peroxide with adapalene, stable together and sold combined', () => {
    expect(rulesOf(routine('evening', step('treat', I.bpo), step('treat', I.adapalene)))).not.toContain(
      'benzoyl-peroxide-with-retinoid',
    );
    expect(rulesOf(routine('evening', step('treat', I.bpo, I.adapalene)))).not.toContain(
      'benzoyl-peroxide-with-retinoid',
    );
  });

  it('flags benzoyl peroxide with vitamin C, with AHAs/BHAs and with hydroquinone', () => {
    expect(
      rulesOf(routine('morning', step('treat', I.ascorbic), step('treat', I.bpo), step('protect', I.zinc))),
    ).toContain('benzoyl-peroxide-with-vitamin-c');
    expect(rulesOf(routine('evening', step('exfoliate', I.salicylic), step('treat', I.bpo)))).toContain(
      'benzoyl-peroxide-with-acids',
    );
    expect(rulesOf(routine('evening', step('treat', I.hydroquinone), step('treat', I.bpo)))).toContain(
      'benzoyl-peroxide-with-hydroquinone',
    );
    expect(rulesOf(routine('evening', step('treat', I.niacinamide), step('treat', I.bpo)))).toEqual([]);
  });

  it('keeps a reference on every rule, and the retinoid + acids rule cites work on the combination', () => {
    for (const rule of rules.rules) expect(rule.reference.length).toBeGreaterThan(20);
    const retinoidAcids = rules.rules.find((r) => r.id === 'retinoid-with-acids')!;
    expect(retinoidAcids.reference).toMatch(/glycolic acid and tretinoin/);
    expect(retinoidAcids.severity).toBe('medium');
  });

  it('flags benzoyl peroxide with a retinoid', () => {
    expect(rulesOf(routine('evening', step('treat', I.bpo), step('treat', I.tretinoin)))).toContain(
      'benzoyl-peroxide-with-retinoid',
    );
  });

  it('flags several exfoliants, counting steps not ingredients', () => {
    expect(rulesOf(routine('evening', step('exfoliate', I.glycolic, I.salicylic)))).not.toContain('several-exfoliants');
    const r = routine('evening', step('exfoliate', I.glycolic), step('treat', I.gluconolactone));
    expect(checkRoutine(r, rules).find((f) => f.rule === 'several-exfoliants')).toMatchObject({
      severity: 'medium',
      steps: [{ id: 's1' }, { id: 's2' }],
    });
  });

  it('flags ascorbic acid (not its gentle derivatives) with acids', () => {
    expect(rulesOf(routine('evening', step('treat', I.ascorbic), step('exfoliate', I.salicylic)))).toContain(
      'vitamin-c-with-acids',
    );
    expect(rulesOf(routine('evening', step('treat', I.sap), step('exfoliate', I.salicylic)))).not.toContain(
      'vitamin-c-with-acids',
    );
  });

  it('flags copper peptides with strong acids and with vitamin C', () => {
    expect(rulesOf(routine('evening', step('treat', I.copper), step('exfoliate', I.glycolic)))).toContain(
      'copper-peptides-with-acids',
    );
    expect(rulesOf(routine('evening', step('treat', I.copper), step('treat', I.ascorbic)))).toContain(
      'copper-peptides-with-vitamin-c',
    );
  });

  it('flags retinoids or acids in the morning without sunscreen, not at night or with one', () => {
    const morning = routine('morning', step('treat', I.retinol), step('moisturise', I.squalane));
    expect(checkRoutine(morning, rules)[0]).toMatchObject({
      rule: 'photosensitiser-in-the-morning-without-sunscreen',
      severity: 'high',
      steps: [{ id: 's1' }],
    });
    expect(rulesOf(routine('anytime', step('exfoliate', I.glycolic)))).toContain(
      'photosensitiser-in-the-morning-without-sunscreen',
    );
    expect(rulesOf(routine('evening', step('treat', I.retinol)))).toEqual([]);
    expect(rulesOf(routine('morning', step('treat', I.retinol), step('protect', I.zinc)))).toEqual([]);
  });

  it('flags the same active in several steps, per group', () => {
    const findings = checkRoutine(
      routine(
        'evening',
        step('treat', I.niacinamide),
        step('moisturise', I.niacinamide, I.squalane),
        step('treat', I.retinol),
      ),
      rules,
    );
    expect(
      findings.filter((f) => f.rule === 'duplicated-actives').map((f) => [f.severity, f.steps.map((s) => s.id)]),
    ).toEqual([['low', ['s1', 's2']]]);
  });

  it('flags fragrance in two or more steps', () => {
    expect(rulesOf(routine('evening', step('cleanse', I.parfum), step('moisturise', I.squalane)))).toEqual([]);
    const finding = checkRoutine(
      routine('evening', step('cleanse', I.parfum), step('moisturise', I.linalool)),
      rules,
    ).find((f) => f.rule === 'fragrance-load')!;
    expect(finding.ingredients.map((i) => i.alias)).toEqual(['fragrance', 'linalool']);
  });

  it('flags ingredients the owner marked negative', () => {
    const r = {
      ...routine('evening', step('cleanse', I.glycerin), step('moisturise', I.squalane, I.glycerin)),
      negativeIngredientIds: new Set(['id-glycerin']),
    };
    expect(checkRoutine(r, rules)).toEqual([
      expect.objectContaining({
        rule: 'negative-feeling',
        severity: 'medium',
        steps: [
          { id: 's1', position: 1, stepType: 'cleanse' },
          { id: 's2', position: 2, stepType: 'moisturise' },
        ],
        ingredients: [{ id: 'id-glycerin', alias: 'glycerin', name: 'Glycerin' }],
      }),
    ]);
  });

  it('ignores steps without a product, and orders findings by severity', () => {
    const findings = checkRoutine(
      routine(
        'morning',
        step('cleanse'),
        step('cleanse', I.parfum),
        step('treat', I.niacinamide, I.parfum),
        step('treat', I.niacinamide, I.retinol),
      ),
      rules,
    );
    expect(findings.map((f) => f.severity)).toEqual(['high', 'low', 'low']);
  });
});

describe('the fit of a product', () => {
  const night = routine(
    'evening',
    step('cleanse', I.glycerin),
    step('treat', I.retinol),
    step('moisturise', I.squalane),
  );

  it('places a moisturiser at its step and adds nothing', () => {
    const fit = fitProduct(night, { id: 'x', ingredients: [I.water, I.squalane, I.glycerin] }, rules);
    expect(fit).toMatchObject({ verdict: 'fits', findings: [] });
    expect(fit.placements).toContainEqual(
      expect.objectContaining({ stepType: 'moisturise', position: 4, replacesStepIds: ['s3'] }),
    );
  });

  it('takes an acid next to the retinoid with caution (alternate evenings), naming the candidate step', () => {
    const fit = fitProduct(night, { id: 'x', ingredients: [I.water, I.glycolic] }, rules);
    expect(fit.verdict).toBe('caution');
    expect(fit.placements[0]).toMatchObject({ stepType: 'exfoliate', position: 2, replacesStepIds: [] });
    expect(fit.findings[0]).toMatchObject({ rule: 'retinoid-with-acids', steps: [{ id: 's2' }, { id: 'candidate' }] });
  });

  it('does not count findings the routine already had', () => {
    const busy = routine('evening', step('exfoliate', I.glycolic), step('treat', I.retinol));
    const fit = fitProduct(busy, { id: 'x', ingredients: [I.water, I.squalane] }, rules);
    expect(fit).toMatchObject({ verdict: 'fits', findings: [] });
  });

  it('says when the product belongs to another time of day, or to no step at all', () => {
    const morning = routine('morning', step('cleanse', I.glycerin), step('protect', I.zinc));
    expect(fitProduct(morning, { id: 'x', ingredients: [I.retinol] }, rules)).toMatchObject({
      verdict: 'does_not_fit',
      placements: [],
      reason: expect.stringMatching(/evening routine/),
    });
    expect(fitProduct(morning, { id: 'x', ingredients: [I.water] }, rules)).toMatchObject({
      verdict: 'does_not_fit',
      placements: [],
    });
    expect(
      fitProduct(
        night,
        { id: 'x', ingredients: [I.water, I.glycerin], categoryStep: { stepType: 'tone', name: 'Toners' } },
        rules,
      ).placements[0],
    ).toMatchObject({ stepType: 'tone', position: 2 });
  });

  it('answers caution for medium findings', () => {
    const r = routine('evening', step('treat', I.copper));
    expect(fitProduct(r, { id: 'x', ingredients: [I.water, I.ascorbic, I.squalane, I.glycerin] }, rules).verdict).toBe(
      'caution',
    );
  });
});

describe('stacked findings escalate', () => {
  it('a glycolic toner, a BHA liquid and a retinol the same night do not fit: the strongest verdict, not caution', () => {
    const night = routine(
      'evening',
      step('tone', I.glycolic),
      step('exfoliate', I.salicylic),
      step('treat', I.retinol),
    );
    const findings = checkRoutine(night, rules);
    expect(findings.every((f) => f.severity !== 'high')).toBe(true);
    expect(routineVerdict(findings)).toBe('conflict');
    const two = routine('evening', step('tone', I.glycolic), step('exfoliate', I.salicylic));
    expect(routineVerdict(checkRoutine(two, rules))).toBe('caution');
    const fit = fitProduct(
      routine('evening', step('tone', I.glycolic), step('exfoliate', I.salicylic)),
      { id: 'x', ingredients: [I.water, I.retinol] },
      rules,
    );
    expect(fit).toMatchObject({ verdict: 'does_not_fit', reason: expect.stringMatching(/stack irritants/) });
  });
});

describe('doses and traces', () => {
  const fillers = ['aloe', 'panthenol', 'allantoin', 'xanthan-gum', 'citric-acid', 'phenoxyethanol'].map((a) => ing(a));
  it('a trace of salicylic acid (second to last) is not an exfoliant, as a trace of an AHA is not', () => {
    const traceBha = step('tone', I.glycerin, ...fillers, I.salicylic, I.squalane);
    const traceAha = step('tone', I.glycerin, ...fillers, I.glycolic, I.squalane);
    expect(rulesOf(routine('evening', step('exfoliate', I.glycolic), traceBha))).not.toContain('several-exfoliants');
    expect(rulesOf(routine('evening', step('exfoliate', I.salicylic), traceAha))).not.toContain('several-exfoliants');
    expect(rulesOf(routine('evening', step('treat', I.retinol), traceBha))).not.toContain('retinoid-with-acids');
    // High on the list, or printed above 1 %, it is one.
    expect(rulesOf(routine('evening', step('exfoliate', I.glycolic), step('tone', I.salicylic, I.glycerin)))).toContain(
      'several-exfoliants',
    );
    const printed = step(
      'tone',
      I.glycerin,
      ...fillers,
      { ...I.salicylic, band: 'above_1_percent' as const },
      I.squalane,
    );
    expect(rulesOf(routine('evening', step('exfoliate', I.glycolic), printed))).toContain('several-exfoliants');
  });

  it('a sunscreen\'s trace niacinamide is not "the same active in several steps"', () => {
    const sunscreen = step('protect', I.zinc, I.glycerin, ...fillers, I.niacinamide);
    expect(rulesOf(routine('morning', step('treat', I.niacinamide, I.glycerin), sunscreen))).not.toContain(
      'duplicated-actives',
    );
    expect(
      rulesOf(routine('morning', step('treat', I.niacinamide, I.glycerin), step('protect', I.zinc, I.niacinamide))),
    ).toContain('duplicated-actives');
  });
});

describe('the detailed summary', () => {
  it('lists key actives, flags and effects per step, and tallies them', () => {
    const { steps, totals } = summarizeRoutine(
      routine(
        'morning',
        step('cleanse', I.glycerin, I.parfum),
        step('treat', I.retinol, I.niacinamide),
        step('protect', I.zinc),
        step('mask'),
      ).steps,
    );
    expect(steps.map((s) => s.keyActives.map((a) => [a.ingredient.alias, a.groups]))).toEqual([
      [],
      [
        ['retinol', ['retinoids']],
        ['niacinamide', ['niacinamide']],
      ],
      [['zinc-oxide', ['mineral_uv_filters']]],
      [],
    ]);
    expect(steps[0].flags).toEqual(['fragrance']);
    expect(steps[1].effects).toEqual(['anti_aging', 'brightening']);
    expect(totals).toEqual({
      steps: 4,
      stepsWithProduct: 3,
      distinctIngredients: 6,
      keyActives: [
        { name: 'mineral_uv_filters', steps: 1 },
        { name: 'niacinamide', steps: 1 },
        { name: 'retinoids', steps: 1 },
      ],
      flags: [
        { name: 'fragrance', steps: 1 },
        { name: 'pregnancy_caution', steps: 1 },
      ],
      effects: [
        { name: 'anti_aging', steps: 1 },
        { name: 'brightening', steps: 1 },
        { name: 'hydrating', steps: 1 },
        { name: 'uv_protecting', steps: 1 },
      ],
    });
  });
});

describe('ISO contest weeks (UTC)', () => {
  it.each([
    ['2026-11-24T12:00:00Z', '202648', '2026-11-23T00:00:00.000Z'],
    ['2021-01-03T23:59:59Z', '202053', '2020-12-28T00:00:00.000Z'],
    ['2024-12-30T00:00:00Z', '202501', '2024-12-30T00:00:00.000Z'],
    ['2027-01-01T00:00:00Z', '202653', '2026-12-28T00:00:00.000Z'],
    ['2025-03-09T23:59:59.999Z', '202510', '2025-03-03T00:00:00.000Z'],
  ])('%s is in %s', (at, weekNumber, start) => {
    const week = weekOf(new Date(at));
    expect([week.weekNumber, week.startsAt.toISOString()]).toEqual([weekNumber, start]);
    expect(week.endsAt.getTime() - week.startsAt.getTime()).toBe(7 * 86_400_000);
    expect(parseWeekNumber(weekNumber)).toEqual(week);
  });

  it('knows long years, and the week before', () => {
    expect([2020, 2021, 2026, 2032].map(weeksInYear)).toEqual([53, 52, 53, 53]);
    expect(previousWeek(parseWeekNumber('202601')!).weekNumber).toBe('202552');
    expect(previousWeek(parseWeekNumber('202101')!).weekNumber).toBe('202053');
    expect(['202600', '202154', '2026-1', '', '20261a'].map(parseWeekNumber)).toEqual([null, null, null, null, null]);
  });
});
