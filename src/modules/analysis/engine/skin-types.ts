// How an analysed list suits each skin type: good / neutral / caution, with the ingredients
// that decide it. Pure. The reasoning is kept as data so it can be read and argued with.

export interface SkinIngredient {
  id: string;
  flags: string[];
  groups: string[];
  effects: string[];
  functions: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
}

interface Criterion {
  /** Why an ingredient counts, shown to the user. */
  reason: string;
  test: (i: SkinIngredient) => boolean;
}

export interface SkinTypeProfile {
  skinType: string;
  label: string;
  good: Criterion[];
  caution: Criterion[];
}

const has = (key: 'flags' | 'groups' | 'effects' | 'functions', ...values: string[]) => (i: SkinIngredient) =>
  i[key].some((v) => values.includes(v));
const comedogenicAtLeast = (n: number) => (i: SkinIngredient) => (i.comedogenic ?? -1) >= n;
const irritancyAtLeast = (n: number) => (i: SkinIngredient) => (i.irritancy ?? -1) >= n;

export const SKIN_TYPES: SkinTypeProfile[] = [
  {
    skinType: 'oily', label: 'Oily skin',
    good: [
      { reason: 'controls oil', test: has('effects', 'oil_controlling', 'pore_minimizing') },
      { reason: 'unclogs pores', test: has('groups', 'bhas', 'niacinamide') },
    ],
    caution: [{ reason: 'rated comedogenic 3 or more', test: comedogenicAtLeast(3) }],
  },
  {
    skinType: 'dry', label: 'Dry skin',
    good: [
      { reason: 'hydrates or moisturises', test: has('effects', 'hydrating', 'moisturizing') },
      { reason: 'repairs the barrier', test: has('effects', 'barrier_repairing') },
    ],
    caution: [
      { reason: 'drying alcohol', test: has('flags', 'drying_alcohol') },
      { reason: 'stripping sulfate surfactant', test: has('flags', 'sulfate') },
    ],
  },
  {
    skinType: 'combination', label: 'Combination skin',
    good: [
      { reason: 'light hydration', test: has('effects', 'hydrating') },
      { reason: 'balances oil', test: has('effects', 'oil_controlling') },
    ],
    caution: [
      { reason: 'rated comedogenic 4 or more', test: comedogenicAtLeast(4) },
      { reason: 'drying alcohol', test: has('flags', 'drying_alcohol') },
    ],
  },
  {
    skinType: 'sensitive', label: 'Sensitive skin',
    good: [{ reason: 'soothes or repairs', test: has('effects', 'soothing', 'barrier_repairing') }],
    caution: [
      { reason: 'fragrance or essential oil', test: has('flags', 'fragrance', 'essential_oil') },
      { reason: 'declarable fragrance allergen', test: has('flags', 'eu_allergen') },
      { reason: 'drying alcohol', test: has('flags', 'drying_alcohol') },
      { reason: 'rated irritating (3 or more)', test: irritancyAtLeast(3) },
    ],
  },
  {
    skinType: 'acne_prone', label: 'Acne-prone skin',
    good: [
      { reason: 'fights acne', test: has('effects', 'acne_fighting') },
      { reason: 'proven acne active', test: has('groups', 'bhas', 'benzoyl_peroxide', 'retinoids', 'niacinamide') },
    ],
    caution: [{ reason: 'rated comedogenic 3 or more', test: comedogenicAtLeast(3) }],
  },
  {
    skinType: 'fungal_acne_prone', label: 'Fungal-acne-prone skin',
    good: [{ reason: 'antifungal or anti-acne', test: has('effects', 'acne_fighting') }],
    caution: [{ reason: 'feeds Malassezia', test: has('flags', 'fungal_acne_trigger') }],
  },
  {
    skinType: 'rosacea_prone', label: 'Rosacea-prone skin',
    good: [{ reason: 'calms redness', test: has('effects', 'soothing') }],
    caution: [
      { reason: 'fragrance or essential oil', test: has('flags', 'fragrance', 'essential_oil') },
      { reason: 'drying alcohol', test: has('flags', 'drying_alcohol') },
      { reason: 'exfoliating acid', test: has('groups', 'ahas', 'bhas') },
      { reason: 'astringent', test: has('functions', 'astringent') },
      { reason: 'rated irritating (3 or more)', test: irritancyAtLeast(3) },
    ],
  },
];

export type SkinVerdict = 'good' | 'neutral' | 'caution';

export interface SkinTypeResult<I> {
  skinType: string;
  label: string;
  verdict: SkinVerdict;
  good: Array<{ ingredient: I; reason: string }>;
  caution: Array<{ ingredient: I; reason: string }>;
}

/** Caution wins over good: one reason to hold back is worth more than a reason to buy. */
export function evaluateSkinTypes<I extends SkinIngredient>(ingredients: I[]): SkinTypeResult<I>[] {
  return SKIN_TYPES.map((profile) => {
    const pick = (criteria: Criterion[]) => ingredients.flatMap((ingredient) => {
      const hit = criteria.find((c) => c.test(ingredient));
      return hit ? [{ ingredient, reason: hit.reason }] : [];
    });
    const good = pick(profile.good);
    const caution = pick(profile.caution);
    const verdict: SkinVerdict = caution.length ? 'caution' : good.length ? 'good' : 'neutral';
    return { skinType: profile.skinType, label: profile.label, verdict, good, caution };
  });
}
