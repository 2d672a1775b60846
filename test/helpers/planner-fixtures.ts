// Plain-data shelves, catalogs and profiles for the planner engine's tests: ingredients as the analysis reads them
// at dose (groups, flags, `significant`), products by family (cleansers, moisturisers, sunscreens, retinoids,
// acids, vitamin C, benzoyl peroxide, azelaic acid, niacinamide, prescription-only creams, scrubs).
import type {
  PlanIngredient,
  PlanProduct,
  PlanProfile,
  PlanRequest,
  PlanShelfItem,
} from '../../src/modules/planner/engine/types.js';

const ing = (alias: string, groups: string[] = [], extra: Partial<PlanIngredient> = {}): PlanIngredient => ({
  id: `ing-${alias}`,
  alias,
  name: alias
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' '),
  groups,
  flags: [],
  effects: [],
  functions: [],
  significant: true,
  ...extra,
});

export const I = {
  water: ing('water', [], { functions: ['solvent'] }),
  glycerin: ing('glycerin', ['humectants'], { functions: ['humectant'], effects: ['hydrating'] }),
  squalane: ing('squalane', [], { functions: ['emollient'], effects: ['moisturizing'] }),
  cetearyl: ing('cetearyl-alcohol', ['fatty_alcohols'], { functions: ['emollient', 'emulsifying'] }),
  ceramide: ing('ceramide-np', ['ceramides'], { effects: ['barrier_repairing'] }),
  cocoGlucoside: ing('coco-glucoside', [], { functions: ['surfactant', 'cleansing'] }),
  sles: ing('sodium-laureth-sulfate', ['sulfates'], { functions: ['surfactant', 'cleansing'], flags: ['sulfate'] }),
  retinol: ing('retinol', ['retinoids'], { effects: ['anti_aging'], flags: ['pregnancy_caution'], significant: false }),
  retinal: ing('retinal', ['retinoids'], { effects: ['anti_aging'], flags: ['pregnancy_caution'], significant: false }),
  retinylPalmitate: ing('retinyl-palmitate', ['retinoids'], { flags: ['pregnancy_caution'], significant: false }),
  adapalene: ing('adapalene', ['retinoids'], {
    effects: ['acne_fighting'],
    flags: ['pregnancy_caution'],
    significant: false,
  }),
  tretinoin: ing('tretinoin', ['retinoids'], {
    effects: ['acne_fighting'],
    flags: ['pregnancy_caution'],
    significant: false,
  }),
  salicylic2: ing('salicylic-acid', ['bhas'], {
    functions: ['exfoliating'],
    effects: ['exfoliating'],
    band: 'above_1_percent',
  }),
  salicylicPeel: ing('salicylic-acid', ['bhas'], {
    functions: ['exfoliating'],
    effects: ['exfoliating'],
    band: 'above_1_percent',
    flags: ['pregnancy_caution'],
  }),
  glycolic: ing('glycolic-acid', ['ahas'], {
    functions: ['exfoliating'],
    effects: ['exfoliating'],
    band: 'above_1_percent',
  }),
  lactic: ing('lactic-acid', ['ahas'], {
    functions: ['exfoliating'],
    effects: ['exfoliating'],
    band: 'above_1_percent',
  }),
  ascorbic: ing('ascorbic-acid', ['vitamin_c', 'antioxidants'], { effects: ['antioxidant', 'brightening'] }),
  sap: ing('sodium-ascorbyl-phosphate', ['vitamin_c'], { effects: ['brightening'] }),
  niacinamide: ing('niacinamide', ['niacinamide'], { effects: ['brightening'] }),
  azelaic: ing('azelaic-acid', [], { effects: ['brightening', 'acne_fighting'] }),
  bpo: ing('benzoyl-peroxide', ['benzoyl_peroxide'], { effects: ['acne_fighting'] }),
  copper: ing('copper-tripeptide-1', ['peptides', 'copper_peptides'], { effects: ['anti_aging'] }),
  hydroquinone: ing('hydroquinone', [], { flags: ['pregnancy_caution'], effects: ['brightening'] }),
  zinc: ing('zinc-oxide', ['mineral_uv_filters'], { effects: ['uv_protecting'], functions: ['uv_filter'] }),
  avobenzone: ing('butyl-methoxydibenzoylmethane', ['chemical_uv_filters'], {
    effects: ['uv_protecting'],
    functions: ['uv_filter'],
  }),
  parfum: ing('parfum', [], { flags: ['fragrance'] }),
  linalool: ing('linalool', ['eu_allergens'], { flags: ['fragrance', 'eu_allergen'] }),
  walnut: ing('juglans-regia-shell-powder', [], { functions: ['abrasive'] }),
  phenoxyethanol: ing('phenoxyethanol', [], { functions: ['preservative'] }),
};

export interface ProductSpec {
  id: string;
  name?: string;
  brand?: string | null;
  stepType?: string | null;
  use?: 'leave_on' | 'rinse_off';
  ingredients: PlanIngredient[];
  spf?: number | null;
  size?: number | null;
  price?: number | null;
  currency?: string;
  live?: boolean;
  unread?: number;
  outside?: string[];
  unordered?: boolean;
}

export function product(s: ProductSpec): PlanProduct {
  return {
    id: s.id,
    name: s.name ?? s.id,
    brand: s.brand === undefined ? 'Brand' : s.brand,
    stepType: s.stepType === undefined ? null : s.stepType,
    use: s.use ?? 'leave_on',
    ingredients: s.ingredients,
    spf: s.spf ?? null,
    size: s.size === undefined ? 50 : s.size,
    reading: { unreadEntries: s.unread ?? 0, activesOutsideList: s.outside ?? [], unordered: s.unordered ?? false },
    offers:
      s.price === null
        ? []
        : [
            {
              retailer: 'Shop',
              url: `https://shop.example/${s.id}`,
              price: s.price ?? 10,
              currency: s.currency ?? 'EUR',
              live: s.live ?? true,
            },
          ],
  };
}

const { water, glycerin, squalane, cetearyl, ceramide, cocoGlucoside, sles, phenoxyethanol } = I;
/** Product families: a name → the ingredients that make it that kind of product. */
export const FAMILIES: Record<string, Omit<ProductSpec, 'id'>> = {
  gentleCleanser: {
    stepType: 'cleanse',
    use: 'rinse_off',
    ingredients: [water, cocoGlucoside, glycerin, phenoxyethanol],
  },
  foamingCleanser: { stepType: 'cleanse', use: 'rinse_off', ingredients: [water, sles, glycerin, I.parfum] },
  bhaCleanser: { stepType: 'cleanse', use: 'rinse_off', ingredients: [water, cocoGlucoside, I.salicylic2, glycerin] },
  bpoWash: { stepType: 'cleanse', use: 'rinse_off', ingredients: [water, I.bpo, cocoGlucoside, glycerin] },
  scrub: { stepType: 'cleanse', use: 'rinse_off', ingredients: [water, I.walnut, cocoGlucoside, glycerin] },
  moisturiser: { stepType: 'moisturise', ingredients: [water, glycerin, squalane, cetearyl, ceramide, phenoxyethanol] },
  fragrancedCream: { stepType: 'moisturise', ingredients: [water, glycerin, squalane, cetearyl, I.parfum, I.linalool] },
  niacinamideCream: { stepType: 'moisturise', ingredients: [water, I.niacinamide, glycerin, squalane, cetearyl] },
  traceRetinylCream: {
    stepType: 'moisturise',
    ingredients: [water, glycerin, squalane, cetearyl, ceramide, phenoxyethanol, I.parfum, I.retinylPalmitate],
  },
  retinolCream: {
    stepType: 'moisturise',
    ingredients: [water, glycerin, squalane, cetearyl, I.retinol, phenoxyethanol],
  },
  sunscreen50: { stepType: 'protect', ingredients: [water, I.zinc, glycerin, squalane], spf: 50 },
  chemicalSunscreen30: { stepType: 'protect', ingredients: [water, I.avobenzone, glycerin, I.parfum], spf: 30 },
  spfMoisturiser: { stepType: 'moisturise', ingredients: [water, I.zinc, glycerin, squalane, cetearyl], spf: 30 },
  spf15: { stepType: 'protect', ingredients: [water, I.zinc, glycerin], spf: 15 },
  noSpfNumber: { stepType: 'protect', ingredients: [water, I.avobenzone, glycerin], spf: null },
  retinolSerum: { stepType: 'treat', ingredients: [water, glycerin, squalane, I.retinol, phenoxyethanol] },
  retinalSerum: { stepType: 'treat', ingredients: [water, glycerin, I.retinal, squalane] },
  adapaleneGel: { stepType: 'treat', ingredients: [water, I.adapalene, glycerin] },
  tretinoinCream: { stepType: 'treat', ingredients: [water, I.tretinoin, squalane, cetearyl] },
  bhaToner: { stepType: 'tone', ingredients: [water, I.salicylic2, glycerin, phenoxyethanol] },
  bhaPeel: { stepType: 'exfoliate', ingredients: [water, I.salicylicPeel, glycerin] },
  glycolicToner: { stepType: 'tone', ingredients: [water, I.glycolic, glycerin, phenoxyethanol] },
  lacticSerum: { stepType: 'exfoliate', ingredients: [water, I.lactic, glycerin] },
  vitaminCSerum: { stepType: 'treat', ingredients: [water, I.ascorbic, glycerin, phenoxyethanol] },
  sapSerum: { stepType: 'treat', ingredients: [water, I.sap, glycerin] },
  niacinamideSerum: { stepType: 'treat', ingredients: [water, I.niacinamide, glycerin] },
  azelaicCream: { stepType: 'treat', ingredients: [water, I.azelaic, glycerin, squalane] },
  bpoGel: { stepType: 'treat', ingredients: [water, I.bpo, glycerin] },
  copperSerum: { stepType: 'treat', ingredients: [water, I.copper, glycerin] },
  hydroquinoneCream: { stepType: 'treat', ingredients: [water, I.hydroquinone, glycerin, squalane] },
  hydratingSerum: { stepType: 'treat', ingredients: [water, glycerin, I.ceramide] },
  unreadSerum: { stepType: 'treat', ingredients: [water, glycerin, I.niacinamide], unread: 2 },
  drugFactsCream: {
    stepType: 'treat',
    ingredients: [glycerin, squalane, water],
    unordered: true,
    outside: ['colloidal oatmeal 1%'],
  },
  mask: { stepType: 'mask', ingredients: [water, glycerin, squalane] },
};

export const shelfItem = (p: PlanProduct, extra: Partial<PlanShelfItem> = {}): PlanShelfItem => ({
  itemId: `item-${p.id}`,
  product: p,
  status: 'in_use',
  tolerated: false,
  inCurrentRoutine: false,
  expired: false,
  ...extra,
});

export const baseProfile = (extra: Partial<PlanProfile> = {}): PlanProfile => ({
  age: 30,
  skinType: 'normal',
  concerns: [],
  pregnancy: 'no',
  taking: [],
  climate: 'temperate',
  experience: 'intermediate',
  negativeIngredientIds: [],
  suspectIngredientIds: [],
  sensitivityIngredientIds: [],
  ...extra,
});

/** The shipped ECB reference rates of 4 January 2024 (data/fx), the three the tests price in. */
export const RATES = { date: '2024-01-04', rates: { EUR: 1, USD: 1.0944, GBP: 0.86518 } };

export const request = (extra: Partial<PlanRequest> = {}): PlanRequest => ({
  shelf: [],
  catalog: [],
  profile: baseProfile(),
  goals: [],
  steps: { morningMax: 3, eveningMax: 4 },
  budget: { amount: 40, currency: 'EUR', period: 'once' },
  buy: 'within_budget',
  startOn: '2026-12-07',
  horizonWeeks: 8,
  prescribed: [],
  excludeProducts: [],
  excludeBrands: [],
  rates: RATES,
  ...extra,
});

/** A catalog of every family at a few prices and currencies, with and without sizes and live offers. */
export function standardCatalog(): PlanProduct[] {
  const out: PlanProduct[] = [];
  const prices: Array<[number, string, number | null, boolean]> = [
    [6.5, 'EUR', 150, true],
    [11.9, 'EUR', 50, true],
    [14, 'USD', 30, true],
    [9, 'GBP', null, true],
    [4, 'EUR', 100, false],
  ];
  for (const [family, spec] of Object.entries(FAMILIES))
    prices.forEach(([price, currency, size, live], k) => {
      out.push(
        product({
          ...spec,
          id: `cat-${family}-${k}`,
          name: `${family} ${k}`,
          brand: `Brand${k}`,
          price,
          currency,
          size,
          live,
        }),
      );
    });
  return out;
}
