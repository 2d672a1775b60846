// A label read as a whole (issue 40), each family of shapes tested as a property over how the text is presented:
// strengths printed outside the list (bullets "-", "•", "✔", numbering, <li>; before or after the name; "5%", "5 %",
// "5.0%", "0,5 %", full-width; several actives on one line; case), percentages that name no ingredient, bracketed
// qualifiers, headings (a short line ending in a full stop, phases, formulas, a drug fact's purpose before a name), name
// variants and "Alcohol". Pure engine, no database; the API's answer is in analysis.test.ts.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { evaluateRetail, loadKnowledgeBase, loadWholeLabelCorpus } from '../scripts/label-recall.js';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { nameKey } from '../src/modules/analysis/engine/normalize.js';
import { PRESENTATIONS } from './helpers/label-presentations.js';

const kb = loadKnowledgeBase();
const matcher = new IngredientMatcher(kb.ingredients);
const analyze = (text: string) => analyzeIngredientList(text, matcher);
const nameOf = (id: string | null) => (id ? (kb.nameOf.get(id) ?? id) : null);

const INACTIVES = 'Water, Glycerin, Carbomer, Sodium Hydroxide, Cetyl Alcohol, Phenoxyethanol';
const INACTIVE_NAMES = ['Water', 'Glycerin', 'Carbomer', 'Sodium Hydroxide', 'Cetyl Alcohol', 'Phenoxyethanol'];
/** Drug-facts actives a retailer's copy prints with their strength, the list shown holding the inactives alone. */
const ACTIVES: Array<[printed: string, inci: string]> = [
  ['Benzoyl Peroxide', 'Benzoyl Peroxide'],
  ['Adapalene', 'Adapalene'],
  ['Zinc Oxide', 'Zinc Oxide'],
  ['Titanium Dioxide', 'Titanium Dioxide'],
  ['Avobenzone', 'Butyl Methoxydibenzoylmethane'],
  ['Octinoxate', 'Ethylhexyl Methoxycinnamate'],
  ['Sulfur', 'Sulfur'],
];
/** Strengths as printed, and as the analysis keeps them. */
const STRENGTHS: Array<[printed: string, kept: string]> = [
  ['5%', '5%'],
  ['5 %', '5%'],
  ['5.0%', '5.0%'],
  ['0,5 %', '0.5%'],
  ['2.50%', '2.50%'],
  ['4.069%', '4.069%'],
  ['５％', '5%'],
];
const BULLETS = ['-', '- ', '• ', '✔ ', '► ', ''];
const BENEFITS = [
  ': Has acne-fighting ingredients.',
  ' - clears breakouts',
  '',
  ': a retinoid once prescription-only.',
];
const HEADINGS = ['Inactive Ingredients: ', 'Ingredients: ', 'INGREDIENTS:\n', 'Other ingredients: '];

/** A claim line in one of the ways copy prints a strength. */
const claim = (bullet: string, name: string, strength: string, before: boolean, benefit: string) =>
  `${bullet}${before ? `${strength} ${name}` : `${name} ${strength}`}${benefit}`;

describe('a strength printed outside the list', () => {
  it('makes a drug-facts active the list shown lacks an active entry at that strength, however the copy prints it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ACTIVES), { minLength: 1, maxLength: 3, selector: (a) => a[0] }),
        fc.constantFrom(...STRENGTHS),
        fc.constantFrom(...BULLETS),
        fc.boolean(),
        fc.constantFrom(...BENEFITS),
        fc.constantFrom(...HEADINGS),
        fc.constantFrom(', ', ' | ', '\n'),
        fc.constantFrom('none', 'upper', 'lower', 'spacing', 'html'),
        (actives, [strength, kept], bullet, before, benefit, heading, between, presentation) => {
          // Several actives on one line share a bullet and carry no benefit each; one a line each gets both.
          const lines =
            between === '\n'
              ? actives.map(([name]) => claim(bullet, name, strength, before, benefit))
              : [`${bullet}${actives.map(([name]) => claim('', name, strength, before, '')).join(between)}`];
          const text = `Acne Treatment Gel\n${lines.join('\n')}\n${heading}${INACTIVES}`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          const analysis = analyze(presented);
          const got = analysis.entries.map((e) => [nameOf(e.ingredientId), e.active, e.concentration, !!e.outsideList]);
          expect([presented, got]).toEqual([
            presented,
            [
              ...actives.map(([, inci]) => [inci, true, kept, true]),
              ...INACTIVE_NAMES.map((n) => [n, false, null, false]),
            ],
          ]);
          expect(analysis.activesOutsideList.map((o) => [nameKey(o.name), o.strength, o.analysed])).toEqual(
            actives.map(([name]) => [nameKey(name), kept, true]),
          );
        },
      ),
      { numRuns: 250, seed: 40 },
    );
  });

  it("gives the strength to the list's own entry of that ingredient, which stays no active", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STRENGTHS),
        fc.constantFrom(...BULLETS),
        fc.boolean(),
        fc.constantFrom('Niacinamide', 'Salicylic Acid', 'Azelaic Acid', 'Retinol'),
        fc.constantFrom('none', 'upper', 'lower', 'html'),
        ([strength, kept], bullet, before, name, presentation) => {
          const text = `${claim(bullet, name, strength, before, ': visibly smoother skin.')}\nIngredients: Water, Glycerin, ${name}, Phenoxyethanol`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          const analysis = analyze(presented);
          expect(analysis.entries.map((e) => [nameOf(e.ingredientId), e.active, e.concentration])).toEqual([
            ['Water', false, null],
            ['Glycerin', false, null],
            [name, false, kept],
            ['Phenoxyethanol', false, null],
          ]);
          expect(analysis.activesOutsideList.map((o) => o.analysed)).toEqual([true]);
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });

  it('reports a name it does not know, a common name the list lacks and an acronym, and adds none of them', () => {
    for (const [line, name, strength] of [
      ['-4% Lumiplex Complex: evens the look of tone.', 'Lumiplex Complex', '4%'],
      ['15% Vitamin C for visibly brighter skin', 'Vitamin C', '15%'],
      ['Pore Clarifying Liquid with 2% BHA', 'BHA', '2%'],
      ['• 10% AHA for a smoother look', 'AHA', '10%'],
    ]) {
      const analysis = analyze(`${line}\nIngredients: Water, 3-O-Ethyl Ascorbic Acid, Glycerin, Phenoxyethanol`);
      expect([line, analysis.entries.map((e) => e.input)]).toEqual([
        line,
        ['Water', '3-O-Ethyl Ascorbic Acid', 'Glycerin', 'Phenoxyethanol'],
      ]);
      expect(analysis.activesOutsideList).toContainEqual({ name, strength, analysed: false, part: null });
    }
  });

  it('reads a kit step’s own active line, and a Japanese quasi-drug’s 有効成分', () => {
    const kit = analyze(
      'Step 1 Cleanser\n-Salicylic Acid 2%: clears pores.\nIngredients: Water, Sodium Laureth Sulfate, Glycerin, Phenoxyethanol\nStep 2 Lotion\nIngredients: Water, Glycerin, Dimethicone, Phenoxyethanol',
    );
    expect(kit.entries.filter((e) => e.active).map((e) => [e.input, e.concentration, e.part])).toEqual([
      ['Salicylic Acid', '2%', 'Step 1 Cleanser'],
    ]);
    const quasiDrug = analyze('有効成分：トラネキサム酸\nその他の成分：水、BG、グリセリン');
    expect(quasiDrug.entries.map((e) => [nameOf(e.ingredientId), e.active])).toEqual([
      ['Tranexamic Acid', true],
      ['Water', false],
      ['Butylene Glycol', false],
      ['Glycerin', false],
    ]);
  });
});

describe('a percentage that names no ingredient', () => {
  const CLAIMS = [
    '100% naturally derived ingredients',
    '99% of users said their skin felt softer',
    '95% saw smoother skin*',
    '0% alcohol, 0% fragrance',
    'Up to 30% more hydration',
    '47% reduction in the look of fine lines',
    '-Hydroxypinacolone Retinoate (2% in Dimethyl Isosorbide): a gentle retinoid ester.',
    'Formulated with Granactive Retinoid (10% Retinoid Ester in Dimethyl Isosorbide).',
  ];
  it('is never an active nor a strength, before the list or after it, however presented', () => {
    fc.assert(
      fc.property(
        fc.subarray(CLAIMS, { minLength: 1 }),
        fc.constantFrom(...BULLETS),
        fc.constantFrom('before', 'after'),
        fc.constantFrom('none', 'upper', 'lower', 'html'),
        (claims, bullet, where, presentation) => {
          // After the list, a bulleted line of copy with no cue ("-Hydroxypinacolone Retinoate (2% in …): a gentle
          // retinoid ester.") still runs into the last entry: the raw materials' lines are put before it.
          const after = where === 'after' ? claims.filter((c) => !c.includes('(')) : [];
          const copyOf = (lines: string[]) => lines.map((c) => `${bullet}${c}`).join('\n');
          const list = 'Ingredients: Aqua, Squalane, Dimethyl Isosorbide, Hydroxypinacolone Retinoate, Glycerin';
          const before = claims.filter((c) => !after.includes(c));
          const text = `${before.length ? `${copyOf(before)}\n` : ''}${list}${after.length ? `\n\n${copyOf(after)}` : ''}`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          const analysis = analyze(presented);
          expect([presented, analysis.entries.map((e) => [nameOf(e.ingredientId), e.active, e.concentration])]).toEqual(
            [
              presented,
              ['Water', 'Squalane', 'Dimethyl Isosorbide', 'Hydroxypinacolone Retinoate', 'Glycerin'].map((n) => [
                n,
                false,
                null,
              ]),
            ],
          );
          expect(analysis.activesOutsideList.filter((o) => o.analysed)).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });

  it("keeps a raw material's strength in brackets out of the entry's strength", () => {
    const { entries } = analyze(
      'Ingredients: Squalane, Hydroxypinacolone Retinoate (10% Retinoid Ester in Dimethyl Isosorbide), Houttuynia Cordata Extract (77%)',
    );
    expect(entries.map((e) => [nameOf(e.ingredientId), e.concentration])).toEqual([
      ['Squalane', null],
      ['Hydroxypinacolone Retinoate', null],
      ['Houttuynia Cordata Extract', '77%'],
    ]);
  });
});

describe('a bracketed qualifier after a name', () => {
  const QUALIFIERS = [
    '(Fragrances of Botanical Origin)',
    '(from natural essential oils)',
    '(Natural Component of Essential Oils)',
    '(Naturally Occurring in Clove Oil)',
    '(component of essential oils of natural origin)',
  ];
  const ALLERGENS = ['Limonene', 'Linalool', 'Geraniol', 'Citronellol', 'Citral', 'Eugenol', 'Benzyl Alcohol'];
  it('stays part of its entry, with a real footnote on the label or without, one per line or with commas', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ALLERGENS), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...QUALIFIERS),
        fc.boolean(),
        fc.constantFrom(', ', '\n'),
        fc.constantFrom('none', 'upper', 'lower', 'html', 'spacing'),
        (allergens, qualifier, footnote, between, presentation) => {
          const names = [
            'Aqua',
            'Glycerin',
            'Rosa Damascena Flower Oil*',
            ...allergens.map((a) => `${a} ${qualifier}`),
          ];
          const text = `Ingredients:\n${names.join(between)}${footnote ? '\n*Certified Organic Ingredient' : ''}`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          expect([presented, analyze(presented).entries.map((e) => nameOf(e.ingredientId))]).toEqual([
            presented,
            ['Water', 'Glycerin', 'Rosa Damascena Flower Oil', ...allergens],
          ]);
        },
      ),
      { numRuns: 150, seed: 40 },
    );
  });
});

describe('headings', () => {
  const LIST = 'Water/Aqua/Eau, 3-O-Ethyl Ascorbic Acid, Glycerin, Propanediol, Phenoxyethanol';
  const WANT = ['Water', '3-O-Ethyl Ascorbic Acid', 'Glycerin', 'Propanediol', 'Phenoxyethanol'];
  it('reads a short line ending in a full stop before the list as a heading, on the list’s line or its own', () => {
    for (const heading of ['Vitamin C', 'Hyaluronic Acid', 'Retinol Night Serum', 'Brightening Toner'])
      for (const between of [' ', '\n'])
        for (const presentation of ['none', 'upper', 'html'] as const) {
          const text = `${heading}.${between}${LIST}`;
          const presented = presentation === 'none' ? text : PRESENTATIONS[presentation](text);
          expect([presented, analyze(presented).entries.map((e) => nameOf(e.ingredientId))]).toEqual([presented, WANT]);
        }
    // A list separated by full stops stays a list; "Alcohol Denat." is a name.
    expect(analyze('Water. Glycerin. Niacinamide. Phenoxyethanol.').entries.map((e) => e.input)).toEqual([
      'Water',
      'Glycerin',
      'Niacinamide',
      'Phenoxyethanol',
    ]);
    expect(analyze('Alcohol Denat. Water, Glycerin, Phenoxyethanol').entries.map((e) => e.input)[0]).toBe(
      'Alcohol Denat.',
    );
  });

  it('sets phase headings aside and makes formula headings parts, never entries', () => {
    for (const mark of ['A', 'B', '1', 'II'])
      for (const punctuation of [':', '.', ')', ' -'])
        for (const between of ['\n', ', ']) {
          const text = `Phase ${mark}${punctuation} Aqua, Glycerin, Xanthan Gum${between}Phase Z${punctuation} Cetearyl Alcohol, Tocopherol, Phenoxyethanol`;
          const analysis = analyze(text);
          expect([text, analysis.entries.map((e) => e.input), analysis.parts]).toEqual([
            text,
            ['Aqua', 'Glycerin', 'Xanthan Gum', 'Cetearyl Alcohol', 'Tocopherol', 'Phenoxyethanol'],
            [],
          ]);
        }
    const duo = analyze(
      'Formula 1: Water, Glycerin, Niacinamide, Phenoxyethanol\nFormula 2: Squalane, Retinol, Tocopherol, Caprylic/Capric Triglyceride',
    );
    expect(duo.parts).toEqual(['Formula 1', 'Formula 2']);
    expect(duo.entries.map((e) => e.input)).not.toContain('Formula 1');
  });

  it("never makes a kit's number an entry, run on after a list's last name or alone on its line", () => {
    for (const text of [
      '1. Cleansing Gel: Water, Sodium Laureth Sulfate, Glycerin, Sodium Benzoate 2. Moisturizer: Water, Glycerin, Dimethicone, Sodium Benzoate',
      'Step 1.\nWater, Sodium Laureth Sulfate, Glycerin, Sodium Benzoate\nStep 2.\nWater, Glycerin, Dimethicone, Sodium Benzoate',
    ]) {
      const analysis = analyze(text);
      expect([text, analysis.entries.every((e) => e.match !== 'none'), analysis.parts.length]).toEqual([text, true, 2]);
    }
  });

  it('drops a drug fact’s purpose printed before the name, on its line or in a flattened table', () => {
    for (const purpose of ['Sunscreen', 'Anti-acne', 'Skin protectant', 'Antifungal'])
      for (const layout of ['lines', 'table'] as const) {
        const actives = [
          ['Octinoxate', '7.5%'],
          ['Zinc Oxide', '5%'],
        ];
        const body =
          layout === 'lines'
            ? actives.map(([n, s]) => `${purpose} ${n} ${s}`).join('\n')
            : actives.map(([n, s]) => `${n} ${s} ${purpose}`).join(' ');
        const text = `Active ingredients Purpose\n${body}\nInactive ingredients: Water, Glycerin`;
        expect([text, analyze(text).entries.map((e) => [e.input, e.active, e.concentration])]).toEqual([
          text,
          [
            ['Octinoxate', true, '7.5%'],
            ['Zinc Oxide', true, '5%'],
            ['Water', false, null],
            ['Glycerin', false, null],
          ],
        ]);
      }
  });
});

describe('name variants an expert reads', () => {
  it('reads older, common and misspelt names as their ingredient', () => {
    for (const [printed, inci] of [
      ['Ceramide III', 'Ceramide NP'],
      ['Ceramide IIIB', 'Ceramide NP'],
      ['Ceramide I', 'Ceramide EOP'],
      ['Ginseng Extract', 'Panax Ginseng Root Extract'],
      ['Schizandra Chinensis Fruit Extract', 'Schisandra Chinensis Fruit Extract'],
      ['Chamomile Recutita (Matricaria) Flower Extract', 'Chamomilla Recutita (Matricaria) Flower Extract'],
      ['PEG-40 Sterate', 'PEG-40 Stearate'],
      ['Oleyl Adapalenate', 'Oleyl Adapalenate'],
    ])
      expect([printed, nameOf(matcher.matchEntry({ input: printed }).ingredientId)]).toEqual([printed, inci]);
  });

  it('never reads Oleyl Adapalenate, an ester of adapalene, as adapalene', () => {
    const id = matcher.matchEntry({ input: 'Oleyl Adapalenate' }).ingredientId;
    expect(id).not.toBe(matcher.matchEntry({ input: 'Adapalene' }).ingredientId);
  });

  it('reads a letter lost in a word of a long name as that name, never as another ingredient', () => {
    // Every curated name of three words or more, each with one letter dropped inside one of its words: the slip reads
    // as the name itself or as nothing, never as another ingredient.
    const names = kb.ingredients.filter((i) => !i.inventoryOnly && /^[A-Za-z0-9 -]+$/.test(i.name));
    const long = names.filter((i) => i.name.split(' ').length >= 3);
    const wrong: string[] = [];
    fc.assert(
      fc.property(fc.constantFrom(...long), fc.nat(), fc.nat(), (ingredient, w, at) => {
        const words = ingredient.name.split(' ');
        const k = w % words.length;
        const word = words[k];
        if (word.length < 6) return;
        const i = 2 + (at % (word.length - 4));
        words[k] = word.slice(0, i) + word.slice(i + 1);
        const typed = words.join(' ');
        const found = matcher.matchEntry({ input: typed }).ingredientId;
        if (found && found !== ingredient.id && nameKey(kb.nameOf.get(found)!) !== nameKey(typed))
          wrong.push(`${typed} → ${kb.nameOf.get(found)}`);
      }),
      { numRuns: 1500, seed: 40 },
    );
    expect(wrong).toEqual([]);
  });

  it('reads "Alcohol" printed alone as ethanol', () => {
    const id = matcher.matchEntry({ input: 'Alcohol' }).ingredientId;
    expect(nameOf(id)).toBe('Alcohol');
    expect(kb.ingredients.find((i) => i.id === id)!.otherNames).toEqual(expect.arrayContaining(['Ethanol']));
  });
});

describe('the whole-label corpus (data/labels/whole-label.yaml)', () => {
  it('reads every label right: entries, actives, strengths, parts and the actives named outside the list', () => {
    const { byClass, problems } = evaluateRetail(loadWholeLabelCorpus(), matcher, kb, { outside: true });
    expect(problems).toEqual([]);
    for (const cls of ['printed_outside', 'percent_no_ingredient', 'bracket_qualifier', 'heading', 'name_variants'])
      expect([cls, (byClass.get(cls)?.labels ?? 0) >= 2]).toEqual([cls, true]);
  });
});
