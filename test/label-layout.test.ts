// A label's block structure read from its layout, one test per class the issue names, the bound that
// printed amounts leave, kit parts read as products of their own, and "unread" lists that pass no rule. Pure
// engine, no database. The property tests over every label are in label-presentation.test.ts.
import { describe, expect, it } from '@jest/globals';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { readList } from '../src/modules/analysis/engine/read-list.js';
import { evaluateRules } from '../src/modules/analysis/engine/rules.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { evaluateRetail, loadKnowledgeBase, loadLayoutCorpus } from '../scripts/label-recall.js';

const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
const byId = new Map(rows.map((r) => [r.id, r]));
const matcher = new IngredientMatcher(rows);
const regulation = loadRegulation();
const analyze = (text: string) => analyzeIngredientList(text, matcher);
const names = (text: string) =>
  analyze(text).entries.map((e) => (e.ingredientId ? byId.get(e.ingredientId)!.name : `?${e.input}`));
const read = (text: string) => {
  const analysis = analyze(text);
  return {
    analysis,
    reading: readList(
      analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
      regulation,
    ),
  };
};

describe('a "free of" heading that ends its line governs the lines after it', () => {
  const BLOCK =
    '<b>Clean at Luma products are formulated without:</b><br/>Sulfates—SLS + SLES, Parabens, Formaldehydes, Phthalates, Mineral Oil, Retinyl Palmitate, Oxybenzone, Coal Tar, Hydroquinone, Triclosan, and Triclocarban.';
  const LIST = 'Water, Glycerin, Niacinamide, Symphytum Officinale Callus Culture Extract';
  const WANT = ['Water', 'Glycerin', 'Niacinamide', 'Symphytum Officinale Callus Culture Extract'];

  it('after the list, before it, in bold or not, cut off with its tags left open', () => {
    for (const text of [
      `${LIST}.<br/><br/>${BLOCK}`,
      `<p>${LIST}.<br/><br/>${BLOCK.slice(0, 150)}`,
      `<p>${LIST}.<br><br><strong>Formulated without:</strong><br>Parabens, Sulfates, Formaldehyde, Mineral Oil<br></p><p><stro`,
      `${BLOCK}<br/><br/>${LIST}`,
      `${BLOCK.replace(/<\/?b>/g, '')}\n${LIST}`,
      `Ingredients: ${LIST}\n\nThis product is formulated without:\nParabens\nMineral Oil\nHydroquinone`,
    ]) {
      expect([text, names(text)]).toEqual([text, WANT]);
      expect(analyze(text).setAside.map((s) => s.kind)).toContain('free_of');
    }
  });
});

describe('kits copied from a retailer page', () => {
  const KIT =
    'Product Name: Renewing Cleanser\nClearskin Labs\nActive Ingredient: Benzoyl Peroxide 2.50%Water, Glycerin, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Phenoxyethanol Product Name: Revitalizing Serum\nClearskin Labs\nWater, Glycerin, Niacinamide, Sodium Hyaluronate, Tretinoin Product Name: Repairing Treatment\nClearskin Labs\nActive Ingredient: Benzoyl Peroxide 2.50%Water, Cetyl Alcohol, Glycerin, Carbomer, Phenoxyethanol';

  it('keeps each product, its active with its strength and its inactives, under its own part', () => {
    const { entries, parts, setAside } = analyze(KIT);
    expect(parts).toEqual(['Renewing Cleanser', 'Revitalizing Serum', 'Repairing Treatment']);
    expect(entries.filter((e) => e.active).map((e) => [e.input, e.concentration, e.part])).toEqual([
      ['Benzoyl Peroxide', '2.50%', 'Renewing Cleanser'],
      ['Benzoyl Peroxide', '2.50%', 'Repairing Treatment'],
    ]);
    expect(entries.filter((e) => e.part === 'Revitalizing Serum').map((e) => e.input)).toEqual([
      'Water',
      'Glycerin',
      'Niacinamide',
      'Sodium Hyaluronate',
      'Tretinoin',
    ]);
    expect(entries.every((e) => e.match !== 'none')).toBe(true);
    expect(setAside.filter((s) => s.kind === 'marketing').map((s) => s.text)).toEqual([
      'Clearskin Labs',
      'Clearskin Labs',
      'Clearskin Labs',
    ]);
  });

  it('reads each part as a product of its own: its type and its amounts', () => {
    const { reading } = read(
      '1. Gentle Cleanser: Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Phenoxyethanol\n2. Vitamin C Serum: Water, Ascorbic Acid, Glycerin, Propanediol, Phenoxyethanol',
    );
    expect(reading.parts.map((p) => [p.part, p.productType])).toEqual([
      ['Gentle Cleanser', 'rinse_off'],
      ['Vitamin C Serum', 'leave_on'],
    ]);
    // The serum's water is first of its own list, not sixth of one list of ten.
    const serumWater = reading.entries[5];
    expect([serumWater.input, serumWater.estimate.min, serumWater.estimate.max]).toEqual(['Water', 20, 100]);
    expect(
      analyze(
        '1. Gentle Cleanser: Water, Glycerin, Sodium Laureth Sulfate\n2. Night Serum: Water, Retinol, Squalane',
      ).entries.map((e) => e.input),
    ).not.toContain('2');
  });
});

describe('strengths and footnotes', () => {
  it('parts a strength glued to the next name', () => {
    const { entries } = analyze('Ingredients: Water, Homosalate, Octocrylene 2.70%Glycerin, Dimethicone');
    expect(entries.map((e) => [e.input, e.concentration])).toEqual([
      ['Water', null],
      ['Homosalate', null],
      ['Octocrylene', '2.70%'],
      ['Glycerin', null],
      ['Dimethicone', null],
    ]);
  });

  it("does not take a footnote's share for a concentration", () => {
    const { analysis, reading } = read(
      'Water, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Fragrance/Parfum*. *100% Naturally Derived.',
    );
    expect(analysis.entries.map((e) => [e.input, e.concentration, e.match])).toContainEqual([
      'Fragrance/Parfum',
      null,
      'exact',
    ]);
    expect(analysis.footnotes).toEqual(['*100% Naturally Derived']);
    expect(
      evaluateRules(reading.entries.flatMap((e) => (e.dosed ? [e.dosed] : []))).find(
        (r) => r.rule === 'fragrance_free',
      )!.passes,
    ).toBe(false);
    expect(new Set(reading.entries.map((e) => e.estimate.max)).size).toBeGreaterThan(1);
  });

  it('bounds later entries by what printed amounts leave, in any script', () => {
    const latin = read('Houttuynia Cordata Extract (77%), Water, Butylene Glycol, Glycerin').reading.entries;
    expect(latin.map((e) => e.estimate.max)).toEqual([77, 23, 23, 23]);
    expect(latin[1].estimate.basis).toMatch(/add up to 77%.*at most 23%/);
    const hangul = analyze('[전성분]\n병풀추출물(47%), 정제수, 글리세린').entries;
    expect(hangul.map((e) => [e.input, e.concentration])).toEqual([
      ['병풀추출물', '47%'],
      ['정제수', null],
      ['글리세린', null],
    ]);
  });
});

describe('lists printed without separators', () => {
  it('splits them where known names say', () => {
    expect(
      names(
        'Ingredients: Propylene Glycol Dimethicone Glycerin Ascorbic Acid Sodium Hyaluronate Phenoxyethanol Limonene Citral Linalool',
      ),
    ).toEqual([
      'Propylene Glycol',
      'Dimethicone',
      'Glycerin',
      'Ascorbic Acid',
      'Sodium Hyaluronate',
      'Phenoxyethanol',
      'Limonene',
      'Citral',
      'Linalool',
    ]);
  });

  it('answers unread when they hold a name we do not know, and then no free-of rule passes', () => {
    const analysis = analyze(
      'Ingredients: Aqua Glycerin Zorbelline Complex Rare Floral Accord Dimethicone Phenoxyethanol',
    );
    expect(analysis.unread).toBe(true);
    expect(analysis.entries.map((e) => e.unread)).toEqual([true]);
    const rules = evaluateRules([], { unread: true });
    expect(rules.length).toBe(13);
    expect(rules.filter((r) => r.passes)).toEqual([]);
    // One unknown name of several words is not a list: it stays an unmatched entry, read.
    expect(analyze('Water, Zorbelline Complex Extract, Glycerin').unread).toBeUndefined();
  });
});

describe('one ingredient named twice', () => {
  it('keeps one entry, at its first place, saying what else it was printed as', () => {
    const { entries, duplicates } = analyze(
      'Ingredients: Water, Glycerin, Tocopherol, Squalane, Vitamin E, Phenoxyethanol',
    );
    expect(entries.map((e) => e.input)).toEqual(['Water', 'Glycerin', 'Tocopherol', 'Squalane', 'Phenoxyethanol']);
    expect(entries[2].alsoPrintedAs).toEqual(['Vitamin E']);
    expect(duplicates).toEqual(['Vitamin E']);
  });
});

describe('the layout corpus (data/labels/layout.yaml)', () => {
  it('reads every label right: no gained, lost or wrong entry, actives, parts and unread answers right', () => {
    const kb = loadKnowledgeBase();
    const { byClass, problems } = evaluateRetail(loadLayoutCorpus(), new IngredientMatcher(kb.ingredients), kb);
    expect(problems).toEqual([]);
    for (const cls of [
      'free_of_heading',
      'kit_product_lines',
      'glued_percent',
      'footnote_percent',
      'no_commas',
      'kit_numbered',
      'printed_percent',
      'duplicate_names',
    ]) {
      expect([cls, (byClass.get(cls)?.labels ?? 0) >= 2]).toEqual([cls, true]);
    }
  });
});

describe('what is not a list run together', () => {
  it('leaves alternatives ("… or …") and unknown names as read, unmatched entries', () => {
    const analysis = analyze(
      'Ingredients: Sodium Cocoyl Isethionate, Stearic Acid, Sodium Tallowate or Sodium Palmate, Lauric Acid',
    );
    expect(analysis.unread).toBeUndefined();
    expect(analysis.entries.map((e) => e.input)).toContain('Sodium Tallowate or Sodium Palmate');
  });
});
