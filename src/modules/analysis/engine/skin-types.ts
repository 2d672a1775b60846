// How an analysed list suits each skin type: good / neutral / caution, with the ingredients
// that decide it. Pure. The reasoning is kept as data so it can be read and argued with.
// Ingredients may carry their dose (engine/dose.ts): then the comedogenic and drying-alcohol
// cautions count only what sits high enough in the list to matter, and strong actives (benzoyl
// peroxide, retinoids, exfoliating acids, a lot of alcohol) weigh on dry, sensitive and rosacea-prone
// skin by their amount. Without a dose every ingredient counts, as before.
import type { Dose } from './dose.js';

export interface SkinIngredient {
  id: string;
  flags: string[];
  groups: string[];
  effects: string[];
  functions: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
  name?: string;
  dose?: Dose;
}

interface Criterion {
  /** Why an ingredient counts, shown to the user. */
  reason: string | ((i: SkinIngredient) => string);
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
/** Counts at its dose: no dose known, or enough of it to matter (see Dose.significant). */
const weighs = (i: SkinIngredient): boolean => !i.dose || i.dose.significant;
/** Stays on the skin: no dose known, or a leave-on product. */
const leftOn = (i: SkinIngredient): boolean => !i.dose || !i.dose.rinseOff;
// Comedogenicity was measured on ingredients left on the skin (rabbit ear, Fulton 1989): it says
// nothing of a cleanser rinsed off after a minute.
const comedogenicAtLeast = (n: number) => (i: SkinIngredient) => (i.comedogenic ?? -1) >= n && weighs(i) && leftOn(i);
const irritancyAtLeast = (n: number) => (i: SkinIngredient) => (i.irritancy ?? -1) >= n;
const dryingAlcohol = (i: SkinIngredient) => i.flags.includes('drying_alcohol') && weighs(i);
const amount = (i: SkinIngredient): string => {
  if (!i.dose) return '';
  if (i.dose.printed) return ` (${i.dose.max}%, printed)`;
  return i.dose.max <= 1 ? ` (at most ${i.dose.max}%)` : ` (up to ${i.dose.max}% by its place in the list)`;
};
const COMEDOGENIC_REASON = (n: number) => (i: SkinIngredient) => `rated comedogenic ${i.comedogenic ?? n} (${n} or more)${i.dose ? ', high enough in the list to count' : ''}`;

// Strong actives. Benzoyl peroxide: dose-related dryness, peeling and stinging; 2.5 % works about as
// well as 5 or 10 % with less irritation (Mills OH et al., Int J Dermatol 25(10):664-667, 1986).
// In a wash it is rinsed off after a minute: only a strong one (5 % or more) weighs.
const benzoylPeroxide = (i: SkinIngredient) => i.groups.includes('benzoyl_peroxide') && (!i.dose || (i.dose.rinseOff ? i.dose.min >= 5 : i.dose.max > 0.5));
// Retinoids (retinol, retinal, tretinoin, adapalene…): retinoid dermatitis, worst on dry and sensitive
// skin (Mukherjee S. et al., Clin Interv Aging 1(4):327-348, 2006). Retinyl palmitate, acetate and
// linoleate are weak esters and left out.
const WEAK_RETINOIDS = /^retinyl (palmitate|acetate|linoleate)$/i;
const strongRetinoid = (i: SkinIngredient) => i.groups.includes('retinoids') && !WEAK_RETINOIDS.test(i.name ?? '') && (!i.dose || (i.dose.max >= 0.1 && !i.dose.rinseOff));
// Exfoliating acids at exfoliating strength, left on the skin (an AHA behind the 1 % line has lost
// its `ahas` group in dose.ts; one in the back half of a list with no anchor is likely a small amount).
const exfoliatingAcid = (i: SkinIngredient) => (i.groups.includes('ahas') || i.groups.includes('bhas')) && (!i.dose || (i.dose.max > 1 && i.dose.significant && !i.dose.rinseOff));
// A lot of alcohol: among the first five entries or at least 5 %.
const highAlcohol = (i: SkinIngredient) => i.flags.includes('drying_alcohol') && (!i.dose || i.dose.high);
const STRONG_ACTIVES: Criterion[] = [
  { reason: (i) => `benzoyl peroxide${amount(i)}: drying and irritating, more so at 5-10% than at 2.5%`, test: benzoylPeroxide },
  { reason: (i) => `retinoid${amount(i)}: expect dryness, flaking and stinging at first`, test: strongRetinoid },
  { reason: (i) => `exfoliating acid${amount(i)}: can sting and dry`, test: exfoliatingAcid },
];

export const SKIN_TYPES: SkinTypeProfile[] = [
  {
    skinType: 'oily', label: 'Oily skin',
    good: [
      { reason: 'controls oil', test: has('effects', 'oil_controlling', 'pore_minimizing') },
      { reason: 'unclogs pores', test: has('groups', 'bhas', 'niacinamide') },
    ],
    caution: [{ reason: COMEDOGENIC_REASON(3), test: comedogenicAtLeast(3) }],
  },
  {
    skinType: 'dry', label: 'Dry skin',
    good: [
      { reason: 'hydrates or moisturises', test: has('effects', 'hydrating', 'moisturizing') },
      { reason: 'repairs the barrier', test: has('effects', 'barrier_repairing') },
    ],
    caution: [
      { reason: 'drying alcohol', test: dryingAlcohol },
      { reason: 'stripping sulfate surfactant', test: has('flags', 'sulfate') },
      ...STRONG_ACTIVES,
    ],
  },
  {
    skinType: 'combination', label: 'Combination skin',
    good: [
      { reason: 'light hydration', test: has('effects', 'hydrating') },
      { reason: 'balances oil', test: has('effects', 'oil_controlling') },
    ],
    caution: [
      { reason: COMEDOGENIC_REASON(4), test: comedogenicAtLeast(4) },
      { reason: 'drying alcohol', test: dryingAlcohol },
    ],
  },
  {
    skinType: 'sensitive', label: 'Sensitive skin',
    good: [{ reason: 'soothes or repairs', test: has('effects', 'soothing', 'barrier_repairing') }],
    caution: [
      { reason: 'fragrance or essential oil', test: has('flags', 'fragrance', 'essential_oil') },
      { reason: 'declarable fragrance allergen', test: has('flags', 'eu_allergen', 'eu_allergen_2023') },
      { reason: 'recognised contact allergen (sensitiser)', test: has('flags', 'sensitiser') },
      { reason: (i) => `high in alcohol${amount(i)}`, test: highAlcohol },
      { reason: 'rated irritating (3 or more)', test: irritancyAtLeast(3) },
      ...STRONG_ACTIVES,
    ],
  },
  {
    skinType: 'acne_prone', label: 'Acne-prone skin',
    good: [
      { reason: 'fights acne', test: has('effects', 'acne_fighting') },
      { reason: 'proven acne active', test: has('groups', 'bhas', 'benzoyl_peroxide', 'retinoids', 'niacinamide') },
    ],
    caution: [{ reason: COMEDOGENIC_REASON(3), test: comedogenicAtLeast(3) }],
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
      { reason: 'drying alcohol', test: dryingAlcohol },
      { reason: (i) => `exfoliating acid${amount(i)}`, test: exfoliatingAcid },
      { reason: 'astringent', test: has('functions', 'astringent') },
      { reason: 'rated irritating (3 or more)', test: irritancyAtLeast(3) },
      { reason: (i) => `benzoyl peroxide${amount(i)}: irritating on rosacea-prone skin`, test: benzoylPeroxide },
      { reason: (i) => `retinoid${amount(i)}: often irritating on rosacea-prone skin`, test: strongRetinoid },
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
      return hit ? [{ ingredient, reason: typeof hit.reason === 'function' ? hit.reason(ingredient) : hit.reason }] : [];
    });
    const good = pick(profile.good);
    const caution = pick(profile.caution);
    const verdict: SkinVerdict = caution.length ? 'caution' : good.length ? 'good' : 'neutral';
    return { skinType: profile.skinType, label: profile.label, verdict, good, caution };
  });
}
