// The pure ingredient-list engine (parse → match → analyze) against the knowledge base in data/ingredients
// and the label corpus in data/labels. No database.
import { describe, expect, it } from '@jest/globals';
import { evaluateCorpus, loadCorpus, type KnowledgeBase } from '../scripts/label-recall.js';
import { analyzeIngredientList, type ListAnalysis } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher, type KnownIngredient, type MatchType } from '../src/modules/analysis/engine/match.js';
import { activeHeadings, parseIngredientList } from '../src/modules/analysis/engine/parse.js';
import { candidateNames } from '../src/modules/analysis/engine/normalize.js';
import { slugify } from '../src/modules/shared/ids.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';

// The knowledge base as the service loads it: id = alias or slug of the INCI name, first of a repeat wins.
const ingredients: KnownIngredient[] = [];
const nameOf = new Map<string, string>();
const idOf = new Map<string, string>();
for (const record of loadIngredientRecords()) {
  const id = record.alias ?? slugify(record.inci);
  if (nameOf.has(id) || idOf.has(record.inci.toLowerCase())) continue;
  nameOf.set(id, record.inci);
  idOf.set(record.inci.toLowerCase(), id);
  ingredients.push({ id, name: record.inci, otherNames: (record.other_names ?? []).map(String) });
}
const kb: KnowledgeBase = { ingredients, nameOf, idOf };
const matcher = new IngredientMatcher(ingredients);
/** Whether some ingredient of the base has this INCI name or other name. */
const baseKnows = (name: string): boolean =>
  loadIngredientRecords().some((r) =>
    [r.inci, ...(r.other_names ?? [])].some((n) => String(n).toLowerCase() === name.toLowerCase()),
  );

const analyze = (text: string): ListAnalysis => analyzeIngredientList(text, matcher);
type Row = [input: string, inci: string | null, match: MatchType];
/** Each entry as [input, INCI name matched, match type]. */
const rows = (text: string): Row[] =>
  analyze(text).entries.map((e) => [
    e.input,
    e.ingredientId ? (nameOf.get(e.ingredientId) ?? e.ingredientId) : null,
    e.match,
  ]);
const inputs = (text: string): string[] => analyze(text).entries.map((e) => e.input);
/** The one entry of a one-entry list. */
const only = (text: string) => {
  const { entries } = analyze(text);
  expect(entries).toHaveLength(1);
  return { ...entries[0], inci: entries[0].ingredientId ? (nameOf.get(entries[0].ingredientId) ?? null) : null };
};

describe('parsing label layouts', () => {
  it.each([
    ['Ingredients: Water, Glycerin, Niacinamide'],
    ['INCI: Water, Glycerin, Niacinamide'],
    ['CTFA: Water, Glycerin, Niacinamide'],
    ['Ingrédients : Water, Glycerin, Niacinamide'],
    ['INGREDIENTS/INGRÉDIENTS: Water, Glycerin, Niacinamide.'],
    ['Ingredients (INCI): Water, Glycerin, Niacinamide'],
    ['INGREDIENTS\nWater, Glycerin, Niacinamide'],
    ['[Ingredients] Water, Glycerin, Niacinamide'],
  ])('drops the heading of %j', (text) => {
    expect(rows(text)).toEqual([
      ['Water', 'Water', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
      ['Niacinamide', 'Niacinamide', 'exact'],
    ]);
  });

  it('drops marketing copy and bullets before the heading', () => {
    const text =
      'Our best-selling moisturiser! • Deeply hydrating • Dermatologist tested • 50 ml\n' +
      'Key ingredients: Niacinamide, Ceramides.\nIngredients: Water, Glycerin, Cetearyl Alcohol.';
    expect(rows(text)).toEqual([
      ['Water', 'Water', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
      ['Cetearyl Alcohol', 'Cetearyl Alcohol', 'exact'],
    ]);
  });

  it('sets aside marketing lines above a list printed without a heading', () => {
    const result = analyze(
      'The cult gel cream that drenches skin in moisture!\n• Lightweight • Non-greasy\nWater, Glycerin, Dimethicone',
    );
    expect(result.entries.map((e) => e.input)).toEqual(['Water', 'Glycerin', 'Dimethicone']);
    expect(result.ignored).toEqual(['The cult gel cream that drenches skin in moisture!', 'Lightweight • Non-greasy']);
    expect(result.setAside).toEqual([
      { kind: 'marketing', text: 'The cult gel cream that drenches skin in moisture!' },
      { kind: 'marketing', text: 'Lightweight • Non-greasy' },
    ]);
  });

  it('reads US drug facts: actives keep their strength as concentration and are marked active', () => {
    const text =
      'Drug Facts\nActive ingredients: Zinc Oxide 20%, Octinoxate 7.5%\nPurpose: Sunscreen\n' +
      'Uses: helps prevent sunburn\nWarnings: For external use only.\nInactive ingredients: Water, Cyclopentasiloxane, Glycerin.\n' +
      'Questions? Call 1-800-555-0100';
    const { entries } = analyze(text);
    expect(entries.map((e) => [e.input, e.concentration, e.active])).toEqual([
      ['Zinc Oxide', '20%', true],
      ['Octinoxate', '7.5%', true],
      ['Water', null, false],
      ['Cyclopentasiloxane', null, false],
      ['Glycerin', null, false],
    ]);
    expect(rows(text).slice(0, 2)).toEqual([
      ['Zinc Oxide', 'Zinc Oxide', 'exact'],
      ['Octinoxate', 'Ethylhexyl Methoxycinnamate', 'alias'],
    ]);
  });

  it('reads a drug facts panel: purpose column, dot leaders, headings without colons', () => {
    const text =
      'Drug Facts\nActive ingredients          Purpose\nAvobenzone 3% ........ Sunscreen\nHomosalate 10% ....... Sunscreen\n' +
      'Uses\n• helps prevent sunburn\nWarnings\nFor external use only\nInactive ingredients water, glycerin, silica\nOther information\n• protect from heat';
    expect(
      analyze(text).entries.map((e) => [
        e.input,
        e.concentration,
        e.active,
        e.ingredientId && nameOf.get(e.ingredientId),
      ]),
    ).toEqual([
      ['Avobenzone', '3%', true, 'Butyl Methoxydibenzoylmethane'],
      ['Homosalate', '10%', true, 'Homosalate'],
      ['water', null, false, 'Water'],
      ['glycerin', null, false, 'Glycerin'],
      ['silica', null, false, 'Silica'],
    ]);
  });

  it('strips HTML tags and decodes entities (&amp;, &nbsp;, <br>, <li>)', () => {
    const text =
      '<div><h3>Ingredients</h3><p>Water&nbsp;(Aqua), Glycerin, Cetyl Alcohol &amp; Stearyl Alcohol<br>Parfum<sup>*</sup></p>' +
      '<p><sup>*</sup>Natural origin</p></div>';
    const result = analyze(text);
    expect(result.entries.map((e) => [e.input, e.ingredientId && nameOf.get(e.ingredientId), e.match])).toEqual([
      ['Water (Aqua)', 'Water', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
      ['Cetyl Alcohol', 'Cetyl Alcohol', 'exact'],
      ['Stearyl Alcohol', 'Stearyl Alcohol', 'exact'],
      ['Parfum', 'Parfum', 'exact'],
    ]);
    expect(result.footnotes).toEqual(['*Natural origin']);
    expect(rows('<ul><li>Aqua</li><li>Squalane</li><li>Tocopherol</li></ul>')).toEqual([
      ['Aqua', 'Water', 'alias'],
      ['Squalane', 'Squalane', 'exact'],
      ['Tocopherol', 'Tocopherol', 'exact'],
    ]);
  });

  it('joins a name broken over two lines, and splits two names that a line break separates', () => {
    expect(
      rows('Ingredients: Aqua, Butyrospermum Parkii\n(Shea) Butter, Sodium\nHyaluronate, Tocopherol\nPhenoxyethanol'),
    ).toEqual([
      ['Aqua', 'Water', 'alias'],
      ['Butyrospermum Parkii (Shea) Butter', 'Butyrospermum Parkii (Shea) Butter', 'exact'],
      ['Sodium Hyaluronate', 'Sodium Hyaluronate', 'exact'],
      ['Tocopherol', 'Tocopherol', 'exact'],
      ['Phenoxyethanol', 'Phenoxyethanol', 'exact'],
    ]);
  });

  it('treats non-breaking and other odd spaces as spaces', () => {
    expect(rows('Ingredients:\u00a0Aqua,\u202fCetearyl\u00a0Alcohol,\u2009Glycerin\r\n')).toEqual([
      ['Aqua', 'Water', 'alias'],
      ['Cetearyl Alcohol', 'Cetearyl Alcohol', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
    ]);
  });

  it('reads ALL-CAPS lists', () => {
    expect(
      rows('INGREDIENTS: AQUA/WATER/EAU, GLYCERIN, BUTYROSPERMUM PARKII (SHEA) BUTTER, ALCOHOL DENAT., CI 77891.'),
    ).toEqual([
      ['AQUA/WATER/EAU', 'Water', 'exact'],
      ['GLYCERIN', 'Glycerin', 'exact'],
      ['BUTYROSPERMUM PARKII (SHEA) BUTTER', 'Butyrospermum Parkii (Shea) Butter', 'exact'],
      ['ALCOHOL DENAT.', 'Alcohol Denat.', 'exact'],
      ['CI 77891', 'Titanium Dioxide', 'alias'],
    ]);
  });

  it('splits on semicolons, bullets, pipes and Japanese commas', () => {
    expect(inputs('Water; Glycerin; Squalane • Tocopherol | Phenoxyethanol')).toEqual([
      'Water',
      'Glycerin',
      'Squalane',
      'Tocopherol',
      'Phenoxyethanol',
    ]);
    expect(rows('［成分］Water、Glycerin、Squalane')).toEqual([
      ['Water', 'Water', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
      ['Squalane', 'Squalane', 'exact'],
    ]);
  });

  it('reads one ingredient per line, with bullets or numbering', () => {
    expect(rows('Water\nGlycerin\nNiacinamide\nZinc PCA')).toEqual([
      ['Water', 'Water', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
      ['Niacinamide', 'Niacinamide', 'exact'],
      ['Zinc PCA', 'Zinc PCA', 'exact'],
    ]);
    expect(inputs("What's inside:\n• Aqua\n• Squalane\n• Glycerin")).toEqual(['Aqua', 'Squalane', 'Glycerin']);
    expect(inputs('INGREDIENTS\n1. Water\n2. Glycerine\n3) Cetyl Alcohol')).toEqual([
      'Water',
      'Glycerine',
      'Cetyl Alcohol',
    ]);
  });

  it('sets aside what follows the list: directions, origin, sizes, notes', () => {
    const result = analyze(
      'Ingredients: Aqua, Glycerin, Tocopherol. Directions: Apply morning and evening. Made in France. 50 ml',
    );
    expect(result.entries.map((e) => e.input)).toEqual(['Aqua', 'Glycerin', 'Tocopherol']);
    expect(inputs('Ingredients: Water, Glycerin\nIngredient lists may change; please refer to the packaging.')).toEqual(
      ['Water', 'Glycerin'],
    );
    expect(inputs('Ingredients: Aqua/Water, Glycerin, Limonene. F.I.L. D12345/1')).toEqual([
      'Aqua/Water',
      'Glycerin',
      'Limonene',
    ]);
  });
});

describe('names printed in several ways', () => {
  it('keeps commas inside names (1,2-Hexanediol; 2,4-Dichlorobenzyl Alcohol)', () => {
    const result = analyze('Water, 1,2-Hexanediol, 2,4-Dichlorobenzyl Alcohol, Diethylhexyl 2,6-Naphthalate');
    expect(result.entries.map((e) => e.input)).toEqual([
      'Water',
      '1,2-Hexanediol',
      '2,4-Dichlorobenzyl Alcohol',
      'Diethylhexyl 2,6-Naphthalate',
    ]);
    expect(rows('1,2-Hexanediol')).toEqual([['1,2-Hexanediol', '1,2-Hexanediol', 'exact']]);
    expect(rows('Diethylhexyl 2,6-Naphthalate')).toEqual([
      ['Diethylhexyl 2,6-Naphthalate', 'Diethylhexyl 2,6-Naphthalate', 'exact'],
    ]);
    // The knowledge base does not hold 2,4-Dichlorobenzyl Alcohol yet: none until it does, then exact.
    expect(only('2,4-Dichlorobenzyl Alcohol').match).toBe(baseKnows('2,4-Dichlorobenzyl Alcohol') ? 'exact' : 'none');
  });

  it('reads synonyms in parentheses: Aqua (Water) is Water, matched exactly', () => {
    expect(only('Aqua (Water)')).toMatchObject({ input: 'Aqua (Water)', inci: 'Water', match: 'exact' });
    expect(only('Water (Aqua)')).toMatchObject({ inci: 'Water', match: 'exact' });
    expect(only('Parfum (Fragrance)')).toMatchObject({ inci: 'Parfum', match: 'exact' });
    expect(only('Tocopherol (Vitamin E)')).toMatchObject({ inci: 'Tocopherol', match: 'exact' });
  });

  it('prefers an INCI name in the parentheses to a looser name outside them', () => {
    expect(only('Vitamin E (Tocopheryl Acetate)')).toMatchObject({ inci: 'Tocopheryl Acetate', match: 'exact' });
    expect(only('Aloe Vera (Aloe Barbadensis Leaf Juice)')).toMatchObject({
      inci: 'Aloe Barbadensis Leaf Juice',
      match: 'exact',
    });
    expect(only('Iron Oxides (CI 77499)')).toMatchObject({ inci: 'CI 77499', match: 'exact' });
    // Two INCI names: the one printed first stands.
    expect(only('Hyaluronic Acid (Sodium Hyaluronate)')).toMatchObject({ inci: 'Hyaluronic Acid', match: 'exact' });
    expect(only('Sodium Hyaluronate (Hyaluronic Acid)')).toMatchObject({ inci: 'Sodium Hyaluronate', match: 'exact' });
    // A common name in the middle is part of the name, not a synonym.
    expect(only('Mel (Honey) Extract')).toMatchObject({ inci: 'Honey Extract', match: 'alias' });
    // What the parentheses say of a vehicle or a purpose does not make the match.
    expect(only('Cetearyl Alcohol (plant-derived emulsifier)')).toMatchObject({
      inci: 'Cetearyl Alcohol',
      match: 'exact',
    });
    expect(only('Fragrance (Limonene, Linalool)')).toMatchObject({ inci: 'Parfum', match: 'alias' });
  });

  it('reads synonyms after slashes and backslashes', () => {
    expect(only('Water/Aqua/Eau')).toMatchObject({ input: 'Water/Aqua/Eau', inci: 'Water', match: 'exact' });
    expect(only('Water\\Aqua\\Eau')).toMatchObject({ input: 'Water\\Aqua\\Eau', inci: 'Water', match: 'exact' });
    expect(only('Aqua / Water')).toMatchObject({ inci: 'Water', match: 'exact' });
    expect(only("Cera Alba/Beeswax/Cire d'abeille")).toMatchObject({ inci: 'Cera Alba', match: 'exact' });
    expect(only('CI 77499/Iron Oxides')).toMatchObject({ inci: 'CI 77499', match: 'exact' });
    // A slash inside an INCI name is not a list of synonyms.
    expect(only('Caprylic/Capric Triglyceride')).toMatchObject({
      inci: 'Caprylic/Capric Triglyceride',
      match: 'exact',
    });
    expect(only('Lauryl/Myristyl Glucoside').match).toBe('none');
  });

  it('keeps names built with slashes whole: no part of them is taken for the ingredient', () => {
    expect(only('Dimethicone/Vinyl Dimethicone Crosspolymer')).toMatchObject({
      inci: 'Dimethicone/Vinyl Dimethicone Crosspolymer',
      match: 'exact',
    });
    for (const name of [
      'Hydrogenated Styrene/Isoprene Copolymer',
      'Dimethicone/Polyglycerin-13 Crosspolymer',
      'Caprylyl Caprylate/Capric Acid',
      'Amodimethicone/Morpholinomethyl Silsesquioxene Copolymer',
    ]) {
      expect(only(name)).toMatchObject({ inci: null, match: 'none' });
    }
    // Brackets that are chemical notation are part of the name.
    expect(only('Hydrogenated Poly(C6-14 Olefin)')).toMatchObject({
      inci: 'Hydrogenated Poly(C6-14 Olefin)',
      match: 'exact',
    });
    expect(only('Hydrogenated Poly(C16-18 Olefin)').match).toBe('none');
  });

  it('reads brackets printed without a space before them (K-beauty style)', () => {
    expect(
      rows('Water(Aqua), Titanium Dioxide(CI 77891), Niacinamide(2%), Sodium Hyaluronate(Hyaluronic Acid)'),
    ).toEqual([
      ['Water(Aqua)', 'Water', 'exact'],
      ['Titanium Dioxide(CI 77891)', 'Titanium Dioxide', 'exact'],
      ['Niacinamide', 'Niacinamide', 'exact'],
      ['Sodium Hyaluronate(Hyaluronic Acid)', 'Sodium Hyaluronate', 'exact'],
    ]);
  });

  it('reads CI numbers before, after and inside brackets, and as C.I.', () => {
    expect(rows('CI 77891 (Titanium Dioxide), Iron Oxides [CI 77491], C.I. 77492, CI77499, Mica (CI 77019)')).toEqual([
      ['CI 77891 (Titanium Dioxide)', 'Titanium Dioxide', 'exact'],
      ['Iron Oxides [CI 77491]', 'CI 77491', 'exact'],
      ['CI 77492', 'CI 77492', 'exact'],
      ['CI 77499', 'CI 77499', 'exact'],
      ['Mica (CI 77019)', 'Mica', 'exact'],
    ]);
    expect(only('Titanium Dioxide (CI 77891)')).toMatchObject({ inci: 'Titanium Dioxide', match: 'exact' });
    expect(only('C.I. 77491')).toMatchObject({ input: 'CI 77491', inci: 'CI 77491', match: 'exact' });
  });

  it('marks nano ingredients ([Nano], (nano)) and drops the marker', () => {
    expect(
      analyze('Aqua, Zinc Oxide [Nano], Titanium Dioxide (nano), Silica').entries.map((e) => [
        e.input,
        e.nano,
        e.match,
      ]),
    ).toEqual([
      ['Aqua', false, 'alias'],
      ['Zinc Oxide', true, 'exact'],
      ['Titanium Dioxide', true, 'exact'],
      ['Silica', false, 'exact'],
    ]);
  });

  it('matches botanical names printed without the common name', () => {
    expect(only('Simmondsia Chinensis Seed Oil')).toMatchObject({
      inci: 'Simmondsia Chinensis (Jojoba) Seed Oil',
      match: 'alias',
    });
    expect(only('Simmondsia Chinensis (Jojoba) Seed Oil')).toMatchObject({
      inci: 'Simmondsia Chinensis (Jojoba) Seed Oil',
      match: 'exact',
    });
    // Brackets are punctuation to the match: the same words in the same order are the INCI name.
    expect(only('Butyrospermum Parkii (Shea Butter)')).toMatchObject({
      inci: 'Butyrospermum Parkii (Shea) Butter',
      match: 'exact',
    });
    expect(only('Rosmarinus Officinalis Leaf Extract')).toMatchObject({
      inci: 'Rosmarinus Officinalis (Rosemary) Leaf Extract',
      match: 'alias',
    });
  });

  it('folds spelling variants (Glycerine, sulphate, Hydrolysed, Aluminium) as alias', () => {
    expect(rows('Glycerine, Sodium Lauryl Sulphate, Hydrolysed Wheat Protein, Aluminium Hydroxide, Glycérine')).toEqual(
      [
        ['Glycerine', 'Glycerin', 'alias'],
        ['Sodium Lauryl Sulphate', 'Sodium Lauryl Sulfate', 'alias'],
        ['Hydrolysed Wheat Protein', 'Hydrolyzed Wheat Protein', 'alias'],
        ['Aluminium Hydroxide', 'Aluminum Hydroxide', 'alias'],
      ],
    );
    expect(analyze('Glycerine, Glycérine').duplicates).toEqual(['Glycérine']);
  });

  it('reads US common names, qualifiers and spacing variants', () => {
    expect(
      rows(
        'Organic Shea Butter, Lavender Essential Oil, Bees Wax, Kaolin Clay, Glycerin USP, Ethylhexyl Glycerin, Vitamin E',
      ),
    ).toEqual([
      ['Organic Shea Butter', 'Butyrospermum Parkii (Shea) Butter', 'alias'],
      ['Lavender Essential Oil', 'Lavandula Angustifolia (Lavender) Oil', 'alias'],
      ['Bees Wax', 'Cera Alba', 'alias'],
      ['Kaolin Clay', 'Kaolin', 'exact'],
      ['Glycerin USP', 'Glycerin', 'exact'],
      ['Ethylhexyl Glycerin', 'Ethylhexylglycerin', 'alias'],
      ['Vitamin E', 'Tocopherol', 'alias'],
    ]);
  });

  it('splits blends printed with (and), & or and when each part is an ingredient', () => {
    expect(
      rows(
        'Cetearyl Alcohol (and) Cetearyl Glucoside, Cetearyl Olivate & Sorbitan Olivate, Tocopherol and Tocopheryl Acetate',
      ),
    ).toEqual([
      ['Cetearyl Alcohol', 'Cetearyl Alcohol', 'exact'],
      ['Cetearyl Glucoside', 'Cetearyl Glucoside', 'exact'],
      ['Cetearyl Olivate', 'Cetearyl Olivate', 'exact'],
      ['Sorbitan Olivate', 'Sorbitan Olivate', 'exact'],
      ['Tocopherol', 'Tocopherol', 'exact'],
      ['Tocopheryl Acetate', 'Tocopheryl Acetate', 'exact'],
    ]);
    // Not when a part is no ingredient: the entry stays whole.
    expect(inputs('Salt and Pepper Extract')).toEqual(['Salt and Pepper Extract']);
  });
});

describe('markers, sections and concentrations', () => {
  it('drops footnote markers (*, †, **, °, (1)) and reports the footnote text', () => {
    const result = analyze(
      'Aqua, Simmondsia Chinensis Seed Oil*, Butyrospermum Parkii Butter**, Tocopherol†, Parfum°. ' +
        '*Certified organic **Fair trade †Natural origin °Natural essential oils',
    );
    expect(result.entries.map((e) => e.input)).toEqual([
      'Aqua',
      'Simmondsia Chinensis Seed Oil',
      'Butyrospermum Parkii Butter',
      'Tocopherol',
      'Parfum',
    ]);
    expect(result.entries.every((e) => e.match !== 'none')).toBe(true);
    expect(result.footnotes).toEqual([
      '*Certified organic',
      '**Fair trade',
      '†Natural origin',
      '°Natural essential oils',
    ]);

    const lines = analyze(
      'Ingredients: Aqua, Aloe Barbadensis Leaf Juice*, Glycerin\n*Certified organic\n99% of the total ingredients are from natural origin.',
    );
    expect(lines.entries.map((e) => e.input)).toEqual(['Aqua', 'Aloe Barbadensis Leaf Juice', 'Glycerin']);
    expect(lines.footnotes).toEqual(['*Certified organic', '99% of the total ingredients are from natural origin.']);

    const numbered = analyze(
      'Cera Alba (1), Tocopherol (2), Linalool (3)\n(1) Certified organic ingredient (2) Natural origin',
    );
    expect(numbered.entries.map((e) => [e.input, e.match])).toEqual([
      ['Cera Alba', 'exact'],
      ['Tocopherol', 'exact'],
      ['Linalool', 'exact'],
    ]);
    expect(numbered.footnotes).toEqual(['(1) Certified organic ingredient', '(2) Natural origin']);
  });

  it('keeps "May contain" entries, marked mayContain', () => {
    const result = analyze('Aqua, Glycerin. May contain: CI 77891, CI 77491, Mica.');
    expect(result.entries.map((e) => [e.input, e.mayContain])).toEqual([
      ['Aqua', false],
      ['Glycerin', false],
      ['CI 77891', true],
      ['CI 77491', true],
      ['Mica', true],
    ]);
    expect(result.unmatched).toEqual([]);
  });

  it.each([
    ['Talc, Mica +/- CI 77891, CI 77491'],
    ['Talc, Mica [+/-: CI 77891, CI 77491]'],
    ['Talc, Mica. Peut contenir: CI 77891, CI 77491'],
    ['Talc, Mica. May Contain (+/-): CI 77891, CI 77491'],
    ['Talc, Mica [+/- May Contain/Peut Contenir: CI 77891, CI 77491]'],
    ['Talc\nMica\nMay contain\nCI 77891\nCI 77491'],
  ])('reads the may-contain section of %j', (text) => {
    expect(
      analyze(text).entries.map((e) => [e.input, e.mayContain, e.ingredientId && nameOf.get(e.ingredientId)]),
    ).toEqual([
      ['Talc', false, 'Talc'],
      ['Mica', false, 'Mica'],
      ['CI 77891', true, 'Titanium Dioxide'],
      ['CI 77491', true, 'CI 77491'],
    ]);
  });

  it('keeps percentages as concentration', () => {
    expect(
      analyze(
        'Water, Zinc Oxide 20%, Niacinamide (2%), Urea 10 %, Sodium Hyaluronate(1,000ppm), Retinol 0,3%',
      ).entries.map((e) => [e.input, e.concentration, e.match]),
    ).toEqual([
      ['Water', null, 'exact'],
      ['Zinc Oxide', '20%', 'exact'],
      ['Niacinamide', '2%', 'exact'],
      ['Urea', '10%', 'exact'],
      ['Sodium Hyaluronate', '1000 ppm', 'exact'],
      ['Retinol', '0.3%', 'exact'],
    ]);
  });

  it('drops trailing periods, but "Alcohol Denat." keeps its own and matches', () => {
    expect(rows('Water, Alcohol Denat., Glycerin.')).toEqual([
      ['Water', 'Water', 'exact'],
      ['Alcohol Denat.', 'Alcohol Denat.', 'exact'],
      ['Glycerin', 'Glycerin', 'exact'],
    ]);
    expect(rows('Glycerin, Alcohol Denat.')).toEqual([
      ['Glycerin', 'Glycerin', 'exact'],
      ['Alcohol Denat.', 'Alcohol Denat.', 'exact'],
    ]);
  });

  it('keeps a duplicate once and notes it', () => {
    const result = analyze('Water, Glycerin, Aqua, Niacinamide, Glycerine, Water, Unknownium, unknownium');
    expect(result.entries.map((e) => [e.position, e.input])).toEqual([
      [1, 'Water'],
      [2, 'Glycerin'],
      [3, 'Niacinamide'],
      [4, 'Unknownium'],
    ]);
    expect(result.duplicates).toEqual(['Aqua', 'Glycerine', 'Water', 'unknownium']);
    expect(result.unmatched).toEqual(['Unknownium']);
  });
});

describe('matching precision', () => {
  it('matches a one-letter typo in a long name as fuzzy', () => {
    expect(rows('Phenoxyethenol, Niacinamid, Sodium Hyaluronte, Cetearyl Alchohol')).toEqual([
      ['Phenoxyethenol', 'Phenoxyethanol', 'fuzzy'],
      ['Niacinamid', 'Niacinamide', 'fuzzy'],
      ['Sodium Hyaluronte', 'Sodium Hyaluronate', 'fuzzy'],
      ['Cetearyl Alchohol', 'Cetearyl Alcohol', 'fuzzy'],
    ]);
  });

  it('never matches names that differ in a number to each other', () => {
    expect(rows('Polysorbate 20, Polysorbate 60, PEG-8, Ceramide NP, Ceramide AP')).toEqual([
      ['Polysorbate 20', 'Polysorbate 20', 'exact'],
      ['Polysorbate 60', 'Polysorbate 60', 'exact'],
      ['PEG-8', 'PEG-8', 'exact'],
      ['Ceramide NP', 'Ceramide NP', 'exact'],
      ['Ceramide AP', 'Ceramide AP', 'exact'],
    ]);
    // Neighbours the base does not hold stay unmatched rather than borrow a neighbour's identity.
    for (const [name, neighbour] of [
      ['PEG-9', 'PEG-8'],
      ['Polysorbate 61', 'Polysorbate 60'],
      ['Ceramide NX', 'Ceramide NP'],
      ['Laureth-5', 'Laureth-4'],
      ['Steareth-200', 'Steareth-20'],
    ]) {
      const entry = only(name);
      expect(entry.inci === null || entry.inci.toLowerCase() === name.toLowerCase()).toBe(true);
      expect(entry.inci).not.toBe(neighbour);
    }
  });

  it('never takes a real ingredient one letter or one word away for its neighbour', () => {
    const neighbours: Array<[string, string]> = [
      ['Sodium Chlorite', 'Sodium Chloride'],
      ['Potassium Nitrate', 'Potassium Citrate'],
      ['Sodium Nitrate', 'Sodium Citrate'],
      ['Ethyl Linolenate', 'Ethyl Linoleate'],
      ['Glyceryl Dilaurate', 'Glyceryl Laurate'],
      ['Disodium Stearoyl Glutamate', 'Sodium Stearoyl Glutamate'],
      ['Potassium Palmate', 'Potassium Palmitate'],
      ['Zinc Sulfide', 'Zinc Sulfate'],
      ['Citronellal', 'Citronellol'],
      ['Geranial', 'Geraniol'],
      ['Ethylparaben Sodium', 'Sodium Ethylparaben'],
      ['Methyl Nicotinate Gel', 'Methyl Nicotinate'],
    ];
    for (const [name, neighbour] of neighbours) {
      const entry = only(name);
      expect([name, entry.inci]).not.toEqual([name, neighbour]);
      if (entry.inci) expect(entry.inci.toLowerCase()).toBe(name.toLowerCase());
    }
  });

  it('gives short junk no match', () => {
    expect(rows('abc, xyz 123, qq, Glycerin')).toEqual([
      ['abc', null, 'none'],
      ['xyz 123', null, 'none'],
      ['qq', null, 'none'],
      ['Glycerin', 'Glycerin', 'exact'],
    ]);
  });

  it('leaves junk text unmatched and never throws', () => {
    const junk = analyze('asdf qwer, zxcv; 12345 @@@, lorem ipsum dolor, ((((, ]]], %%%, 0%, ***, / \\ /');
    expect(junk.entries.length).toBeGreaterThan(0);
    expect(junk.entries.every((e) => e.match === 'none' && e.ingredientId === null)).toBe(true);
    expect(junk.unmatched).toEqual(junk.entries.map((e) => e.input));

    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'aeiouxyzAB C,;.()[]/\\*%+-:\n\u00a0&<>é1';
    for (let n = 0; n < 300; n++) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      expect(() => analyze(text)).not.toThrow();
    }
    expect(() => analyze(`${'('.repeat(5000)}Water${']'.repeat(5000)}`)).not.toThrow();
    expect(() => analyze('Water, '.repeat(3000))).not.toThrow();
  });

  it('gives an empty string, or only a heading, no entries', () => {
    expect(analyze('')).toEqual({
      entries: [],
      unmatched: [],
      duplicates: [],
      footnotes: [],
      ignored: [],
      setAside: [],
      parts: [],
      nameLine: null,
      activesOutsideList: [],
    });
    expect(analyze('   \n  ').entries).toEqual([]);
    expect(analyze('Ingredients:').entries).toEqual([]);
  });

  it('reads "BG" and "DPG" (Japanese labels) only when the knowledge base has them as other names', () => {
    // The base lacks "BG" and "DPG" as other names of Butylene Glycol and Dipropylene Glycol today, so they
    // are unmatched; once the data has them they match as alias.
    for (const [short, inci] of [
      ['BG', 'Butylene Glycol'],
      ['DPG', 'Dipropylene Glycol'],
    ]) {
      const entry = only(`${short}`);
      if (baseKnows(short)) expect(entry).toMatchObject({ inci, match: 'alias' });
      else expect(entry).toMatchObject({ inci: null, match: 'none' });
    }
  });

  it('reports a match type for every entry', () => {
    for (const label of loadCorpus()) {
      for (const e of analyze(label.text).entries) {
        expect(['exact', 'alias', 'fuzzy', 'none']).toContain(e.match);
        expect(e.match === 'none').toBe(e.ingredientId === null);
      }
    }
  });
});

describe('the exported pieces', () => {
  it('parses without a matcher and matches parsed entries one by one or all together', () => {
    const parsed = parseIngredientList('Ingredients: Aqua (Water), Glycerine, Zinc Oxide 20%.');
    expect(parsed.entries.map((e) => [e.position, e.input, e.concentration])).toEqual([
      [1, 'Aqua (Water)', null],
      [2, 'Glycerine', null],
      [3, 'Zinc Oxide', '20%'],
    ]);
    expect(candidateNames(parsed.entries[0].input)).toEqual(['Aqua (Water)', 'Aqua', 'Water']);
    expect(matcher.matchEntry(parsed.entries[1])).toEqual({ match: 'alias', ingredientId: idOf.get('glycerin') });
    expect(matcher.match(parsed.entries).map((e) => e.match)).toEqual(['exact', 'alias', 'exact']);
  });

  it('works on a small hand-made base', () => {
    const small = new IngredientMatcher([
      { id: 'w', name: 'Water', otherNames: ['Aqua'] },
      { id: 'g', name: 'Glycerin', otherNames: [] },
    ]);
    expect(
      analyzeIngredientList('Aqua, Glycerine, Sugar', small).entries.map((e) => [e.ingredientId, e.match]),
    ).toEqual([
      ['w', 'alias'],
      ['g', 'alias'],
      [null, 'none'],
    ]);
    expect(small.matchEntry({ input: 'Glycerinn' })).toEqual({ match: 'fuzzy', ingredientId: 'g' });
  });
});

describe('the label corpus (data/labels/corpus.yaml)', () => {
  const labels = loadCorpus();

  it('has at least 80 labels, each with an expected list', () => {
    expect(labels.length).toBeGreaterThanOrEqual(80);
    expect(new Set(labels.map((l) => l.name)).size).toBe(labels.length);
    for (const label of labels) expect(Array.isArray(label.expected) && label.expected.length > 0).toBe(true);
  });

  it('is recalled at 90% or better with no wrong match', () => {
    const report = evaluateCorpus(labels, matcher, kb);
    expect(report.misaligned).toEqual([]);
    expect(report.wrong).toEqual([]);
    expect(report.recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the actives' heading, read in one pass", () => {
  // The regular expression it replaces (quadratic to cubic in the white space after "Active ingredients"): on
  // short texts its answers are the reference.
  const REGEX =
    /\b(?:active\s+ingredients?\s*(?:\([^)\n]*\))?\s*(?::|(?=\s*purposes?\b)|(?=[ ]*\n))(?:\s*purposes?\b)?|actives?\s*:(?=[^:]{0,160}\d\s*%))/gi;
  const PIECES = [
    'active',
    'Active',
    'ACTIVES',
    'actives',
    ' ',
    '  ',
    '\n',
    '\t',
    '\r\n',
    'ingredient',
    'Ingredients',
    'ingredientsx',
    '(',
    ')',
    '(USP)',
    ':',
    'Purpose',
    'purposes',
    'purposex',
    '2%',
    '3 %',
    'x',
    'in',
    'Zinc oxide 5%',
    ',',
    '.',
  ];

  it('finds what the regular expression found, on 20,000 texts made of its pieces', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const differ: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      let text = '';
      for (let i = 1 + Math.floor(random() * 9); i > 0; i--) text += PIECES[Math.floor(random() * PIECES.length)];
      const expected = [...text.matchAll(REGEX)].map((m) => `${m.index}:${m[0]}`).join('|');
      const found = activeHeadings(text)
        .map((m) => `${m.index}:${m.heading}`)
        .join('|');
      if (found !== expected) differ.push(JSON.stringify(text));
    }
    expect(differ).toEqual([]);
  });
});
