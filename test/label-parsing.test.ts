// The parser on labels as retail pages and packs present them: one block per failure class, and the
// retail corpus (data/labels/retail.yaml) held to its figures. Pure engine, no database.
import { describe, expect, it } from '@jest/globals';
import { evaluateRetail, loadKnowledgeBase, loadRetailCorpus } from '../scripts/label-recall.js';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { parseIngredientList } from '../src/modules/analysis/engine/parse.js';
import { shownSetAside } from '../src/modules/analysis/engine/set-aside.js';

const kb = loadKnowledgeBase();
const matcher = new IngredientMatcher(kb.ingredients);
const analyze = (text: string) => analyzeIngredientList(text, matcher);
const inputs = (text: string): string[] => analyze(text).entries.map((e) => e.input);
const matched = (text: string): Array<[string, string | null]> =>
  analyze(text).entries.map((e) => [
    e.input,
    e.ingredientId ? (kb.nameOf.get(e.ingredientId) ?? e.ingredientId) : null,
  ]);
const kinds = (text: string) => shownSetAside(parseIngredientList(text).setAside).map((s) => s.kind);

const LIST = 'Water, Glycerin, Niacinamide, Sodium Hyaluronate, Phenoxyethanol';
const ENTRIES = ['Water', 'Glycerin', 'Niacinamide', 'Sodium Hyaluronate', 'Phenoxyethanol'];

describe('"free of" blocks', () => {
  const CLEAN_AT =
    '<b>Clean at Luma products are formulated without:</b> Sulfates—SLS + SLES, Parabens, Formaldehydes, Phthalates, Mineral Oil, Retinyl Palmitate, Oxybenzone, Coal Tar, Hydroquinone, Triclosan, and Triclocarban. All skincare products are formulated with less than one percent synthetic fragrances.';

  it('never become entries, after the list, glued to it, before it or on its line', () => {
    for (const text of [
      `Ingredients: ${LIST}.\n\n${CLEAN_AT}`,
      `Ingredients: ${LIST}.${CLEAN_AT}`,
      `<p>${LIST} ${CLEAN_AT}</p>`,
      `${CLEAN_AT}\nIngredients: ${LIST}.`,
      `Free of: parabens, sulfates, phthalates, mineral oil.\n${LIST}`,
      `Ingredients: ${LIST}. Formulated without parabens, sulfates, phthalates, mineral oil and retinyl palmitate. Made in USA.`,
      `Ingredients: ${LIST}. No parabens, no sulfates, no mineral oil.`,
      `Ingredients: ${LIST}\nParaben-free | Sulfate-free | Fragrance-free | Cruelty-free | Vegan`,
      `<p><strong>What it's formulated without:</strong></p><ul><li>Parabens</li><li>Mineral Oil</li><li>Oxybenzone</li></ul><p>${LIST}</p>`,
      `Ingredients: ${LIST}. 0% parabens, 0% silicones, 0% mineral oil.`,
      `Ingrédients : ${LIST}. Sans parabènes, sans huile minérale.`,
      `Inhaltsstoffe: ${LIST}. Ohne Parabene, ohne Mineralöl.`,
      `Ingredients: ${LIST}. Does not contain: Parabens, Mineral Oil, Petrolatum.`,
    ]) {
      expect([text, inputs(text)]).toEqual([text, ENTRIES]);
      expect(kinds(text)).toContain('free_of');
    }
  });

  it('keeps the last real ingredient glued to the block and sets the block aside whole', () => {
    const parsed = parseIngredientList(
      `<p>Water, Glycerin, Ethylhexylglycerin <b>Clean at Luma products are formulated without:</b> Parabens, Mineral Oil.</p>`,
    );
    expect(parsed.entries.map((e) => e.input)).toEqual(['Water', 'Glycerin', 'Ethylhexylglycerin']);
    expect(shownSetAside(parsed.setAside)).toEqual([
      { kind: 'free_of', text: 'Clean at Luma products are formulated without: Parabens, Mineral Oil.' },
    ]);
  });

  it('leaves "-free" inside a name in brackets alone', () => {
    expect(matched('Hamamelis Virginiana (Witch Hazel) Water (Alcohol-Free), Glycerin')).toEqual([
      ['Hamamelis Virginiana (Witch Hazel) Water (Alcohol-Free)', 'Hamamelis Virginiana (Witch Hazel) Water'],
      ['Glycerin', 'Glycerin'],
    ]);
  });

  it('sets aside Korean and Japanese "no added" claims', () => {
    expect(inputs('전성분: 정제수, 글리세린\n파라벤, 인공색소, 미네랄오일 무첨가')).toEqual(['정제수', '글리세린']);
    expect(inputs('【5つの無添加】パラベン・鉱物油・合成香料\n成分：水、グリセリン')).toEqual(['水', 'グリセリン']);
  });
});

describe('marketing copy and disclaimers', () => {
  it('drops bullets, key ingredients and copy before the list, keeping the first real entry', () => {
    expect(
      inputs(
        `-Niacinamide: Visibly minimizes pores.\n-Sodium Hyaluronate: Hydrates, plumps, and smooths.\nIngredients: ${LIST}.`,
      ),
    ).toEqual(ENTRIES);
    expect(
      inputs(`• Niacinamide – Hydrates, plumps, and smooths.\n• Glycerin – Supports the barrier.\n${LIST}`),
    ).toEqual(ENTRIES);
    expect(inputs(`Key ingredients: Niacinamide, Zinc PCA.\nFull ingredients: ${LIST}`)).toEqual(ENTRIES);
    expect(inputs(`Visibly smoother skin with Hyaluronic Acid. Ingredients: ${LIST}.`)).toEqual(ENTRIES);
    expect(inputs(`<p>A daily moisturizer.</p><p><b>Ingredients:</b>${LIST}</p>`)).toEqual(ENTRIES);
  });

  it('drops disclaimers after the list and says what they are', () => {
    const text = `${LIST}. Please be aware that ingredient lists may change or vary from time to time. Please refer to the ingredient list on the product package you receive.`;
    expect(inputs(text)).toEqual(ENTRIES);
    expect(kinds(text)).toEqual(['disclaimer']);
    expect(kinds(`Ingredients: ${LIST}.\n*Certified organic`)).toEqual(['footnote']);
    expect(kinds(`Ingrédients : ${LIST}. Fabriqué en France.`)).toEqual(['other']);
  });
});

describe('copy that is neither an ingredient nor a claim of one', () => {
  it('sets aside claims, benefits, directions and product names and keeps qualified names', () => {
    expect(inputs(`Ingredients: ${LIST}. This formula is vegan and cruelty-free. Not tested on animals.`)).toEqual(
      ENTRIES,
    );
    expect(inputs(`${LIST}. Non-comedogenic. Oil-free. Fragrance-free.`)).toEqual(ENTRIES);
    expect(inputs(`Ingredients: ${LIST}\nKey Benefits: Hydrates, smooths, and protects.`)).toEqual(ENTRIES);
    expect(inputs(`Ingredients: ${LIST}. Contains 10% Urea.`)).toEqual(ENTRIES);
    expect(inputs(`Ingredients: ${LIST}. Step 1: cleanse. Step 2: apply serum.`)).toEqual(ENTRIES);
    expect(inputs(`Sulfate-Free Cleanser: ${LIST}`)).toEqual(ENTRIES);
    expect(
      inputs(
        `${LIST}\n\nClean at Luma\nClean at Luma products are formulated without: Sulfates, Parabens, Mineral Oil.`,
      ),
    ).toEqual(ENTRIES);
    expect(matched('Alcohol-free Witch Hazel Extract, Sodium Lauroyl Sarcosinate (sulfate-free surfactant)')).toEqual([
      ['Alcohol-free Witch Hazel Extract', 'Hamamelis Virginiana (Witch Hazel) Extract'],
      ['Sodium Lauroyl Sarcosinate (sulfate-free surfactant)', 'Sodium Lauroyl Sarcosinate'],
    ]);
  });
});

describe('drug facts variants', () => {
  const rows = (text: string) => analyze(text).entries.map((e) => [e.input, e.concentration, e.active]);
  const INACTIVE = [
    ['Water', null, false],
    ['Glycerin', null, false],
  ];

  it('reads Inactive:, Other ingredients: and Ingredients: after the actives', () => {
    for (const heading of [
      'Inactive:',
      'Other ingredients:',
      'Ingredients:',
      'Inactive Ingredients:',
      'INACTIVE INGREDIENTS:',
    ]) {
      expect(rows(`Active Ingredients: Zinc Oxide 20%\n${heading} Water, Glycerin`)).toEqual([
        ['Zinc Oxide', '20%', true],
        ...INACTIVE,
      ]);
    }
    expect(rows('Active: Avobenzone 3%, Homosalate 10%. Inactive: Water, Glycerin.')).toEqual([
      ['Avobenzone', '3%', true],
      ['Homosalate', '10%', true],
      ...INACTIVE,
    ]);
  });

  it('takes the purpose off, glued on or in its own column', () => {
    expect(
      rows(
        'Active Ingredients: Octinoxate 7.5% Sunscreen, Zinc Oxide 5% Sunscreen. Inactive Ingredients: Water, Glycerin.',
      ),
    ).toEqual([['Octinoxate', '7.5%', true], ['Zinc Oxide', '5%', true], ...INACTIVE]);
    expect(
      rows(
        '<table><tr><th>Active Ingredients</th><th>Purpose</th></tr><tr><td>Zinc Oxide 18.6%</td><td>Sunscreen</td></tr><tr><td>Pyrithione Zinc 1%</td><td>Anti-dandruff</td></tr></table><p><b>Inactive Ingredients:</b> Water, Glycerin</p>',
      ),
    ).toEqual([['Zinc Oxide', '18.6%', true], ['Pyrithione Zinc', '1%', true], ...INACTIVE]);
    expect(
      rows(
        'Drug Facts\nActive ingredient\nSalicylic Acid 2% .......... Acne treatment\nUses\n• treats acne\nInactive ingredients: Water, Glycerin',
      ),
    ).toEqual([['Salicylic Acid', '2%', true], ...INACTIVE]);
  });
});

describe('kits and sets', () => {
  const parts = (text: string) => analyze(text).entries.map((e) => [e.part, e.input]);

  it('recognises named parts, steps and names above each list, and keeps an ingredient each part holds', () => {
    const expected = [
      ['Cleanser', 'Water'],
      ['Cleanser', 'Glycerin'],
      ['Cleanser', 'Citric Acid'],
      ['Toner', 'Water'],
      ['Toner', 'Niacinamide'],
      ['Toner', 'Panthenol'],
    ];
    expect(parts('Cleanser: Water, Glycerin, Citric Acid. Toner: Water, Niacinamide, Panthenol.')).toEqual(expected);
    expect(
      parts(
        '<p><b>Cleanser</b><br>Water, Glycerin, Citric Acid</p><p><b>Toner</b><br>Water, Niacinamide, Panthenol</p>',
      ),
    ).toEqual(expected);
    expect(
      parts('Cleanser Ingredients: Water, Glycerin, Citric Acid.\nToner Ingredients: Water, Niacinamide, Panthenol.'),
    ).toEqual(expected);
    expect(
      parts('Step 1: Cleanser - Water, Glycerin, Citric Acid.\nStep 2: Toner - Water, Niacinamide, Panthenol.').map(
        ([p]) => p,
      ),
    ).toEqual([
      'Step 1 Cleanser',
      'Step 1 Cleanser',
      'Step 1 Cleanser',
      'Step 2 Toner',
      'Step 2 Toner',
      'Step 2 Toner',
    ]);
    expect(analyze('Cleanser: Water, Glycerin, Citric Acid. Toner: Water, Niacinamide, Panthenol.').parts).toEqual([
      'Cleanser',
      'Toner',
    ]);
  });

  it('does not take one product with a name above its list for a kit', () => {
    const result = analyze('Gentle Foaming Cleanser\nWater, Glycerin, Citric Acid');
    expect(result.parts).toEqual([]);
    expect(result.entries.map((e) => e.part)).toEqual([null, null, null]);
  });
});

describe('slash and multilingual synonyms', () => {
  it('matches one entry when a part names an ingredient and the others are its translations', () => {
    expect(
      matched(
        "Yeast Extract/Faex/Extrait de Levure, Honey/Mel/Miel, Cera Alba/Beeswax/Cire d'Abeille, Whey Protein/Lactis Protein/Protéine du Petit-Lait",
      ),
    ).toEqual([
      ['Yeast Extract/Faex/Extrait de Levure', 'Yeast Extract'],
      ['Honey/Mel/Miel', 'Honey'],
      ["Cera Alba/Beeswax/Cire d'Abeille", 'Cera Alba'],
      ['Whey Protein/Lactis Protein/Protéine du Petit-Lait', 'Whey Protein'],
    ]);
    expect(matched("Hordeum Vulgare (Barley) Extract/Extrait d'Orge")).toEqual([
      ["Hordeum Vulgare (Barley) Extract/Extrait d'Orge", 'Hordeum Vulgare Extract'],
    ]);
  });

  it('still keeps names built with slashes whole', () => {
    expect(matched('Lauryl/Myristyl Glucoside')).toEqual([['Lauryl/Myristyl Glucoside', null]]);
    expect(matched('Styrene/Acrylates Copolymer')[0][1]).not.toBe('Acrylates Copolymer');
  });
});

describe('scripts other than Latin', () => {
  it('keeps every Korean and Japanese entry, full-width punctuation included', () => {
    expect(inputs('전성분: 정제수, 부틸렌글라이콜, 1,2-헥산다이올, 카프릴릭/카프릭트라이글리세라이드')).toEqual([
      '정제수',
      '부틸렌글라이콜',
      '1,2-헥산다이올',
      '카프릴릭/카프릭트라이글리세라이드',
    ]);
    expect(inputs('【全成分】水、グリセリン、BG、ヒアルロン酸Na')).toEqual([
      '水',
      'グリセリン',
      'BG',
      'ヒアルロン酸Na',
    ]);
    expect(inputs('成分：水，グリセリン・ペンチレングリコール')).toEqual(['水', 'グリセリン', 'ペンチレングリコール']);
  });

  it('matches them by other names in those scripts, and by an INCI name in brackets', () => {
    const small = new IngredientMatcher([
      { id: 'water', name: 'Water', otherNames: ['Aqua', '정제수', '水'] },
      { id: 'glycerin', name: 'Glycerin', otherNames: ['글리세린', 'グリセリン'] },
      { id: 'cct', name: 'Caprylic/Capric Triglyceride', otherNames: ['카프릴릭/카프릭트라이글리세라이드'] },
    ]);
    const ids = (text: string) =>
      analyzeIngredientList(text, small).entries.map((e) => [e.input, e.ingredientId, e.match]);
    expect(ids('전성분: 정제수, 글리세린, 카프릴릭/카프릭 트라이글리세라이드, 나이아신아마이드')).toEqual([
      ['정제수', 'water', 'alias'],
      ['글리세린', 'glycerin', 'alias'],
      ['카프릴릭/카프릭 트라이글리세라이드', 'cct', 'alias'],
      ['나이아신아마이드', null, 'none'],
    ]);
    expect(ids('成分：水、グリセリン')).toEqual([
      ['水', 'water', 'alias'],
      ['グリセリン', 'glycerin', 'alias'],
    ]);
    expect(matched('정제수(Water), 티트리잎오일(Melaleuca Alternifolia (Tea Tree) Leaf Oil)')).toEqual([
      ['정제수(Water)', 'Water'],
      ['티트리잎오일(Melaleuca Alternifolia (Tea Tree) Leaf Oil)', 'Melaleuca Alternifolia (Tea Tree) Leaf Oil'],
    ]);
  });
});

describe('smaller slips', () => {
  it('reads CI numbers inside names', () => {
    expect(
      matched(
        'Titanium Dioxide CI 77891, Red 7 Lake (CI 15850), CI 45410/Red 27 Lake, Iron Oxides CI 77491, Mica CI 77019',
      ),
    ).toEqual([
      ['Titanium Dioxide CI 77891', 'Titanium Dioxide'],
      ['Red 7 Lake (CI 15850)', 'CI 15850'],
      ['CI 45410/Red 27 Lake', 'CI 45410'],
      ['Iron Oxides CI 77491', 'CI 77491'],
      ['Mica CI 77019', 'Mica'],
    ]);
  });

  it('reads Alcohol 40-B without SD', () => {
    for (const name of ['Alcohol 40-B', 'Alcohol 40B', 'Alcohol 40'])
      expect(matched(name)).toEqual([[name, 'Alcohol Denat.']]);
    expect(matched('Alcohol')).toEqual([['Alcohol', 'Alcohol']]);
  });

  it('forgives a letter lost in a long name, never on prose', () => {
    expect(matched('Silica Dimethyl Silyate')).toEqual([['Silica Dimethyl Silyate', 'Silica Dimethyl Silylate']]);
    expect(
      analyze('Water, Glycerin. Formulated without parabens and mineral oil.').entries.map((e) => e.input),
    ).toEqual(['Water', 'Glycerin']);
  });

  it('splits entries separated by full stops, but not abbreviations or numbering', () => {
    expect(inputs('Water. Glycerin. Niacinamide. Alcohol Denat. Zinc PCA.')).toEqual([
      'Water',
      'Glycerin',
      'Niacinamide',
      'Alcohol Denat.',
      'Zinc PCA',
    ]);
    expect(inputs('1. Water\n2. Glycerin\n3. Niacinamide')).toEqual(['Water', 'Glycerin', 'Niacinamide']);
    expect(inputs('Ingredients: Water, Glycerin, Vitamin C. Witch Hazel Extract. Tocopherol.')).toEqual([
      'Water',
      'Glycerin',
      'Vitamin C',
      'Witch Hazel Extract',
      'Tocopherol',
    ]);
  });
});

describe('the retail corpus (data/labels/retail.yaml)', () => {
  const labels = loadRetailCorpus();
  const { byClass } = evaluateRetail(labels, matcher, kb);
  const all = byClass.get('all')!;

  it('has at least 400 labels covering every class', () => {
    expect(labels.length).toBeGreaterThanOrEqual(400);
    for (const cls of [
      'free_of',
      'marketing',
      'disclaimer',
      'drug_facts',
      'kit',
      'slash_synonyms',
      'korean',
      'japanese',
      'ci_numbers',
      'alcohol_40b',
      'typos',
      'period_separated',
      'html',
      'languages',
    ]) {
      expect([cls, (byClass.get(cls)?.labels ?? 0) >= 8]).toEqual([cls, true]);
    }
  });

  it('gains no ingredient from a "free of" block, matches nothing wrongly and loses real entries on under 1% of lists', () => {
    expect(all.listsGaining).toBe(0);
    expect(all.wrong).toBe(0);
    expect(all.proseKept).toBe(0);
    expect(all.listsLosing / all.labels).toBeLessThan(0.01);
    expect(all.activeErrors + all.partErrors + all.setAsideMissed).toBe(0);
  });

  it('recalls 99% of the entries of the Latin-script classes (Korean and Japanese wait for their label names in the base)', () => {
    let inBase = 0;
    let recalled = 0;
    for (const label of labels) {
      if (label.lang === 'ko' || label.lang === 'ja') continue;
      const f = evaluateRetail([label], matcher, kb).byClass.get('all')!;
      inBase += f.inBase;
      recalled += f.recalled;
    }
    expect(recalled / inBase).toBeGreaterThanOrEqual(0.99);
  });
});
