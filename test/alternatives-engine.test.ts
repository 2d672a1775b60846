// Better alternatives on plain data: the ranking engine (alternative/engine/rank-alternatives.ts).
import { describe, expect, it } from '@jest/globals';
import {
  freeOfWishes,
  rankAlternatives,
  type AlternativeIngredient,
  type Person,
  type ProductFacts,
  type SimilarProduct,
} from '../src/modules/alternative/engine/rank-alternatives.js';
import type { EngineRoutine } from '../src/modules/routine/engine/compatibility.js';
import { loadRoutineRules } from '../src/modules/routine/routine-rules.js';

const ing = (alias: string, extra: Partial<AlternativeIngredient> = {}): AlternativeIngredient => ({
  id: `id-${alias}`,
  alias,
  name: alias,
  groups: [],
  flags: [],
  effects: [],
  functions: [],
  ...extra,
});

const I = {
  water: ing('water', { functions: ['solvent'] }),
  glycerin: ing('glycerin', { groups: ['humectants'], functions: ['humectant'], effects: ['hydrating'] }),
  squalane: ing('squalane', { functions: ['emollient'], effects: ['moisturizing'] }),
  niacinamide: ing('niacinamide', { groups: ['niacinamide'], effects: ['brightening'] }),
  parfum: ing('parfum', { flags: ['fragrance'] }),
  linalool: ing('linalool', { groups: ['eu_allergens'], flags: ['fragrance', 'eu_allergen'] }),
  retinol: ing('retinol', { groups: ['retinoids'], effects: ['anti_aging'], flags: ['pregnancy_caution'] }),
  glycolic: ing('glycolic-acid', { groups: ['ahas'], functions: ['exfoliating'], effects: ['exfoliating'] }),
  coconut: ing('coconut-oil', {
    groups: ['plant_oils', 'fungal_acne_triggers'],
    flags: ['fungal_acne_trigger'],
    comedogenic: 4,
  }),
};

const original: ProductFacts = { id: 'original', ingredients: [I.water, I.glycerin, I.parfum, I.linalool, I.squalane] };
const similar = (id: string, similarity: number, ...ingredients: AlternativeIngredient[]): SimilarProduct => ({
  id,
  similarity,
  ingredients: [I.water, ...ingredients],
});

const A = similar('a-fragrant', 0.9, I.glycerin, I.parfum, I.squalane);
const B = similar('b-plain', 0.7, I.glycerin, I.squalane);
const C = similar('c-niacinamide', 0.6, I.glycerin, I.niacinamide, I.squalane);
const candidates = [A, B, C];

const person = (over: Partial<Person> = {}): Person => ({
  profile: { skinType: null, concerns: [], pregnant: false },
  positive: [],
  negative: [],
  wishes: [],
  ...over,
});

describe('better alternatives: anonymous and neutral callers', () => {
  it('anonymous callers get similarity order, and the reasons say so', () => {
    const ranked = rankAlternatives(original, candidates, null, null, 10);
    expect(ranked.map((r) => r.id)).toEqual(['a-fragrant', 'b-plain', 'c-niacinamide']);
    expect(ranked.every((r) => r.comparedToOriginal === 'unknown' && r.verdict === null)).toBe(true);
    expect(ranked[0].reasons).toEqual([
      expect.objectContaining({
        effect: 'neutral',
        source: 'similarity',
        text: expect.stringMatching(/^90% similar.*sign in to rank by your skin profile/),
      }),
    ]);
  });

  it('a person with nothing on record gets the similarity order too', () => {
    const ranked = rankAlternatives(original, candidates, person(), null, 10);
    expect(ranked.map((r) => r.id)).toEqual(['a-fragrant', 'b-plain', 'c-niacinamide']);
    expect(ranked.map((r) => r.comparedToOriginal)).toEqual(['same', 'same', 'same']);
  });

  it('the limit cuts the list after ranking', () => {
    expect(
      rankAlternatives(original, candidates, person({ negative: [I.parfum.id] }), null, 1).map((r) => r.id),
    ).toEqual(['b-plain']);
  });
});

describe('better alternatives: the person decides the order', () => {
  it('a negative feeling sinks the products that contain it, and frees the others', () => {
    const ranked = rankAlternatives(original, candidates, person({ negative: [I.parfum.id] }), null, 10);
    expect(ranked.map((r) => r.id)).toEqual(['b-plain', 'c-niacinamide', 'a-fragrant']);
    expect(ranked[0].comparedToOriginal).toBe('better');
    expect(ranked[0].reasons).toContainEqual(
      expect.objectContaining({
        effect: 'better',
        source: 'feeling',
        text: 'free of parfum, which you marked negative',
      }),
    );
    const fragrant = ranked[2];
    expect(fragrant.comparedToOriginal).toBe('same');
    expect(fragrant.verdict).toBe('avoid');
    expect(fragrant.reasons[0]).toMatchObject({
      effect: 'worse',
      text: 'still contains parfum, which you marked negative',
    });
  });

  it('a positive feeling lifts the product that has it', () => {
    const ranked = rankAlternatives(original, candidates, person({ positive: [I.niacinamide.id] }), null, 10);
    expect(ranked[0].id).toBe('c-niacinamide');
    expect(ranked[0].reasons).toContainEqual(
      expect.objectContaining({ effect: 'better', text: 'contains niacinamide, which you marked as good' }),
    );
  });

  it('a free-of wish from an interest group: "free of fragrance, which you avoid"', () => {
    const wishes = freeOfWishes(['fragrance-free', 'minimalists'], []);
    expect(wishes.map((w) => w.id)).toEqual(['fragrance-free']);
    const ranked = rankAlternatives(original, candidates, person({ wishes }), null, 10);
    expect(ranked.map((r) => r.id)).toEqual(['b-plain', 'c-niacinamide', 'a-fragrant']);
    expect(ranked[0].reasons).toContainEqual(
      expect.objectContaining({
        effect: 'better',
        source: 'free_of',
        text: 'free of fragrance, which you avoid (fragrance-free group)',
      }),
    );
    expect(ranked[2].reasons[0]).toMatchObject({
      effect: 'worse',
      source: 'free_of',
      text: 'still contains fragrance (parfum), which you avoid (fragrance-free group)',
    });
  });

  it('a list we could not read is never called free of something: it ranks as if it broke the wish, and says why', () => {
    const wishes = freeOfWishes(['fragrance-free'], []);
    // Read, the same ingredients would make it the best: free of fragrance and of the parfum marked negative.
    const unread: SimilarProduct = { ...similar('u-unread', 0.95, I.glycerin, I.squalane), unread: true };
    for (const who of [
      person({ wishes }),
      person({ negative: [I.parfum.id] }),
      person({ wishes, negative: [I.parfum.id] }),
    ]) {
      const ranked = rankAlternatives(original, [unread, ...candidates], who, null, 10);
      const u = ranked.find((r) => r.id === 'u-unread')!;
      expect(ranked.findIndex((r) => r.id === 'u-unread')).toBeGreaterThan(ranked.findIndex((r) => r.id === 'b-plain'));
      expect(u.comparedToOriginal).not.toBe('better');
      expect(u.reasons.filter((r) => r.effect === 'better' && /free of/.test(r.text))).toEqual([]);
      expect(u.reasons).toContainEqual(
        expect.objectContaining({
          effect: 'worse',
          source: 'free_of',
          text: expect.stringMatching(
            /^part of its ingredient list could not be read, so it cannot be called free of /,
          ),
        }),
      );
    }
    // What it visibly contains is still named as such.
    const fragrantUnread: SimilarProduct = { ...similar('f-unread', 0.95, I.parfum), unread: true };
    const [f] = rankAlternatives(original, [fragrantUnread], person({ wishes }), null, 10);
    expect(f.reasons[0]).toMatchObject({
      effect: 'worse',
      text: 'still contains fragrance (parfum), which you avoid (fragrance-free group)',
    });
    // Anonymous callers rank by similarity only, read or not.
    expect(rankAlternatives(original, [unread, ...candidates], null, null, 10)[0].id).toBe('u-unread');
  });

  it("a free-of wish from the survey's sensitivities", () => {
    const wishes = freeOfWishes([], ['fragrance', 'fragrance', 'unknown-answer']);
    expect(wishes.map((w) => [w.id, w.label])).toEqual([['fragrance', 'fragrance']]);
    const ranked = rankAlternatives(original, candidates, person({ wishes }), null, 10);
    expect(ranked[ranked.length - 1].id).toBe('a-fragrant');
    expect(ranked[0].reasons[0].text).toBe('free of fragrance, which your skin reacted to (survey)');
  });

  it('pregnancy: a retinoid alternative is worse, and says why', () => {
    const D = similar('d-retinol', 0.95, I.glycerin, I.retinol);
    const ranked = rankAlternatives(
      original,
      [D, B],
      person({ profile: { skinType: null, concerns: [], pregnant: true } }),
      null,
      10,
    );
    expect(ranked.map((r) => r.id)).toEqual(['b-plain', 'd-retinol']);
    expect(ranked[1]).toMatchObject({ comparedToOriginal: 'worse', verdict: 'avoid' });
    expect(ranked[1].reasons[0].text).toBe('contains retinol, advised against during pregnancy');
  });

  it('skin type: cautions the original lacks are named', () => {
    const E = similar('e-coconut', 0.95, I.glycerin, I.coconut);
    const ranked = rankAlternatives(
      original,
      [E, B],
      person({ profile: { skinType: 'oily', concerns: ['acne', 'fungal_acne'], pregnant: false } }),
      null,
      10,
    );
    expect(ranked[0].id).toBe('b-plain');
    const coconut = ranked[1];
    expect(coconut.comparedToOriginal).toBe('worse');
    expect(coconut.reasons[0]).toMatchObject({
      effect: 'worse',
      source: 'skin_profile',
      ingredientIds: [I.coconut.id],
    });
    expect(coconut.reasons[0].text).toMatch(/^cautions for your skin the original does not have: coconut-oil/);
  });
});

describe('better alternatives: the routine it would go into', () => {
  const ruleSet = loadRoutineRules();
  const evening: EngineRoutine = {
    timeOfDay: 'evening',
    negativeIngredientIds: [],
    steps: [
      { id: 's1', position: 1, stepType: 'cleanse', product: { id: 'cleanser', ingredients: [I.water, I.glycerin] } },
      { id: 's2', position: 2, stepType: 'treat', product: { id: 'retinol-serum', ingredients: [I.water, I.retinol] } },
    ],
  };
  const serum: ProductFacts = {
    id: 'original',
    ingredients: [I.water, I.niacinamide, I.glycerin],
    categoryStep: { stepType: 'treat', name: 'Serum' },
  };
  const acid = {
    ...similar('acid-serum', 0.8, I.glycolic, I.glycerin),
    categoryStep: { stepType: 'treat', name: 'Serum' },
  };
  const calm = {
    ...similar('calm-serum', 0.6, I.niacinamide, I.squalane),
    categoryStep: { stepType: 'treat', name: 'Serum' },
  };

  it("an acid that clashes with the routine's retinol falls below a product that fits, and names the clash", () => {
    const ranked = rankAlternatives(
      serum,
      [acid, calm],
      person(),
      { routine: evening, ruleSet, label: 'your evening routine' },
      10,
    );
    expect(ranked.map((r) => r.id)).toEqual(['calm-serum', 'acid-serum']);
    expect(ranked[0].routineFit).toBe('fits');
    expect(ranked[1].routineFit).not.toBe('fits');
    expect(ranked[1].comparedToOriginal).toBe('worse');
    expect(ranked[1].reasons.find((r) => r.source === 'routine')!.text).toMatch(/with retinol in your evening routine/);
    expect(ranked[0].reasons).toContainEqual(
      expect.objectContaining({ source: 'routine', text: expect.stringMatching(/^fits your evening routine as a/) }),
    );
  });

  it('without a routine the acid keeps its place by similarity', () => {
    expect(rankAlternatives(serum, [acid, calm], person(), null, 10).map((r) => r.id)).toEqual([
      'acid-serum',
      'calm-serum',
    ]);
  });
});

describe('better alternatives: the same kind of product first', () => {
  const kind = (categoryId: string, name: string, parentId: string, stepType: string | null) => ({
    categoryId,
    name,
    parentId,
    stepType,
  });
  const K = {
    chemicalSunscreen: kind('c-chem-sun', 'Chemical sunscreens', 'c-sun', 'protect'),
    mineralSunscreen: kind('c-mineral-sun', 'Mineral sunscreens', 'c-sun', 'protect'),
    bodySunscreen: kind('c-body-sun', 'Body sunscreens', 'c-body', 'protect'),
    sleepingMask: kind('c-sleeping-mask', 'Sleeping masks', 'c-masks', 'mask'),
    toner: kind('c-toners', 'Toners', 'c-toners-essences', 'tone'),
    essence: kind('c-essences', 'Essences', 'c-toners-essences', 'tone'),
    handCream: kind('c-hand-cream', 'Hand creams', 'c-body', 'moisturise'),
  };
  const sunscreen: ProductFacts = { ...original, kind: K.chemicalSunscreen };
  const mask = { ...similar('mask', 0.95, I.glycerin, I.squalane), kind: K.sleepingMask };
  const chem = { ...similar('chem-sun', 0.5, I.glycerin, I.parfum), kind: K.chemicalSunscreen };
  const mineral = { ...similar('mineral-sun', 0.6, I.glycerin), kind: K.mineralSunscreen };
  const body = { ...similar('body-sun', 0.9, I.glycerin), kind: K.bodySunscreen };

  it('the alternatives to a sunscreen are sunscreens: its category first, then a sibling for the same step, however well a mask fits', () => {
    const ranked = rankAlternatives(sunscreen, [mask, chem, mineral, body], person(), null, 10);
    expect(ranked.map((r) => [r.id, r.kind])).toEqual([
      ['chem-sun', 'same_category'],
      ['mineral-sun', 'same_step'],
    ]);
    expect(ranked[1].reasons[0]).toMatchObject({
      source: 'kind',
      effect: 'neutral',
      text: 'same routine step (protect), another category: Mineral sunscreens, not Chemical sunscreens',
    });
    expect(ranked[0].reasons.some((r) => r.source === 'kind')).toBe(false);
  });

  it("the person's verdict ranks before the category: a product they would avoid comes after one they would not", () => {
    const ranked = rankAlternatives(
      sunscreen,
      [mask, chem, mineral, body],
      person({ negative: [I.parfum.id] }),
      null,
      10,
    );
    expect(ranked.map((r) => [r.id, r.kind, r.verdict])).toEqual([
      ['mineral-sun', 'same_step', expect.not.stringMatching(/avoid|caution/)],
      ['chem-sun', 'same_category', 'avoid'],
    ]);
  });

  it('other kinds only when asked, after the same kind, and labelled', () => {
    const ranked = rankAlternatives(sunscreen, [mask, chem, mineral, body], person(), null, 10, { otherKinds: true });
    expect(ranked.map((r) => r.id)).toEqual(['chem-sun', 'mineral-sun', 'mask', 'body-sun']);
    expect(ranked[2]).toMatchObject({
      kind: 'other',
      reasons: [
        expect.objectContaining({
          source: 'kind',
          effect: 'worse',
          text: 'a different kind of product: Sleeping masks (a mask step), not Chemical sunscreens (a protect step)',
        }),
        ...ranked[2].reasons.slice(1),
      ],
    });
  });

  it('a toner gets toners and essences, not a hand cream; an original known only by its routine step gets that step', () => {
    const toner: ProductFacts = { ...original, kind: K.toner };
    const cream = { ...similar('hand-cream', 0.99, I.glycerin), kind: K.handCream };
    const essence = { ...similar('essence', 0.4, I.glycerin), kind: K.essence };
    expect(rankAlternatives(toner, [cream, essence], person(), null, 10).map((r) => r.id)).toEqual(['essence']);
    const byStep: ProductFacts = {
      ...original,
      kind: { categoryId: null, name: null, parentId: null, stepType: 'tone' },
    };
    expect(rankAlternatives(byStep, [cream, essence], null, null, 10).map((r) => [r.id, r.kind])).toEqual([
      ['essence', 'same_step'],
    ]);
    // Nothing known about the original: nothing is filtered.
    expect(rankAlternatives(original, [cream, essence], null, null, 10).map((r) => r.kind)).toEqual([
      'unknown',
      'unknown',
    ]);
  });
});
