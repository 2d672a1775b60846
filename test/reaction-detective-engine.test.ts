import { describe, expect, it } from '@jest/globals';
import {
  benjaminiHochberg,
  fisherOneSided,
  gStatistic,
  investigate,
  latestRatings,
  positionWeight,
  type Outcome,
  type RatedIngredient,
  type RatedItem,
} from '../src/modules/reaction/engine/detective.js';

// Ingredients by name; groups as the knowledge base has them.
const GROUPS: Record<string, string[]> = {
  'cetyl-alcohol': ['fatty_alcohols'],
  'stearyl-alcohol': ['fatty_alcohols'],
  'cetearyl-alcohol': ['fatty_alcohols'],
  linalool: ['eu_allergens'],
  limonene: ['eu_allergens'],
  geraniol: ['eu_allergens'],
  glycerin: ['humectants'],
};

let counter = 0;
/** A rated product: its list as ingredient names, in order. */
function item(
  outcome: Outcome,
  names: string[],
  options: { key?: string; date?: string; bands?: Record<string, RatedIngredient['band']> } = {},
): RatedItem {
  return {
    key: options.key ?? `p${++counter}`,
    outcome,
    date: options.date ?? '2026-11-01',
    ingredients: names.map((name, i) => ({
      id: name,
      name,
      position: i + 1,
      band: options.bands?.[name] ?? null,
      groups: GROUPS[name] ?? [],
    })),
  };
}

describe('reaction detective: evidence and status', () => {
  it('says so when nothing was rated', () => {
    const result = investigate([]);
    expect(result.status).toBe('nothing_rated');
    expect(result.suspects).toEqual([]);
  });

  it('has nothing to explain when everything went well', () => {
    const result = investigate([item('fine', ['water', 'glycerin']), item('loved', ['water', 'niacinamide'])]);
    expect(result.status).toBe('no_bad_products');
    expect(result.suspects).toEqual([]);
    expect(result.message).toMatch(/All 2 rated products went well/);
  });

  it('refuses to blame anything after a single bad product', () => {
    const result = investigate([
      item('broke_out', ['water', 'coconut-oil']),
      item('fine', ['water']),
      item('fine', ['water', 'glycerin']),
    ]);
    expect(result.status).toBe('too_few_bad_products');
    expect(result.suspects).toEqual([]);
    expect(result.message).toMatch(/at least 2/);
  });

  it('refuses to rank without a good product to contrast with, but says what the bad ones share', () => {
    const result = investigate([
      item('irritated', ['water', 'linalool', 'glycerin']),
      item('itched', ['water', 'linalool']),
    ]);
    expect(result.status).toBe('no_good_products');
    expect(result.suspects).toEqual([]);
    expect(result.sharedByBadProducts.map((s) => s.id)).toEqual(['water', 'linalool']);
  });

  it('never blames an ingredient that is in every product', () => {
    const result = investigate([
      item('broke_out', ['water', 'coconut-oil']),
      item('broke_out', ['water', 'coconut-oil', 'glycerin']),
      item('fine', ['water', 'glycerin']),
      item('loved', ['water', 'squalane']),
    ]);
    expect(result.status).toBe('ok');
    expect(result.suspects.map((s) => s.id)).not.toContain('water');
    expect(result.inEveryProduct.map((s) => s.id)).toEqual(['water']);
  });

  it('says when nothing stands out', () => {
    // Every ingredient is as common in good products as in bad ones.
    const result = investigate([
      item('broke_out', ['water', 'glycerin']),
      item('broke_out', ['water', 'squalane']),
      item('fine', ['water', 'glycerin']),
      item('fine', ['water', 'squalane']),
    ]);
    expect(result.status).toBe('no_clear_suspect');
    expect(result.suspects).toEqual([]);
    expect(result.message).toMatch(/no ingredient stands out/);
  });

  it('the latest rating of a product replaces earlier ones', () => {
    const ratings = latestRatings([
      item('fine', ['a'], { key: 'x', date: '2026-10-01' }),
      item('broke_out', ['a'], { key: 'x', date: '2026-11-01' }),
      item('fine', ['b'], { key: 'y' }),
    ]);
    expect(ratings.map((r) => [r.key, r.outcome])).toEqual([
      ['x', 'broke_out'],
      ['y', 'fine'],
    ]);
  });
});

describe('reaction detective: honest confidence', () => {
  it('six products, 3 bad and 3 good differing by one ingredient, never say high, and the counts read plainly', () => {
    const result = investigate([
      item('irritated', ['water', 'glycerin', 'linalool']),
      item('irritated', ['water', 'glycerin', 'linalool']),
      item('irritated', ['water', 'glycerin', 'linalool']),
      item('fine', ['water', 'glycerin']),
      item('fine', ['water', 'glycerin']),
      item('loved', ['water', 'glycerin']),
    ]);
    const top = result.suspects[0];
    expect(top.id).toBe('linalool');
    expect(top.pValue).toBeCloseTo(0.05, 4);
    expect(top.confidence).not.toBe('high');
    expect(top.reason).toMatch(/^linalool: 3 of 3 products that went badly had it, 0 of 3 that went well; /);
  });

  it('p = 0.2 from six products is low, not medium', () => {
    const result = investigate([
      item('irritated', ['water', 'x']),
      item('irritated', ['water', 'x']),
      item('irritated', ['water', 'y']),
      item('fine', ['water', 'x']),
      item('fine', ['water', 'y']),
      item('fine', ['water', 'y']),
    ]);
    const x = result.suspects.find((s) => s.id === 'x')!;
    expect(x.pValue).toBeLessThanOrEqual(0.5);
    expect(x.confidence).toBe('low');
  });

  it('adjusts for the many ingredients tested: the same split among eight others falls from medium', () => {
    const alone = investigate([
      ...[1, 2, 3, 4].map(() => item('irritated', ['water', 'x'])),
      ...[1, 2, 3, 4].map(() => item('fine', ['water'])),
    ]);
    const crowded = investigate([
      ...[0, 1, 2, 3].map((k) => item('irritated', ['water', 'x', `bad-only-${k}`])),
      ...[0, 1, 2, 3].map((k) => item('fine', ['water', `good-only-${k}`])),
    ]);
    const [a, c] = [alone.suspects[0], crowded.suspects.find((s) => s.id === 'x')!];
    expect(a.pValue).toBe(c.pValue);
    expect(c.adjustedPValue).toBeGreaterThan(a.adjustedPValue);
    expect(crowded.tests).toBeGreaterThan(alone.tests);
    expect([a.confidence, c.confidence]).toEqual(['medium', 'low']);
  });

  it('Benjamini-Hochberg q-values', () => {
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.5])).toEqual(
      [0.04, (0.04 * 4) / 3, (0.04 * 4) / 3, 0.5].map((q) => expect.closeTo(q, 10)),
    );
  });

  it("says when a product's own strong active could explain a reaction by itself", () => {
    const acid = (name: string, band: RatedIngredient['band']) => ({
      ...item('irritated', ['water', name, 'glycerin'], { bands: { [name]: band } }),
    });
    GROUPS['glycolic-acid'] = ['ahas'];
    GROUPS['salicylic-acid'] = ['bhas'];
    GROUPS.retinol = ['retinoids'];
    const result = investigate([
      acid('glycolic-acid', 'above_1_percent'),
      item('irritated', ['water', 'retinol']),
      item('irritated', ['water', 'glycerin', 'squalane', 'salicylic-acid'], {
        bands: { 'salicylic-acid': 'at_most_1_percent' },
      }),
      item('fine', ['water', 'squalane']),
      item('fine', ['water']),
    ]);
    expect(result.strongActives.map((a) => a.ingredients.map((i) => [i.id, i.why]))).toEqual([
      [['glycolic-acid', 'an AHA above 1%']],
      [['retinol', 'a retinoid']],
    ]);
    expect(result.message).toMatch(
      /2 of the 3 products that went badly hold a strong active that can irritate by itself \(glycolic-acid, an AHA above 1%; retinol, a retinoid\)/,
    );
  });
});

describe('reaction detective: ranking', () => {
  it('finds a clear culprit with high confidence', () => {
    const result = investigate([
      item('broke_out', ['water', 'coconut-oil', 'glycerin']),
      item('broke_out', ['water', 'isopropyl-myristate', 'coconut-oil']),
      item('broke_out', ['water', 'coconut-oil', 'niacinamide']),
      item('broke_out', ['water', 'glycerin', 'coconut-oil', 'squalane']),
      item('fine', ['water', 'glycerin', 'squalane']),
      item('loved', ['water', 'niacinamide', 'glycerin']),
      item('fine', ['water', 'isopropyl-myristate']),
      item('fine', ['water', 'panthenol']),
    ]);
    expect(result.status).toBe('ok');
    const top = result.suspects[0];
    // 1/70 alone, but six ingredients were tested (humectants adds nothing over glycerin): q = 6/70, medium.
    expect(top).toMatchObject({
      kind: 'ingredient',
      id: 'coconut-oil',
      badWith: 4,
      goodWith: 0,
      badTotal: 4,
      goodTotal: 4,
      badRate: 1,
      goodRate: 0,
      confidence: 'medium',
    });
    expect(result.tests).toBe(6);
    expect(top.adjustedPValue).toBeCloseTo(6 / 70, 4);
    expect(top.pValue).toBeCloseTo(1 / 70, 4); // C(4,4)·C(4,0)/C(8,4)
    expect(top.likelihoodRatio).toBeCloseTo(5 / 6 / (1 / 6), 3); // Laplace: (4+1)/(4+2) over (0+1)/(4+2)
    expect(top.reason).toMatch(/^coconut-oil: 4 of 4 products that went badly had it, 0 of 4 that went well; /);
    expect(result.message).toMatch(
      /coconut-oil \(medium confidence: 4 of 4 that went badly had it, 0 of 4 that went well\)/,
    );
    // Glycerin and niacinamide are in good products as much as in bad ones: not suspects.
    expect(result.suspects.map((s) => s.id)).not.toContain('glycerin');
    expect(result.suspects.map((s) => s.id)).not.toContain('niacinamide');
  });

  it('confidence grows with the number of products', () => {
    const few = investigate([
      item('broke_out', ['a', 'x']),
      item('broke_out', ['b', 'x']),
      item('fine', ['a']),
      item('fine', ['b']),
    ]);
    const letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const many = investigate([
      ...letters.map((n) => item('broke_out', [n, 'x'])),
      ...letters.map((n) => item('fine', [n])),
    ]);
    expect(few.suspects[0].id).toBe('x');
    expect(few.suspects[0].confidence).not.toBe('high');
    expect(many.suspects[0].confidence).toBe('high');
    expect(many.suspects[0].score).toBeGreaterThan(few.suspects[0].score);
  });

  it('keeps confounded ingredients together and says they cannot be told apart', () => {
    const result = investigate([
      item('irritated', ['water', 'parfum', 'linalool', 'glycerin']),
      item('irritated', ['water', 'parfum', 'linalool', 'squalane']),
      item('itched', ['water', 'parfum', 'linalool']),
      item('fine', ['water', 'glycerin']),
      item('fine', ['water', 'squalane']),
    ]);
    const top = result.suspects[0];
    expect(top.id).toBe('parfum');
    expect(top.alwaysWith.map((a) => a.id)).toEqual(['linalool']);
    expect(top.reason).toMatch(/always comes with linalool: these cannot be told apart/);
    expect(result.suspects.map((s) => s.id)).not.toContain('linalool');
  });

  it('a group beats its members when different members are behind each reaction', () => {
    const result = investigate([
      item('broke_out', ['water', 'cetyl-alcohol', 'glycerin']),
      item('broke_out', ['water', 'stearyl-alcohol', 'squalane']),
      item('broke_out', ['water', 'cetearyl-alcohol', 'panthenol']),
      item('fine', ['water', 'glycerin', 'squalane']),
      item('loved', ['water', 'panthenol']),
    ]);
    expect(result.status).toBe('ok');
    const top = result.suspects[0];
    expect(top).toMatchObject({ kind: 'group', id: 'fatty_alcohols', name: 'fatty alcohols', badWith: 3, goodWith: 0 });
    expect(top.members.map((m) => m.id).sort()).toEqual(['cetearyl-alcohol', 'cetyl-alcohol', 'stearyl-alcohol']);
    expect(top.reason).toMatch(/^Something from fatty alcohols \(/);
    // No single fatty alcohol has the two bad products needed to be a suspect on its own.
    expect(result.suspects.filter((s) => s.kind === 'ingredient')).toEqual([]);
  });

  it('a group with the same products as one ingredient adds nothing: the ingredient is named', () => {
    const result = investigate([
      item('irritated', ['water', 'linalool']),
      item('irritated', ['water', 'linalool', 'glycerin']),
      item('fine', ['water', 'glycerin']),
    ]);
    expect(result.suspects.map((s) => `${s.kind}:${s.id}`)).toEqual(['ingredient:linalool']);
  });

  it('an ingredient high in the list outranks one with the same counts near the end', () => {
    const filler = Array.from({ length: 14 }, (_, i) => `filler-${i}`);
    const result = investigate(
      [
        item('broke_out', ['early', ...filler, 'late']),
        item('broke_out', ['glycerin', 'early', ...filler, 'late']),
        // One good product each, so the two are not confounded: same counts, different products.
        item('fine', ['glycerin', 'early']),
        item('fine', ['squalane', 'late']),
        item('fine', ['panthenol']),
      ].map((it) => ({
        ...it,
        ingredients: it.ingredients.map((i) => (i.name.startsWith('filler') ? { ...i, id: `${it.key}-${i.id}` } : i)),
      })),
    );
    const early = result.suspects.find((s) => s.id === 'early')!;
    const late = result.suspects.find((s) => s.id === 'late')!;
    expect(early.badWith).toBe(late.badWith);
    expect(early.score).toBeGreaterThan(late.score);
    expect(result.suspects[0].id).toBe('early');
    expect(late.reason).toMatch(/low in the list/);
  });

  it('a printed or estimated band outranks position: under the 1 % line weighs less, but a trace in every bad product still beats a bulk ingredient in half', () => {
    const bands = { niacinamide: 'above_1_percent', fragrance: 'at_most_1_percent' } as const;
    const result = investigate([
      item('irritated', ['fragrance', 'niacinamide'], { bands }),
      item('irritated', ['fragrance', 'niacinamide', 'water'], { bands }),
      item('fine', ['water']),
    ]);
    // Confounded (always together): the lead is the earliest listed, and the weight is its own.
    expect(result.suspects).toHaveLength(1);
    expect(positionWeight({ position: 1, band: 'at_most_1_percent' })).toBe(0.8);
    expect(positionWeight({ position: 30, band: 'above_1_percent' })).toBe(1);
    expect(positionWeight({ position: 3 })).toBe(1);
    // Linalool (a trace) in all four bad products; rose water (the base) in two of them.
    const trace = investigate([
      item('irritated', ['rose-water', 'glycerin', 'linalool'], { bands: { linalool: 'at_most_1_percent' } }),
      item('itched', ['rose-water', 'squalane', 'linalool'], { bands: { linalool: 'at_most_1_percent' } }),
      item('irritated', ['water', 'glycerin', 'panthenol', 'linalool'], { bands: { linalool: 'at_most_1_percent' } }),
      item('irritated', ['water', 'niacinamide', 'linalool'], { bands: { linalool: 'at_most_1_percent' } }),
      item('fine', ['water', 'glycerin']),
      item('fine', ['water', 'squalane']),
      item('loved', ['water', 'niacinamide']),
      item('fine', ['water', 'panthenol']),
    ]);
    expect(trace.suspects.map((s) => s.id).slice(0, 2)).toEqual(['linalool', 'rose-water']);
    expect(positionWeight({ position: 30 })).toBe(0.8);
  });

  it('ranks by score, and the limit cuts the list', () => {
    const result = investigate(
      [
        item('broke_out', ['a', 'b', 'c']),
        item('broke_out', ['a', 'b']),
        item('broke_out', ['a', 'c']),
        item('fine', ['b']),
        item('fine', ['d']),
        item('fine', ['c', 'd']),
      ],
      { limit: 1 },
    );
    expect(result.suspects.map((s) => s.id)).toEqual(['a']);
  });
});

describe('the G statistic', () => {
  it('is 0 without a difference and matches a hand-computed table', () => {
    expect(gStatistic(2, 2, 4, 4)).toBeCloseTo(0, 9);
    // 4 of 4 bad, 0 of 4 good: expected 2 in each cell, so G = 2·(4 ln 2 + 4 ln 2).
    expect(gStatistic(4, 0, 4, 4)).toBeCloseTo(16 * Math.log(2), 9);
  });

  it('ranks strong evidence on many products above a clean split on few', () => {
    // 12 of 19 bad against 3 of 31 good beats 4 of 19 against 0 of 31 (whose ratio is larger).
    expect(gStatistic(12, 3, 19, 31)).toBeGreaterThan(gStatistic(4, 0, 19, 31));
  });
});

describe('Fisher exact test', () => {
  it('matches hand-computed tables', () => {
    expect(fisherOneSided(3, 0, 3, 3)).toBeCloseTo(1 / 20, 6);
    expect(fisherOneSided(2, 1, 3, 3)).toBeCloseTo(10 / 20, 6);
    expect(fisherOneSided(0, 0, 2, 2)).toBe(1);
  });
});
