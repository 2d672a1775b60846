// The knowledge engines on plain data: concentration estimates, EU regulation facts, what a dose
// changes, and the skin-type verdicts that weigh it; plus the check that every regulatory and
// rating fact carries its source. No database.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import {
  estimateConcentrations,
  printedPercent,
  type DoseEntry,
} from '../src/modules/analysis/engine/concentration.js';
import { inferProductType } from '../src/modules/analysis/engine/product-type.js';
import { productTypeOfCategory } from '../src/modules/analysis/list-reading.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { readList } from '../src/modules/analysis/engine/read-list.js';
import {
  CLASSES,
  maximumFor,
  parseRegulation,
  RegulationDataError,
  RegulationIndex,
  type ProductType,
} from '../src/modules/analysis/engine/regulation.js';
import { evaluateRules } from '../src/modules/analysis/engine/rules.js';
import { evaluateSkinTypes } from '../src/modules/analysis/engine/skin-types.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { dataDir, readYaml } from '../src/modules/knowledge/yaml-data.js';

const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
const byId = new Map(rows.map((r) => [r.id, r]));
const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
const matcher = new IngredientMatcher(rows);
const regulation = loadRegulation();

/** A label read as the analysis reads it. */
const read = (text: string, productType?: ProductType, labelLaw: 'eu' | null = null) => {
  const analysis = analyzeIngredientList(text, matcher);
  return readList(
    analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
    regulation,
    productType,
    [],
    labelLaw,
  );
};
const entry = (reading: ReturnType<typeof read>, name: string) =>
  reading.entries.find((e) => e.dosed?.name === name || e.input === name)!;
const verdicts = (reading: ReturnType<typeof read>) =>
  Object.fromEntries(
    evaluateSkinTypes(reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []))).map((s) => [s.skinType, s]),
  );
const plain = (name: string, position: number, extra: Partial<DoseEntry> = {}): DoseEntry => ({
  position,
  concentration: null,
  mayContain: false,
  name,
  ...extra,
});

describe('concentration estimates', () => {
  it('reads printed percentages', () => {
    expect(printedPercent('10%')).toBe(10);
    expect(printedPercent('0,5 %')).toBe(0.5);
    expect(printedPercent('2.5% w/w')).toBe(2.5);
    expect(printedPercent('500 ppm')).toBeNull();
    expect(printedPercent(null)).toBeNull();
  });

  it('bounds each entry by its place: at most 100 / position, at most what comes before, the first at least 100 / n', () => {
    const estimates = estimateConcentrations([
      plain('Water', 1),
      plain('Glycerin', 2),
      plain('Niacinamide', 3, { concentration: '5%' }),
      plain('Squalane', 4),
      plain('Xanthan Gum', 5),
    ]);
    expect(estimates[0]).toMatchObject({ min: 20, max: 95 }); // the printed 5% leaves 95%
    expect(estimates[1]).toMatchObject({ min: 5, max: 50 });
    expect(estimates[1].basis).toMatch(/printed at 5%/);
    expect(estimates[2]).toEqual({ min: 5, max: 5, basis: 'Printed on the label: 5%.' });
    expect(estimates[3]).toMatchObject({ min: 0, max: 5 });
    expect(estimates[3].basis).toMatch(/after Niacinamide \(5%, printed\)/);
  });

  it('draws the 1% line after an ingredient the law caps at 1% or less', () => {
    const estimates = estimateConcentrations([
      plain('Water', 1),
      plain('Glycerin', 2),
      plain('Phenoxyethanol', 3, { cap: { max: 1, source: 'Annex V entry 29' } }),
      plain('Lactic Acid', 4),
      plain('Parfum', 5),
    ]);
    expect(estimates[2]).toMatchObject({ min: 0, max: 1 });
    expect(estimates[3]).toMatchObject({ min: 0, max: 1 });
    expect(estimates[3].basis).toMatch(/behind the 1% line/);
    expect(estimates[4].max).toBe(1);
    // Before the line the order still allows more than 1%.
    expect(estimates[1].max).toBe(50);
  });

  it('never puts the bound of an unanchored entry under 1%, and gives "may contain" entries 0 to 1%', () => {
    const many = Array.from({ length: 150 }, (_, i) => plain(`X${i}`, i + 1));
    expect(estimateConcentrations(many)[149].max).toBe(1);
    expect(estimateConcentrations([plain('Water', 1), plain('CI 77491', 2, { mayContain: true })])[1]).toMatchObject({
      min: 0,
      max: 1,
    });
  });

  it('reads a Drug Facts label apart: inactive ingredients in alphabetical order bound nothing by their order', () => {
    const estimates = estimateConcentrations([
      plain('Benzoyl Peroxide', 1, { active: true, concentration: '10%' }),
      plain('Carbomer', 2),
      plain('Glycerin', 3),
      plain('Water', 4),
    ]);
    expect(estimates[0]).toMatchObject({ min: 10, max: 10 });
    // Water is the base: at least an equal share of the 90% the active leaves; the others at most half of it.
    expect(estimates[3]).toMatchObject({ min: 30, max: 90 });
    expect(estimates[1]).toMatchObject({ min: 0, max: 45 });
    expect(estimates[2].basis).toMatch(/alphabetically/);
  });

  it('puts a named fragrance allergen at least at its labelling threshold on a label made under EU law', () => {
    const reading = read('Aqua, Glycerin, Phenoxyethanol, Parfum, Linalool', undefined, 'eu');
    expect(entry(reading, 'Linalool').estimate).toMatchObject({ min: 0.001, max: 1 });
    const rinse = read('Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Parfum, Linalool', undefined, 'eu');
    expect(rinse.productType).toBe('rinse_off');
    expect(entry(rinse, 'Linalool').estimate.min).toBe(0.01);
  });

  it('draws no allergen floor where the law of the label is unknown or on a Drug Facts label, and says why', () => {
    const unknown = entry(read('Aqua, Glycerin, Phenoxyethanol, Parfum, Linalool'), 'Linalool');
    expect(unknown.estimate.min).toBe(0);
    expect(unknown.notes.join(' ')).toMatch(
      /made under EU law .* named only above 0.001%; where this label was made is not known/,
    );
    const analysis = analyzeIngredientList('Aqua, Glycerin, Parfum, Linalool', matcher);
    const drug = readList(
      analysis.entries.map((e, i) => ({
        ...e,
        active: i === 0,
        ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null,
      })),
      regulation,
      null,
      [],
      'eu',
    );
    const linalool = drug.entries.find((e) => e.dosed?.name === 'Linalool')!;
    expect(linalool.estimate.min).toBe(0);
    expect(linalool.notes.join(' ')).toMatch(/Drug Facts label names its inactive ingredients whatever their amount/);
  });
});

describe('EU regulation data', () => {
  it('gives every fact an act with a publication date, an annex and a class; limits where the class needs them', () => {
    const raw = readYaml<{ facts: Array<Record<string, unknown>>; acts: Record<string, { published: string }> }>(
      'regulation/eu-cosmetics.yaml',
    );
    const data = parseRegulation(raw);
    expect(data.facts.length).toBe(raw.facts.length);
    for (const fact of data.facts) {
      expect(fact.act.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fact.act.oj).toMatch(/^OJ L/);
      expect(['II', 'III', 'V', 'VI']).toContain(fact.annex);
      if (['restricted', 'preservative', 'uv_filter'].includes(fact.class))
        expect(fact.limits.length).toBeGreaterThan(0);
    }
    for (const cls of CLASSES) expect(regulation.data.facts.some((f) => f.class === cls)).toBe(true);
    // Entry numbers are recorded for all but a few facts, each of which the README names.
    const readme = readFileSync(`${dataDir}regulation/README.md`, 'utf8');
    for (const fact of data.facts.filter((f) => f.entry === null)) expect(readme).toContain(fact.names[0]);
  });

  it('rejects a fact without a known act, or an act without a date', () => {
    const base = {
      acts: { a: { title: 'T', published: '2020-01-01', oj: 'OJ L 1' } },
      allergen_label_threshold: { leave_on: 0.001, rinse_off: 0.01 },
    };
    expect(() =>
      parseRegulation({ ...base, facts: [{ class: 'prohibited', act: 'b', annex: 'II', entry: '1', names: ['X'] }] }),
    ).toThrow(RegulationDataError);
    expect(() => parseRegulation({ ...base, acts: { a: { title: 'T', oj: 'OJ' } }, facts: [] })).toThrow(/published/);
    expect(() =>
      parseRegulation({
        ...base,
        facts: [
          {
            class: 'preservative',
            act: 'a',
            annex: 'V',
            entry: '1',
            names: ['X'],
            limits: [{ applies_to: 'any', max: 0 }],
          },
        ],
      }),
    ).toThrow(/max/);
  });

  it('lists about 80 fragrance allergens: the 24 still labelled and the 2023/1545 additions', () => {
    const allergens = regulation.data.facts.filter(
      (f) => f.class === 'fragrance_allergen' || f.class === 'fragrance_allergen_2023',
    );
    expect(allergens.filter((f) => f.class === 'fragrance_allergen')).toHaveLength(24);
    expect(allergens.length).toBeGreaterThanOrEqual(80);
    expect(regulation.data.allergenThreshold).toEqual({ leaveOn: 0.001, rinseOff: 0.01 });
  });

  it('flags the 2023 allergens beside the 26 (Menthol, Camphor, Linalyl Acetate, lavender oil by its INCI name)', () => {
    for (const name of ['Menthol', 'Camphor', 'Linalyl Acetate', 'Vanillin', 'Methyl Salicylate'])
      expect(byName.get(name.toLowerCase())!.flags).toContain('eu_allergen_2023');
    expect(regulation.flagsFor({ name: 'Lavandula Angustifolia (Lavender) Oil', otherNames: [] })).toEqual([
      'eu_allergen_2023',
    ]);
    expect(byName.get('linalool')!.flags).toContain('eu_allergen');
    expect(byName.get('linalool')!.flags).not.toContain('eu_allergen_2023');
    // By CAS number when no name matches.
    expect(regulation.flagsFor({ name: 'L-Menthol crystals', otherNames: [], casNumber: '2216-51-5' })).toEqual([
      'eu_allergen_2023',
    ]);
  });

  it('flags the Annex II substances, with act, annex and entry', () => {
    for (const name of [
      'Butylphenyl Methylpropional',
      'Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde',
      '3-Benzylidene Camphor',
      'PABA',
    ]) {
      expect(byName.get(name.toLowerCase())!.flags).toContain('eu_prohibited');
    }
    const lilial = regulation
      .factsFor({ name: 'Butylphenyl Methylpropional', otherNames: [] })
      .find((f) => f.class === 'prohibited')!;
    // From the Commission's export: the entry, the act that set it, the export's date.
    expect(lilial).toMatchObject({
      annex: 'II',
      entry: '1666',
      entryId: 'II/1666',
      act: { id: '(EU) 2021/1902', published: '2025-10-31' },
    });
  });

  it('notes PABA, Benzophenone-8 and 3-Benzylidene Camphor as UV filters the EU does not permit', () => {
    for (const name of ['PABA', 'Benzophenone-8', '3-Benzylidene Camphor'])
      expect(byName.get(name.toLowerCase())!.flags).toContain('eu_uv_filter_not_permitted');
    expect(byName.get('butyl methoxydibenzoylmethane')!.flags).not.toContain('eu_uv_filter_not_permitted');
  });

  it('knows Annex III, V and VI maxima by product type', () => {
    const max = (name: string, type: ProductType | null) =>
      maximumFor(
        regulation.factsFor({ name, otherNames: [] }).filter((f) => !(name === 'Salicylic Acid' && f.annex === 'V')),
        type,
      )?.max ?? null;
    // 3 % is for rinse-off hair products only: a face wash gets the 2 % of "other products".
    expect(max('Salicylic Acid', 'rinse_off')).toBe(2);
    expect(max('Salicylic Acid', 'leave_on')).toBe(2);
    expect(max('Phenoxyethanol', null)).toBe(1);
    expect(max('Sodium Benzoate', 'leave_on')).toBe(0.5);
    expect(max('Sodium Benzoate', 'rinse_off')).toBe(2.5);
    expect(max('Methylisothiazolinone', 'leave_on')).toBeNull();
    expect(max('Zinc Oxide', 'leave_on')).toBe(25);
    expect(max('Homosalate', 'leave_on')).toBe(7.34);
    expect(max('Retinol', 'leave_on')).toBe(0.3);
    expect(max('Water', 'leave_on')).toBeNull();
  });

  it('says when a printed amount exceeds a maximum it can see, and when a list holds a prohibited substance', () => {
    const reading = read('Aqua, Salicylic Acid 3%, Glycerin, Phenoxyethanol, Butylphenyl Methylpropional');
    const salicylic = entry(reading, 'Salicylic Acid');
    expect(salicylic.regulation.find((r) => r.class === 'restricted')).toMatchObject({
      exceeded: true,
      maxPercent: 2,
      annex: 'III',
      entry: '98',
    });
    expect(reading.alerts.map((a) => a.input)).toEqual(['Salicylic Acid', 'Butylphenyl Methylpropional']);
    expect(reading.alerts[0].message).toMatch(/printed at 3%, over the EU maximum of 2%/);
    expect(reading.alerts[1].message).toMatch(/not allowed in EU cosmetics: Annex II/);
    // A face wash: the 3 % of rinse-off hair products does not apply.
    expect(
      read('Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Salicylic Acid 3%').alerts.map((a) => a.message),
    ).toEqual([expect.stringMatching(/over the EU maximum of 2%/)]);
  });
});

describe('what a dose changes', () => {
  it('reads lactic or glycolic acid behind the 1% line as a pH adjuster, not an exfoliant', () => {
    const lotion = read('Aqua, Glycerin, Cetearyl Alcohol, Phenoxyethanol, Lactic Acid, Sodium Hydroxide');
    const lactic = entry(lotion, 'Lactic Acid');
    expect(lactic.dosed!.groups).not.toContain('ahas');
    expect(lactic.notes.join(' ')).toMatch(/adjusts the pH/);
    const toner = read('Aqua, Glycolic Acid, Glycerin, Sodium Hydroxide, Phenoxyethanol');
    expect(entry(toner, 'Glycolic Acid').dosed!.groups).toContain('ahas');
  });

  it('weighs the salicylic acid pregnancy caution by dose and product type', () => {
    const pregnancySafe = (text: string, type?: ProductType) =>
      evaluateRules(read(text, type).entries.flatMap((e) => (e.dosed ? [e.dosed] : []))).find(
        (r) => r.rule === 'pregnancy_safe',
      )!.passes;
    expect(pregnancySafe('Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Salicylic Acid 2%')).toBe(true);
    expect(pregnancySafe('Aqua, Glycerin, Niacinamide, Salicylic Acid 2%, Phenoxyethanol')).toBe(true);
    expect(pregnancySafe('Aqua, Salicylic Acid 20%, Glycerin')).toBe(false);
    // Not printed: EU law caps it at 2% in a leave-on product, so it reads as low-dose.
    expect(pregnancySafe('Aqua, Salicylic Acid, Alcohol Denat., Glycerin')).toBe(true);
    expect(pregnancySafe('Aqua, Glycerin, Phenoxyethanol, Salicylic Acid')).toBe(true);
    expect(pregnancySafe('Aqua, Glycerin, Retinol')).toBe(false);
  });

  it('guesses rinse-off from a named cleansing surfactant among the first five entries, never from an emulsifier', () => {
    const type = (names: string[], heading?: string) =>
      inferProductType(
        names.map((name) => ({ name })),
        heading,
      ).productType;
    expect(type(['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Glycerin'])).toBe('rinse_off');
    expect(type(['Aqua', 'Sodium Cocoyl Isethionate', 'Glycerin', 'Stearic Acid'])).toBe('rinse_off');
    expect(type(['Sodium Palmate', 'Sodium Cocoate', 'Aqua', 'Glycerin'])).toBe('rinse_off');
    // Emulsifiers and solubilisers: a serum with polysorbate 20, a cream with laureth-7 or potassium cetyl phosphate.
    expect(type(['Aqua', 'Glycerin', 'Polysorbate 20', 'Retinol', 'Phenoxyethanol'])).toBe('leave_on');
    expect(type(['Aqua', 'Caprylic/Capric Triglyceride', 'Laureth-7', 'Polyacrylamide', 'C13-14 Isoparaffin'])).toBe(
      'leave_on',
    );
    expect(
      type([
        'Aqua',
        'Glycerin',
        'Stearic Acid',
        'Potassium Hydroxide',
        'Glyceryl Stearate',
        'PEG-100 Stearate',
        'Potassium Cetyl Phosphate',
      ]),
    ).toBe('leave_on');
    // Several fatty acids neutralised by a hydroxide high in the list: a cleansing foam.
    expect(type(['Glycerin', 'Aqua', 'Myristic Acid', 'Stearic Acid', 'Potassium Hydroxide', 'Lauric Acid'])).toBe(
      'rinse_off',
    );
    // An oil base with an emulsifier that turns oil into a milk under water, high in the list: a cleansing oil.
    expect(
      type([
        'Caprylic/Capric Triglyceride',
        'Olea Europaea (Olive) Fruit Oil',
        'PEG-20 Glyceryl Triisostearate',
        'Tocopherol',
      ]),
    ).toBe('rinse_off');
    // The heading wins; a list that cannot tell says so.
    expect(type(['Aqua', 'Glycerin', 'Decyl Glucoside'], 'Night Cream')).toBe('leave_on');
    expect(type(['Aqua', 'Glycerin', 'Niacinamide'], 'Gentle Foaming Cleanser')).toBe('rinse_off');
    expect(type(['Aqua'])).toBe('unknown');
    expect(inferProductType([{ name: 'Aqua' }, null, null, null]).basis).toMatch(/Too few/);
  });

  it('reads clay masks and scrubs as rinse-off, sunscreens as leave-on, and washing agents however hyphenated', () => {
    const type = (names: string[]) => inferProductType(names.map((name) => ({ name }))).productType;
    expect(type(['Aqua', 'Kaolin', 'Bentonite', 'Glycerin', 'Charcoal Powder'])).toBe('rinse_off');
    expect(type(['Aqua', 'Moroccan Lava Clay', 'Kaolin', 'Glycerin'])).toBe('rinse_off');
    // Sulfur with clay: a spot paste as often as a mask.
    expect(type(['Sulfur', 'Water', 'Kaolin', 'Bentonite', 'Glycerin'])).toBe('unknown');
    expect(
      type(['Sucrose', 'Coffea Arabica (Coffee) Seed Powder', 'Cocos Nucifera (Coconut) Oil', 'Shea Butter']),
    ).toBe('rinse_off');
    expect(type(['Water', 'Juglans Regia (Walnut) Shell Powder', 'Glyceryl Stearate SE', 'Cetyl Alcohol'])).toBe(
      'rinse_off',
    );
    // Sugar or salt lower in a list is no scrub base.
    expect(type(['Aqua', 'Glycerin', 'Niacinamide', 'Sucrose', 'Sodium Chloride'])).toBe('leave_on');
    expect(type(['Aqua', 'Glycerin', 'Coco-Glucoside', 'Lauryl Glucoside', 'Xanthan Gum'])).toBe('rinse_off');
    expect(type(['Aqua', 'Glycerin', 'Coco Glucoside', 'Lauryl Glucoside', 'Xanthan Gum'])).toBe('rinse_off');
    // A mineral sunscreen emulsified like a cleansing oil is still a sunscreen.
    expect(type(['Caprylic/Capric Triglyceride', 'Zinc Oxide', 'Polyglyceryl-4 Isostearate', 'Isoamyl Laurate'])).toBe(
      'leave_on',
    );
  });

  it("takes a category's product type from its name before its routine step", () => {
    expect(productTypeOfCategory({ name: 'Scrubs', stepType: 'exfoliate' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Wash-off masks', stepType: 'mask' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Clay masks', stepType: 'mask' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Sleeping masks', stepType: 'mask' })).toBe('leave_on');
    // Wiped on with a cotton pad and not rinsed: what it carries stays on the skin.
    expect(productTypeOfCategory({ name: 'Micellar water', stepType: 'cleanse' })).toBe('leave_on');
    expect(productTypeOfCategory({ name: 'Cream cleansers', stepType: 'cleanse' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Chemical exfoliants', stepType: 'exfoliate' })).toBe('leave_on');
    expect(productTypeOfCategory({ name: 'Makeup', stepType: null })).toBeNull();
  });
});

describe('skin-type verdicts by dose', () => {
  it('a 10% benzoyl peroxide gel is a caution, not good, for sensitive, dry and rosacea-prone skin', () => {
    const gel = verdicts(read('Aqua, Benzoyl Peroxide 10%, Glycerin, Carbomer, Sodium Hydroxide'));
    for (const skin of ['sensitive', 'dry', 'rosacea_prone']) {
      expect(gel[skin].verdict).toBe('caution');
      expect(gel[skin].caution.map((c) => c.reason).join(' ')).toMatch(/benzoyl peroxide \(10%, printed\)/);
    }
    expect(gel.acne_prone.verdict).toBe('good');
  });

  it('retinoids and exfoliating acids weigh on dry and sensitive skin; weak retinyl esters and trace acids do not', () => {
    expect(verdicts(read('Aqua, Squalane, Retinol, Glycerin')).dry.caution.map((c) => c.ingredient.name)).toContain(
      'Retinol',
    );
    expect(verdicts(read('Aqua, Glycerin, Squalane, Phenoxyethanol, Retinyl Palmitate')).dry.caution).toEqual([]);
    expect(verdicts(read('Aqua, Glycolic Acid, Glycerin, Sodium Hydroxide')).sensitive.verdict).toBe('caution');
    expect(
      verdicts(read('Aqua, Glycerin, Panthenol, Phenoxyethanol, Citric Acid, Lactic Acid')).sensitive.caution,
    ).toEqual([]);
  });

  it('the comedogenic caution weighs the place in the list', () => {
    const front = verdicts(read('Isopropyl Myristate, Aqua, Glycerin, Dimethicone, Phenoxyethanol'));
    expect(front.oily.verdict).toBe('caution');
    expect(front.oily.caution[0].reason).toMatch(/high enough in the list/);
    const back = verdicts(read('Aqua, Glycerin, Dimethicone, Niacinamide, Phenoxyethanol, Isopropyl Myristate'));
    expect(back.oily.caution).toEqual([]);
    // Back half of a long list without any anchor: little of it.
    const long =
      'Aqua, Glycerin, Butylene Glycol, Niacinamide, Squalane, Dimethicone, Panthenol, Allantoin, Sodium Hyaluronate, Xanthan Gum, Isopropyl Myristate';
    expect(verdicts(read(long)).acne_prone.caution).toEqual([]);
  });

  it('drying alcohol counts for dry skin only high in the list; sensitive skin is warned of a lot of alcohol', () => {
    const spray = verdicts(read('Alcohol Denat., Aqua, Glycerin'));
    expect(spray.dry.verdict).toBe('caution');
    expect(spray.sensitive.caution.map((c) => c.reason).join(' ')).toMatch(/high in alcohol/);
    const cream = verdicts(read('Aqua, Glycerin, Squalane, Cetearyl Alcohol, Phenoxyethanol, Alcohol'));
    expect(cream.dry.caution).toEqual([]);
  });
});

describe('words an expert would sign', () => {
  it('says "may feed Malassezia" with its in-vitro basis, and the rule promises nothing', () => {
    const oil = verdicts(read('Olea Europaea (Olive) Fruit Oil, Tocopherol'));
    expect(oil.fungal_acne_prone.caution[0].reason).toMatch(/^may feed Malassezia: .*in-vitro evidence/);
    const rule = evaluateRules([]).find((r) => r.rule === 'fungal_acne_safe')!;
    expect(rule.label).toBe('No ingredient known to feed Malassezia in vitro');
    expect(rule.label).not.toMatch(/safe/i);
    expect(evaluateRules([]).find((r) => r.rule === 'reef_safe')!.label).toMatch(
      /local reef sale rule .*Hawaii, US Virgin Islands, Palau/,
    );
  });

  it('weighs the pregnancy caution of an essential oil by dose: not as the last ingredient of a rinse-off', () => {
    const wash = read(
      'Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Sodium Chloride, Citric Acid, Salvia Officinalis (Sage) Oil',
    );
    const sage = entry(wash, 'Salvia Officinalis (Sage) Oil');
    expect(sage.flags).not.toContain('pregnancy_caution');
    expect(sage.notes.join(' ')).toMatch(/rinse-off .* medicinal doses/);
    const oil = read(
      'Prunus Amygdalus Dulcis (Sweet Almond) Oil, Salvia Officinalis (Sage) Oil, Tocopherol',
      'leave_on',
    );
    expect(entry(oil, 'Salvia Officinalis (Sage) Oil').flags).toContain('pregnancy_caution');
    // Rosemary and clary sage oils: no regulator or guideline, no caution at any dose.
    const blend = read('Rosmarinus Officinalis (Rosemary) Leaf Oil, Salvia Sclarea (Clary) Oil', 'leave_on');
    expect(blend.entries.flatMap((e) => e.flags)).not.toContain('pregnancy_caution');
  });
});

describe('no contradictions, and the cautions that were missed', () => {
  it('an astringent plant is not a rosacea caution unless rosacea patients name it; witch hazel is a caution and not also a plus', () => {
    const toner = verdicts(
      read(
        'Aqua, Hamamelis Virginiana (Witch Hazel) Water, Camellia Sinensis Leaf Extract, Salix Alba (Willow) Bark Extract, Aesculus Hippocastanum (Horse Chestnut) Extract, Glycerin',
      ),
    );
    const cautions = toner.rosacea_prone.caution.map((c) => c.ingredient.name);
    const goods = toner.rosacea_prone.good.map((c) => c.ingredient.name);
    expect(cautions).toEqual(['Hamamelis Virginiana (Witch Hazel) Water']);
    expect(toner.rosacea_prone.caution[0].reason).toMatch(/witch hazel/);
    expect(goods).not.toContain('Hamamelis Virginiana (Witch Hazel) Water');
    expect(goods).toEqual(expect.arrayContaining(['Camellia Sinensis Leaf Extract']));
    for (const s of Object.values(toner)) {
      const bad = new Set(s.caution.map((c) => c.ingredient));
      expect(s.good.filter((g) => bad.has(g.ingredient))).toEqual([]);
    }
  });

  it('a soap-based cleanser is a caution for dry skin; a cream with stearic acid and a hydroxide is not', () => {
    const foam = verdicts(
      read('Aqua, Myristic Acid, Stearic Acid, Potassium Hydroxide, Glycerin, Lauric Acid, Parfum'),
    );
    expect(foam.dry.verdict).toBe('caution');
    expect(foam.dry.caution.map((c) => c.reason).join(' ')).toMatch(
      /soap base \(Myristic Acid, Stearic Acid and Lauric Acid neutralised by Potassium Hydroxide\)/,
    );
    const bar = verdicts(read('Sodium Palmate, Sodium Palm Kernelate, Aqua, Glycerin'));
    expect(bar.dry.caution.map((c) => c.reason)).toContain(
      "soap base (Sodium Palmate): alkaline, takes more of the skin's lipids than a mild synthetic cleanser",
    );
    const cream = verdicts(
      read(
        'Aqua, Glycerin, Caprylic/Capric Triglyceride, Stearic Acid, Cetearyl Alcohol, Sodium Hydroxide, Phenoxyethanol',
      ),
    );
    expect(cream.dry.caution.map((c) => c.reason).join(' ')).not.toMatch(/soap/);
  });

  it('high L-ascorbic acid and oxybenzone are cautions for sensitive skin; a trace of vitamin C is not', () => {
    expect(
      verdicts(read('Aqua, Ascorbic Acid 15%, Ethoxydiglycol, Tocopherol'))
        .sensitive.caution.map((c) => c.reason)
        .join(' '),
    ).toMatch(/L-ascorbic acid \(15%, printed\)/);
    expect(verdicts(read('Aqua, Ascorbic Acid, Propylene Glycol, Ferulic Acid')).sensitive.verdict).toBe('caution');
    const cream = read('Aqua, Glycerin, Squalane, Cetearyl Alcohol, Phenoxyethanol, Ascorbic Acid');
    expect(verdicts(cream).sensitive.caution.map((c) => c.ingredient.name)).not.toContain('Ascorbic Acid');
    const spf = verdicts(read('Aqua, Homosalate, Benzophenone-3 5%, Glycerin', 'leave_on'));
    expect(spf.sensitive.caution.map((c) => c.reason).join(' ')).toMatch(/oxybenzone \(5%, printed\)/);
  });

  it('arnica is not a plus for sensitive skin', () => {
    const gel = verdicts(read('Aqua, Arnica Montana Flower Extract, Glycerin'));
    expect(gel.sensitive.good.map((g) => g.ingredient.name)).not.toContain('Arnica Montana Flower Extract');
  });
});

describe('flags consistent across relatives', () => {
  const flagsOf = (name: string) => byName.get(name.toLowerCase())!.flags;
  it('fungal-acne triggers: C12-C24 esters and metal soaps flagged, C8/C10 esters not', () => {
    for (const name of [
      'Ascorbyl Palmitate',
      'Retinyl Palmitate',
      'Retinyl Linoleate',
      'Tocopheryl Linoleate',
      'Zinc Stearate',
      'Magnesium Stearate',
      'Magnesium Myristate',
      'Isopropyl Myristate',
    ]) {
      expect(flagsOf(name)).toContain('fungal_acne_trigger');
    }
    for (const name of [
      'Caprylic/Capric Triglyceride',
      'Polyglyceryl-3 Caprate',
      'Polyglyceryl-4 Caprylate/Caprate',
      'Polyglyceryl-6 Caprylate',
      'Polyglyceryl-3 Caprylate',
      'Glyceryl Caprylate',
    ]) {
      expect(flagsOf(name)).not.toContain('fungal_acne_trigger');
    }
  });

  it('salicylates share the pregnancy caution; Camphor and Menthol the 2023 allergen flag', () => {
    for (const name of ['Salicylic Acid', 'Betaine Salicylate', 'Capryloyl Salicylic Acid', 'Methyl Salicylate'])
      expect(flagsOf(name)).toContain('pregnancy_caution');
    for (const name of ['Camphor', 'Menthol']) expect(flagsOf(name)).toContain('eu_allergen_2023');
  });
});

describe('sources', () => {
  it('every rating names a source listed in data/ingredients/README.md', () => {
    const readme = readFileSync(`${dataDir}ingredients/README.md`, 'utf8');
    const rated = loadIngredientRecords().filter((r) => r.comedogenic != null || r.irritancy != null);
    // The uncited "community" ratings were removed; what is left cites Fulton's rabbit-ear studies.
    expect(rated.length).toBeGreaterThan(50);
    for (const r of rated) {
      expect(r.rating_source).toBeTruthy();
      expect(readme).toContain(`\`${r.rating_source}\`:`);
    }
  });

  it('every routine rule keeps a reference', () => {
    const raw = readYaml<{ rules: Array<{ id: string; reference?: string }> }>('routine-rules.yaml');
    for (const rule of raw.rules) expect(rule.reference?.trim().length ?? 0).toBeGreaterThan(10);
  });

  it('the regulation index covers ingredients added later, by name', () => {
    const index = new RegulationIndex(regulation.data);
    expect(index.flagsFor({ name: 'Hexamethylindanopyran', otherNames: ['Galaxolide'] })).toEqual(['eu_allergen_2023']);
  });
});
