// Rinse-off or leave-on, read from a label as the analysis reads it (parse, match, read the list).
//
// How the lists below were chosen: one or more per formulation family, written from how labels of that family
// are built (what forms the base, which washing agent or emulsifier sits where, what thickens it), not copied
// from the catalog lists the product-type check counts, and including the families' neighbours that must NOT
// move (a cream neutralising stearic acid, a serum with polysorbate 20, a sunscreen with a glutamate emulsifier,
// a face oil, a water-in-oil cream). The demo catalog's glycerin hand cream is here as printed.
import { describe, expect, it } from '@jest/globals';
import { analyzeIngredientList } from '../src/modules/analysis/engine/analyze.js';
import { IngredientMatcher } from '../src/modules/analysis/engine/match.js';
import { type ListProductType, inferProductType } from '../src/modules/analysis/engine/product-type.js';
import { productTypeOfWords } from '../src/modules/analysis/engine/product-type-words.js';
import { readList } from '../src/modules/analysis/engine/read-list.js';
import { productTypeOfCategory } from '../src/modules/analysis/list-reading.js';
import { loadRegulation } from '../src/modules/analysis/regulation-data.js';
import { slugify } from '../src/modules/shared/ids.js';
import { ingredientRow, loadIngredientRecords } from '../src/seeders/knowledge-base.js';

const rows = loadIngredientRecords().map((r) => ({ ...ingredientRow(r), id: r.alias ?? slugify(r.inci) }));
const byId = new Map(rows.map((r) => [r.id, r]));
const matcher = new IngredientMatcher(rows);
const regulation = loadRegulation();

const read = (text: string) => {
  const analysis = analyzeIngredientList(text, matcher);
  return readList(
    analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
    regulation,
  );
};
const typeOf = (text: string): ListProductType => read(text).productType;

/** A family's list: the entries that make it what it is, then the minor ones (below 1 %) in any order. */
interface Family {
  family: string;
  base: string[];
  tail: string[];
  type: ListProductType;
}

const TAIL = ['Phenoxyethanol', 'Citric Acid', 'Disodium EDTA', 'Tocopherol', 'Parfum'];
const FAMILIES: Family[] = [
  // Washing agents forming the base.
  {
    family: 'sulfate shampoo',
    base: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'Glycol Distearate'],
    tail: TAIL,
    type: 'rinse_off',
  },
  {
    family: 'amino-acid gel cleanser',
    base: ['Aqua', 'Glycerin', 'Sodium Cocoyl Glycinate', 'Coco-Betaine', 'Acrylates Copolymer'],
    tail: TAIL,
    type: 'rinse_off',
  },
  {
    family: 'body wash with emulsifiers and oils',
    base: ['Aqua', 'Sodium Laureth Sulfate', 'Glycerin', 'Cocamidopropyl Betaine', 'PEG-7 Glyceryl Cocoate'],
    tail: ['Polysorbate 20', 'Glyceryl Stearate', ...TAIL],
    type: 'rinse_off',
  },
  {
    family: 'syndet bar',
    base: ['Sodium Cocoyl Isethionate', 'Stearic Acid', 'Sodium Tallowate', 'Aqua', 'Sodium Isethionate'],
    tail: ['Sodium Stearate', 'Sodium Chloride', 'Titanium Dioxide', 'Parfum'],
    type: 'rinse_off',
  },
  {
    family: 'soap bar',
    base: ['Sodium Palmate', 'Sodium Palm Kernelate', 'Aqua', 'Glycerin', 'Sodium Chloride'],
    tail: ['Tetrasodium EDTA', 'Parfum', 'Titanium Dioxide'],
    type: 'rinse_off',
  },
  {
    family: 'cleansing foam neutralised in the tube',
    base: ['Aqua', 'Glycerin', 'Myristic Acid', 'Stearic Acid', 'Potassium Hydroxide', 'Lauric Acid'],
    tail: ['Glyceryl Stearate', 'Disodium EDTA', 'Parfum'],
    type: 'rinse_off',
  },
  // Oil bases that rinse off as a milk.
  {
    family: 'cleansing oil',
    base: ['Helianthus Annuus (Sunflower) Seed Oil', 'Caprylic/Capric Triglyceride', 'Polyglyceryl-4 Oleate'],
    tail: ['Tocopherol', 'Parfum', 'Rosmarinus Officinalis (Rosemary) Leaf Extract'],
    type: 'rinse_off',
  },
  {
    family: 'mineral-oil cleansing oil',
    base: ['Paraffinum Liquidum', 'Isopropyl Myristate', 'Sorbeth-30 Tetraoleate', 'PEG-8 Glyceryl Isostearate'],
    tail: ['Tocopherol', 'Parfum', 'Phenoxyethanol'],
    type: 'rinse_off',
  },
  {
    family: 'cleansing balm',
    base: ['Ethylhexyl Palmitate', 'Polyethylene', 'PEG-20 Glyceryl Triisostearate', 'Caprylic/Capric Triglyceride'],
    tail: ['Tocopherol', 'Parfum', 'Butylene Glycol'],
    type: 'rinse_off',
  },
  // Masks and scrubs that come off.
  {
    family: 'clay mask',
    base: ['Aqua', 'Kaolin', 'Bentonite', 'Glycerin', 'Propanediol'],
    tail: TAIL,
    type: 'rinse_off',
  },
  {
    family: 'sugar scrub',
    base: ['Sucrose', 'Prunus Amygdalus Dulcis (Sweet Almond) Oil', 'Butyrospermum Parkii (Shea) Butter'],
    tail: ['Tocopherol', 'Parfum'],
    type: 'rinse_off',
  },
  {
    family: 'peel-off mask',
    base: ['Aqua', 'Polyvinyl Alcohol', 'Alcohol Denat.', 'Glycerin', 'Propylene Glycol'],
    tail: TAIL,
    type: 'rinse_off',
  },
  {
    family: 'enzyme mask',
    base: ['Aqua', 'Glycerin', 'Papain', 'Xanthan Gum', 'Lactic Acid'],
    tail: TAIL,
    type: 'rinse_off',
  },
  // Left on: emulsifiers and solubilisers are not washing agents.
  {
    family: 'glycerin hand cream (the demo catalog)',
    base: ['Water', 'Glycerin', 'Stearic Acid', 'Paraffin', 'Cetyl Alcohol', 'Dimethicone', 'Allantoin'],
    tail: ['Potassium Hydroxide', 'Methylparaben', 'Propylparaben'],
    type: 'leave_on',
  },
  {
    family: 'cream neutralising stearic acid',
    base: ['Aqua', 'Glycerin', 'Stearic Acid', 'Potassium Hydroxide', 'Glyceryl Stearate', 'PEG-100 Stearate'],
    tail: ['Potassium Cetyl Phosphate', ...TAIL],
    type: 'leave_on',
  },
  {
    family: 'serum with a solubiliser',
    base: ['Aqua', 'Glycerin', 'Niacinamide', 'Polysorbate 20', 'Sodium Hyaluronate'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'toner with a scent solubiliser',
    base: ['Aqua', 'Butylene Glycol', 'PEG-40 Hydrogenated Castor Oil', 'Panthenol'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'micellar water (solubiliser first)',
    base: ['Aqua', 'Poloxamer 184', 'Hexylene Glycol', 'Glycerin', 'Disodium Cocoamphodiacetate'],
    tail: ['Disodium EDTA', 'Polyaminopropyl Biguanide', 'Citric Acid'],
    type: 'leave_on',
  },
  {
    family: 'micellar water (no washing agent)',
    base: ['Aqua', 'PEG-6 Caprylic/Capric Glycerides', 'Glycerin', 'Propylene Glycol'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'bi-phase make-up remover',
    base: ['Isohexadecane', 'Aqua', 'Isopropyl Palmitate', 'Sodium Chloride', 'Hexylene Glycol'],
    tail: ['Potassium Phosphate', 'Phenoxyethanol', 'Parfum'],
    type: 'leave_on',
  },
  {
    family: 'sunscreen with a glutamate emulsifier',
    base: ['Aqua', 'Homosalate', 'Sodium Stearoyl Glutamate', 'Octocrylene', 'Glycerin'],
    tail: ['Potassium Cetyl Phosphate', ...TAIL],
    type: 'leave_on',
  },
  {
    family: 'sleeping mask (gel-cream)',
    base: ['Aqua', 'Butylene Glycol', 'Glycerin', 'Squalane', 'Carbomer', 'Cetearyl Alcohol'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'face oil',
    base: ['Squalane', 'Rosa Canina Fruit Oil', 'Simmondsia Chinensis (Jojoba) Seed Oil'],
    tail: ['Tocopherol', 'Parfum'],
    type: 'leave_on',
  },
  {
    family: 'water-in-oil cream',
    base: ['Aqua', 'Paraffinum Liquidum', 'Polyglyceryl-4 Isostearate', 'Glycerin', 'Magnesium Sulfate'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'dry shampoo (propellants, no oil base)',
    base: ['Butane', 'Isobutane', 'Propane', 'Alcohol Denat.', 'Oryza Sativa (Rice) Starch', 'Polyglyceryl-10 Laurate'],
    tail: ['Parfum', 'Limonene'],
    type: 'leave_on',
  },
  {
    family: 'zinc drying lotion',
    base: ['Calamine', 'Isopropyl Alcohol', 'Sulfur', 'Zinc Oxide', 'Glycerin'],
    tail: ['Camphor', 'Phenoxyethanol'],
    type: 'leave_on',
  },
  {
    family: 'cream emulsified with cetearyl alcohol and coco-glucoside',
    base: ['Aqua', 'Glycerin', 'Caprylic/Capric Triglyceride', 'Cetearyl Alcohol', 'Coco-Glucoside', 'Squalane'],
    tail: TAIL,
    type: 'leave_on',
  },
  {
    family: 'bath salts',
    base: ['Magnesium Sulfate', 'Sodium Chloride', 'Lavandula Angustifolia (Lavender) Oil'],
    tail: ['Linalool', 'Limonene'],
    type: 'rinse_off',
  },
  {
    family: 'bath fizzer',
    base: ['Sodium Bicarbonate', 'Citric Acid', 'Cocos Nucifera (Coconut) Oil', 'Zea Mays (Corn) Starch'],
    tail: ['Parfum', 'Limonene'],
    type: 'rinse_off',
  },
  // The list cannot tell: both readings.
  {
    family: 'conditioner base (rinse-off conditioner or leave-in)',
    base: ['Aqua', 'Cetearyl Alcohol', 'Behentrimonium Chloride', 'Amodimethicone', 'Glycerin'],
    tail: TAIL,
    type: 'unknown',
  },
  {
    family: 'sulfur and clay (mask or spot paste)',
    base: ['Sulfur', 'Aqua', 'Kaolin', 'Bentonite', 'Glycerin'],
    tail: TAIL,
    type: 'unknown',
  },
  {
    family: 'cold cream (cleanser or barrier cream)',
    base: ['Paraffinum Liquidum', 'Aqua', 'Cera Alba', 'Paraffin', 'Sodium Borate'],
    tail: ['Parfum', 'Methylparaben', 'Propylparaben'],
    type: 'unknown',
  },
  {
    family: 'unthickened water with a glucoside before its solubiliser',
    base: ['Aqua', 'Glycerin', 'Coco-Glucoside', 'Polyglyceryl-4 Caprate', 'Aloe Barbadensis Leaf Juice'],
    tail: TAIL,
    type: 'unknown',
  },
  {
    family: 'oil base with a low-HLB dispersant (cleansing balm or lip balm)',
    base: ['Ricinus Communis (Castor) Seed Oil', 'Polyglyceryl-3 Diisostearate', 'Cera Alba', 'Shea Butter'],
    tail: ['Tocopherol', 'Parfum'],
    type: 'unknown',
  },
];

/** A seeded generator, so a failing variant can be found again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(next: () => number, items: readonly T[]) => items[Math.floor(next() * items.length)];
function shuffled<T>(next: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** How one list is printed: case, water's spelling, separators, a trailing period, a "may contain" block. */
function presented(f: Family, next: () => number): string {
  const water = pick(next, ['Aqua', 'Water', 'Aqua (Water)', 'Water (Aqua)', 'Eau', 'Aqua/Water/Eau']);
  const names = [...f.base, ...shuffled(next, f.tail)].map((n) => (/^(?:aqua|water)$/i.test(n) ? water : n));
  const cased = names.map((n) => pick(next, [n, n.toUpperCase(), n.toLowerCase()]));
  let text = cased.join(pick(next, [', ', '; ', ',']));
  if (next() < 0.5) text += '.';
  if (next() < 0.5)
    text += pick(next, ['\nMay contain: CI 77891, CI 77491, Mica', ' [+/- Titanium Dioxide, Mica, CI 77491]']);
  return text;
}

describe('product type of a list, by family', () => {
  it.each(FAMILIES.map((f) => [f.family, f] as const))('%s', (_, f) => {
    const text = [...f.base, ...f.tail].join(', ');
    const reading = read(text);
    expect([f.family, reading.productType]).toEqual([f.family, f.type]);
    // A list that cannot tell says why, with both readings.
    if (f.type === 'unknown') expect(reading.productTypeBasis).toMatch(/rinsed off.*left on|left on.*rinsed off/);
  });

  it('every name of these lists is known, so the test reads the rules and not the matcher', () => {
    const unknownNames = FAMILIES.flatMap((f) =>
      analyzeIngredientList([...f.base, ...f.tail].join(', '), matcher)
        .entries.filter((e) => !e.ingredientId)
        .map((e) => `${f.family}: ${e.input}`),
    );
    expect(unknownNames).toEqual([]);
  });

  it('does not change with how the list is printed', () => {
    for (const [n, f] of FAMILIES.entries()) {
      const next = random(1000 + n);
      for (let round = 0; round < 12; round++) {
        const text = presented(f, next);
        expect([f.family, text, typeOf(text)]).toEqual([f.family, text, f.type]);
      }
    }
  });
});

describe('product type from words: headings, names and categories', () => {
  const cases: Array<[string, ListProductType]> = [
    ['Gentle Foaming Cleanser', 'rinse_off'],
    ['Cream Cleanser', 'rinse_off'],
    ['Moisturizing Cream Cleanser', 'rinse_off'],
    ['Cleansing Milk', 'rinse_off'],
    ['Cleansing Balm', 'rinse_off'],
    ['Lait Démaquillant', 'rinse_off'],
    ['Huile démaquillante', 'rinse_off'],
    ['Gel nettoyant purifiant', 'rinse_off'],
    ['Gel douche hydratant', 'rinse_off'],
    ['Reinigungsmilch', 'rinse_off'],
    ['Duschgel', 'rinse_off'],
    ['Limpiador facial', 'rinse_off'],
    ['Latte struccante', 'rinse_off'],
    ['Facewash', 'rinse_off'],
    ['Wash-off Mask', 'rinse_off'],
    ['Peel-Off Mask', 'rinse_off'],
    ['Clay Mask', 'rinse_off'],
    ['Scrubs', 'rinse_off'],
    ['Oat & Rice Gentle Polish', 'rinse_off'],
    ['클렌징 폼', 'rinse_off'],
    ['Micellar Water', 'leave_on'],
    ['Micellar Cleansing Water', 'leave_on'],
    ['Eau micellaire', 'leave_on'],
    ['Eau démaquillante', 'leave_on'],
    ['Mizellenwasser', 'leave_on'],
    ['Agua micelar', 'leave_on'],
    ['Sleeping Pack', 'leave_on'],
    ['Overnight Mask', 'leave_on'],
    ['Sheet Mask', 'leave_on'],
    ['Night Cream', 'leave_on'],
    ['Crème hydratante', 'leave_on'],
    ['Sunscreen SPF 50', 'leave_on'],
    ['Hydrating Toner', 'leave_on'],
    ['Leave-in Conditioner', 'leave_on'],
    ['Nail Polish', 'leave_on'],
    ['Sulfur Spot Paste', 'leave_on'],
    // Nothing said: a mask's texture, a bare remover, a 2-in-1 used both ways.
    ['Rose Cream Mask', 'unknown'],
    ['Hydrating Mask', 'unknown'],
    ['Démaquillant', 'unknown'],
    ['Makeup Remover', 'unknown'],
    ['2-in-1 Cleanser & Toner', 'unknown'],
    ['', 'unknown'],
  ];
  it.each(cases)('%s → %s', (words, type) => {
    expect(productTypeOfWords(words)).toBe(type);
  });

  it('does not change with case, accents or hyphens', () => {
    for (const [words, type] of cases) {
      const variants = [
        words.toUpperCase(),
        words.toLowerCase(),
        words.normalize('NFD').replace(/\p{M}/gu, ''),
        words.replace(/-/g, ' '),
      ];
      for (const v of variants) expect([v, productTypeOfWords(v)]).toEqual([v, type]);
    }
  });

  it('a heading wins over the list; a list alone decides when the heading says nothing', () => {
    const milk = ['Aqua', 'Caprylic/Capric Triglyceride', 'Glycerin', 'Cetearyl Alcohol', 'Glyceryl Stearate'].map(
      (name) => ({ name }),
    );
    expect(inferProductType(milk).productType).toBe('leave_on');
    expect(inferProductType(milk, 'Soothing Cleansing Milk').productType).toBe('rinse_off');
    expect(inferProductType(milk, 'Hydrating Mask').productType).toBe('leave_on');
    const wash = ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine'].map((name) => ({ name }));
    expect(inferProductType(wash, 'Night Cream').productType).toBe('leave_on');
  });

  it("a category's name before its routine step: micellar waters stay on, cleansers of any texture rinse off", () => {
    expect(productTypeOfCategory({ name: 'Micellar water', stepType: 'cleanse' })).toBe('leave_on');
    expect(productTypeOfCategory({ name: 'Cleansing milks', stepType: 'cleanse' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Sleeping masks', stepType: 'mask' })).toBe('leave_on');
    expect(productTypeOfCategory({ name: 'Masques à rincer', stepType: 'mask' })).toBe('rinse_off');
    expect(productTypeOfCategory({ name: 'Masks', stepType: 'mask' })).toBe('leave_on');
    expect(productTypeOfCategory({ name: 'Makeup removers', stepType: 'cleanse' })).toBe('rinse_off');
  });
});

describe('product type of each part of a kit', () => {
  it("reads each part's name as its heading, and its list when the name says nothing", () => {
    const emulsion =
      'Water, Caprylic/Capric Triglyceride, Glycerin, Cetearyl Alcohol, Glyceryl Stearate, Phenoxyethanol';
    const kit = read(
      `1. Cleansing Milk: ${emulsion}\n2. Night Cream: ${emulsion}\n3. Step Three: Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin`,
    );
    expect(kit.parts.map((p) => [p.part, p.productType])).toEqual([
      ['Cleansing Milk', 'rinse_off'],
      ['Night Cream', 'leave_on'],
      ['Step Three', 'rinse_off'],
    ]);
  });
});

describe("a pasted label's name line is read as its heading", () => {
  // How these were chosen: a label copied whole (or a shop page) puts the brand, the name, a size, claims and copy
  // above the list, in any case, with or without an "Ingredients:" heading, with bullets, in drug facts. Each
  // presentation below holds the same name; the list is a cleansing milk, which its ingredients alone read as
  // leave-on (nothing in it washes), so only the name can say it rinses off.
  const MILK = 'Aqua, Caprylic/Capric Triglyceride, Glycerin, Cetearyl Alcohol, Glyceryl Stearate, Phenoxyethanol';
  const readPasted = (text: string) => {
    const analysis = analyzeIngredientList(text, matcher);
    return {
      nameLine: analysis.nameLine,
      reading: readList(
        analysis.entries.map((e) => ({ ...e, ingredient: e.ingredientId ? byId.get(e.ingredientId)! : null })),
        regulation,
        null,
        [],
        null,
        analysis.nameLine,
      ),
    };
  };

  it('in every presentation of the same label', () => {
    expect(typeOf(MILK)).toBe('leave_on');
    const names = ['Gentle Milk Cleanser 200 ml', 'GENTLE MILK CLEANSER', '• Gentle Milk Cleanser, 6.7 fl oz'];
    const around = [
      (name: string) => `${name}\nIngredients: ${MILK}`,
      (name: string) => `LUMA SKIN\n${name}\nIngredients: ${MILK}`,
      (name: string) => `${name}\nA soft milk that melts away make-up and the day.\n\nINGREDIENTS\n${MILK}`,
      (name: string) => `${name}\n${MILK}`,
      (name: string) => `${name}\r\n\r\nIngrédients : ${MILK}\r\n`,
      (name: string) => `<h1>${name}</h1><p><b>Ingredients:</b> ${MILK}</p>`,
    ];
    for (const name of names)
      for (const shape of around) {
        const text = shape(name);
        const { nameLine, reading } = readPasted(text);
        expect([text, reading.productType, nameLine?.replace(/^•\s*/, '')]).toEqual([
          text,
          'rinse_off',
          name.replace(/^•\s*/, ''),
        ]);
        expect(reading.productTypeBasis.toLowerCase()).toContain('from its name ("gentle milk cleanser');
      }
  });

  it('a leave-on name keeps a serum with a solubiliser and a mild washing agent leave-on', () => {
    const serum = 'Aqua, Polysorbate 20, Coco-Glucoside, Glycerin, Retinol 0.25%, Phenoxyethanol';
    expect(readPasted(`Retinol 0.25% Night Serum\nIngredients: ${serum}`).reading.productType).toBe('leave_on');
  });

  it('directions, sentences, claims and names that say two things are not names', () => {
    for (const above of [
      'Apply after cleansing',
      'Use with our Night Cream',
      'A cleanser for every skin.',
      'Benefits: a cleanser that leaves skin soft',
      'Cleanser & Toner 2-in-1',
      'Gentle Cleanser\nNight Cream',
      'Skin loves it!',
    ]) {
      const { nameLine, reading } = readPasted(`${above}\nIngredients: ${MILK}`);
      expect([above, nameLine, reading.productType]).toEqual([above, null, 'leave_on']);
    }
  });

  it('a name that says nothing of the use leaves the list to decide', () => {
    const { nameLine, reading } = readPasted(
      `Niacinamide 10% + Zinc 1%\nIngredients: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin`,
    );
    expect(nameLine).toBeNull();
    expect(reading.productType).toBe('rinse_off');
  });

  it("a kit's line above its parts names the set, not a part", () => {
    const kit = `Travel Cleanser Set\n1. Night Cream: ${MILK}\n2. Foaming Wash: Water, Sodium Laureth Sulfate, Cocamidopropyl Betaine`;
    const { nameLine, reading } = readPasted(kit);
    expect(nameLine).toBeNull();
    expect(reading.parts.map((p) => p.productType)).toEqual(['leave_on', 'rinse_off']);
  });
});
