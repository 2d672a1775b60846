// How an analysed list suits each skin type: good / neutral / caution, with the ingredients
// that decide it. Pure. The reasoning is kept as data so it can be read and argued with.
// Ingredients may carry their dose (engine/dose.ts): then the comedogenic and drying-alcohol
// cautions count only what sits high enough in the list to matter, and strong actives (benzoyl
// peroxide, retinoids, exfoliating acids, a lot of alcohol) weigh on dry, sensitive and rosacea-prone
// skin by their amount. Without a dose every ingredient counts, as before.
// Every criterion has an id; data/flags-and-ratings.yaml names the source of each (a test checks it).
import type { Dose } from './dose.js';
import { soapBaseOf } from './product-type.js';

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
  /** `<skin type>.<good|caution>.<what>`: its source is in data/flags-and-ratings.yaml. */
  id: string;
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

const has =
  (key: 'flags' | 'groups' | 'effects' | 'functions', ...values: string[]) =>
  (i: SkinIngredient) =>
    i[key].some((v) => values.includes(v));
/** A criterion; its reason is shown to the user. */
const c = (id: string, reason: Criterion['reason'], test: Criterion['test']): Criterion => ({ id, reason, test });
/** Counts at its dose: no dose known, or enough of it to matter (see Dose.significant). */
const weighs = (i: SkinIngredient): boolean => !i.dose || i.dose.significant;
/** Stays on the skin: no dose known, or a leave-on product. */
const leftOn = (i: SkinIngredient): boolean => !i.dose?.rinseOff;
// Comedogenicity was measured on ingredients left on the skin (rabbit ear, Fulton 1989): it says
// nothing of a cleanser rinsed off after a minute.
const comedogenicAtLeast = (n: number) => (i: SkinIngredient) => (i.comedogenic ?? -1) >= n && weighs(i) && leftOn(i);
const irritancyAtLeast = (n: number) => (i: SkinIngredient) => (i.irritancy ?? -1) >= n;
const dryingAlcohol = (i: SkinIngredient) => i.flags.includes('drying_alcohol') && weighs(i);
const amount = (i: SkinIngredient): string => {
  if (!i.dose) return '';
  if (i.dose.printed) return ` (${i.dose.max}%, printed)`;
  // A maximum from an EU cap says so: the label need not be an EU one.
  if (i.dose.ifEuCompliant) return ` (at most ${i.dose.max}% if the product is EU-compliant)`;
  return i.dose.max <= 1 ? ` (at most ${i.dose.max}%)` : ` (up to ${i.dose.max}% by its place in the list)`;
};
// Malassezia needs fatty acids of more than 10 carbons from outside; in culture it grows on such fatty acids
// and their esters (Gupta AK et al., J Am Acad Dermatol 51(5):785-798, 2004). That is laboratory evidence:
// no trial has shown that avoiding these ingredients changes folliculitis, so the words say "may".
const MALASSEZIA_REASON =
  'may feed Malassezia: in culture the yeast grows on fatty acids of 12 to 24 carbons and their esters (in-vitro ' +
  'evidence; Gupta AK et al., J Am Acad Dermatol 2004)';
const COMEDOGENIC_REASON = (n: number) => (i: SkinIngredient) =>
  `rated comedogenic ${i.comedogenic ?? n} (${n} or more)${i.dose ? ', high enough in the list to count' : ''}`;

// Strong actives. Benzoyl peroxide: dose-related dryness, peeling and stinging; 2.5 % works about as
// well as 5 or 10 % with less irritation (Mills OH et al., Int J Dermatol 25(10):664-667, 1986).
// In a wash it is rinsed off after a minute: only a strong one (5 % or more) weighs.
const benzoylPeroxide = (i: SkinIngredient) =>
  i.groups.includes('benzoyl_peroxide') && (!i.dose || (i.dose.rinseOff ? i.dose.min >= 5 : i.dose.max > 0.5));
// Retinoids (retinol, retinal, tretinoin, adapalene…): retinoid dermatitis, worst on dry and sensitive
// skin (Mukherjee S. et al., Clin Interv Aging 1(4):327-348, 2006). Retinyl palmitate, acetate and
// linoleate are weak esters and left out.
const WEAK_RETINOIDS = /^retinyl (palmitate|acetate|linoleate|propionate)$/i;
// The acne guideline's evidence is for tretinoin, adapalene, tazarotene and retinol-class retinoids, not for the
// esters, which the skin turns into retinoic acid only in traces (the guideline names none of them).
const provenAcneActive = (i: SkinIngredient) =>
  has('groups', 'bhas', 'benzoyl_peroxide', 'niacinamide')(i) ||
  (i.groups.includes('retinoids') && !WEAK_RETINOIDS.test(i.name ?? ''));
const strongRetinoid = (i: SkinIngredient) =>
  i.groups.includes('retinoids') &&
  !WEAK_RETINOIDS.test(i.name ?? '') &&
  (!i.dose || (i.dose.max >= 0.1 && !i.dose.rinseOff));
// Exfoliating acids at exfoliating strength, left on the skin (an AHA behind the 1 % line has lost
// its `ahas` group in dose.ts; one in the back half of a list with no anchor is likely a small amount).
const exfoliatingAcid = (i: SkinIngredient) =>
  (i.groups.includes('ahas') || i.groups.includes('bhas')) &&
  (!i.dose || (i.dose.max > 1 && i.dose.significant && !i.dose.rinseOff));
// A lot of alcohol: among the first five entries or at least 5 %.
const highAlcohol = (i: SkinIngredient) => i.flags.includes('drying_alcohol') && (!i.dose || i.dose.high);
const strongActives = (skinType: string): Criterion[] => [
  {
    id: `${skinType}.caution.benzoyl_peroxide`,
    reason: (i) => `benzoyl peroxide${amount(i)}: drying and irritating, more so at 5-10% than at 2.5%`,
    test: benzoylPeroxide,
  },
  {
    id: `${skinType}.caution.retinoid`,
    reason: (i) => `retinoid${amount(i)}: expect dryness, flaking and stinging at first`,
    test: strongRetinoid,
  },
  {
    id: `${skinType}.caution.exfoliating_acid`,
    reason: (i) => `exfoliating acid${amount(i)}: can sting and dry`,
    test: exfoliatingAcid,
  },
];
// L-ascorbic acid works at 10-20 % and a pH below 3.5 (Pinnell SR et al., Dermatol Surg 27(2):137-142,
// 2001), where it stings: a caution for sensitive skin when the label prints 10 % or more, or the list
// puts it among the first five entries with room for 10 % (a vitamin C serum). A trace is an antioxidant.
const L_ASCORBIC = /^(?:l-)?ascorbic acid$/i;
const strongVitaminC = (i: SkinIngredient) =>
  L_ASCORBIC.test(i.name ?? '') &&
  !!i.dose &&
  !i.dose.rinseOff &&
  (i.dose.printed ? i.dose.max >= 10 : i.dose.min >= 10 || (i.dose.high && i.dose.max >= 10));
// Oxybenzone is the sunscreen filter that most often causes contact and photocontact allergy (the American
// Contact Dermatitis Society's allergen of the year 2014: Heurung AR et al., Dermatitis 25(1):3-10, 2014).
// Sunscreens carry it at up to 6 %; below 1 % (a product protecting its own colour) it is left out.
const oxybenzone = (i: SkinIngredient): boolean => {
  if (!/^benzophenone-3$/i.test(i.name ?? '')) return false;
  if (!i.dose) return true;
  return i.dose.printed ? i.dose.max >= 1 : i.dose.significant;
};
// The ingredients rosacea patients most often name as irritating, after alcohol and fragrance (National
// Rosacea Society survey of 1,023 patients, Rosacea Review, Summer 1997): witch hazel 30 %, menthol 21 %,
// peppermint 14 %, eucalyptus oil 13 %. Not every astringent in the CosIng sense: green tea, willow bark or
// horse chestnut are named by no survey or guideline.
const ROSACEA_IRRITANT = /^(?:hamamelis virginiana|menthol$|menthyl |mentha piperita|eucalyptus )/i;
const rosaceaIrritant = (i: SkinIngredient) => ROSACEA_IRRITANT.test(i.name ?? '');

export const SKIN_TYPES: SkinTypeProfile[] = [
  {
    skinType: 'oily',
    label: 'Oily skin',
    good: [
      c('oily.good.oil_control', 'controls oil', has('effects', 'oil_controlling', 'pore_minimizing')),
      c('oily.good.unclogs_pores', 'unclogs pores', has('groups', 'bhas', 'niacinamide')),
    ],
    caution: [c('oily.caution.comedogenic', COMEDOGENIC_REASON(3), comedogenicAtLeast(3))],
  },
  {
    skinType: 'dry',
    label: 'Dry skin',
    good: [
      c('dry.good.hydrating', 'hydrates or moisturises', has('effects', 'hydrating', 'moisturizing')),
      c('dry.good.barrier', 'repairs the barrier', has('effects', 'barrier_repairing')),
    ],
    caution: [
      c('dry.caution.drying_alcohol', 'drying alcohol', dryingAlcohol),
      c('dry.caution.sulfate', 'stripping sulfate surfactant', has('flags', 'sulfate')),
      ...strongActives('dry'),
    ],
  },
  {
    skinType: 'combination',
    label: 'Combination skin',
    good: [
      c('combination.good.hydrating', 'light hydration', has('effects', 'hydrating')),
      c('combination.good.oil_control', 'balances oil', has('effects', 'oil_controlling')),
    ],
    caution: [
      c('combination.caution.comedogenic', COMEDOGENIC_REASON(4), comedogenicAtLeast(4)),
      c('combination.caution.drying_alcohol', 'drying alcohol', dryingAlcohol),
    ],
  },
  {
    skinType: 'sensitive',
    label: 'Sensitive skin',
    good: [c('sensitive.good.soothing', 'soothes or repairs', has('effects', 'soothing', 'barrier_repairing'))],
    caution: [
      c('sensitive.caution.fragrance', 'fragrance or essential oil', has('flags', 'fragrance', 'essential_oil')),
      c(
        'sensitive.caution.fragrance_allergen',
        'declarable fragrance allergen',
        has('flags', 'eu_allergen', 'eu_allergen_2023'),
      ),
      c('sensitive.caution.sensitiser', 'recognised contact allergen (sensitiser)', has('flags', 'sensitiser')),
      c('sensitive.caution.high_alcohol', (i) => `high in alcohol${amount(i)}`, highAlcohol),
      c('sensitive.caution.irritancy', 'rated irritating (3 or more)', irritancyAtLeast(3)),
      c(
        'sensitive.caution.l_ascorbic_acid',
        (i) => `L-ascorbic acid${amount(i)}: at 10% or more, and the low pH it needs, it often stings`,
        strongVitaminC,
      ),
      c(
        'sensitive.caution.oxybenzone',
        (i) => `oxybenzone${amount(i)}: the sunscreen filter that most often causes contact and photo-allergy`,
        oxybenzone,
      ),
      ...strongActives('sensitive'),
    ],
  },
  {
    skinType: 'acne_prone',
    label: 'Acne-prone skin',
    good: [
      c('acne_prone.good.acne_fighting', 'fights acne', has('effects', 'acne_fighting')),
      c('acne_prone.good.acne_active', 'proven acne active', provenAcneActive),
    ],
    caution: [c('acne_prone.caution.comedogenic', COMEDOGENIC_REASON(3), comedogenicAtLeast(3))],
  },
  {
    skinType: 'fungal_acne_prone',
    label: 'Fungal-acne-prone skin',
    good: [c('fungal_acne_prone.good.acne_fighting', 'antifungal or anti-acne', has('effects', 'acne_fighting'))],
    caution: [c('fungal_acne_prone.caution.malassezia', MALASSEZIA_REASON, has('flags', 'fungal_acne_trigger'))],
  },
  {
    skinType: 'rosacea_prone',
    label: 'Rosacea-prone skin',
    good: [c('rosacea_prone.good.soothing', 'calms redness', has('effects', 'soothing'))],
    caution: [
      c('rosacea_prone.caution.fragrance', 'fragrance or essential oil', has('flags', 'fragrance', 'essential_oil')),
      c('rosacea_prone.caution.drying_alcohol', 'drying alcohol', dryingAlcohol),
      c('rosacea_prone.caution.exfoliating_acid', (i) => `exfoliating acid${amount(i)}`, exfoliatingAcid),
      c(
        'rosacea_prone.caution.named_irritant',
        'named as irritating by rosacea patients (witch hazel, menthol, peppermint, eucalyptus)',
        rosaceaIrritant,
      ),
      c('rosacea_prone.caution.irritancy', 'rated irritating (3 or more)', irritancyAtLeast(3)),
      c(
        'rosacea_prone.caution.benzoyl_peroxide',
        (i) => `benzoyl peroxide${amount(i)}: irritating on rosacea-prone skin`,
        benzoylPeroxide,
      ),
      c(
        'rosacea_prone.caution.retinoid',
        (i) => `retinoid${amount(i)}: often irritating on rosacea-prone skin`,
        strongRetinoid,
      ),
    ],
  },
];

/**
 * Cautions that read the list as a whole, not one ingredient: a soap base (fatty-acid salts, or fatty
 * acids neutralised by a hydroxide, recognised as product-type.ts recognises a soap) is alkaline and takes
 * more of the skin's lipids than a synthetic detergent (Ananthapadmanabhan KP et al., Dermatol Ther
 * 17 Suppl 1:16-25, 2004). Its ingredients are cautions for dry skin.
 */
export const LIST_CAUTIONS: Array<{
  id: string;
  skinType: string;
  reason: (names: string[]) => string;
  find: (ingredients: SkinIngredient[]) => string[] | null;
}> = [
  {
    id: 'dry.caution.soap_base',
    skinType: 'dry',
    reason: (names) => {
      const alkali = /hydroxide$/i.test(names[names.length - 1]) ? names[names.length - 1] : null;
      const acids = alkali ? names.slice(0, -1) : names;
      const listed = acids.length > 1 ? `${acids.slice(0, -1).join(', ')} and ${acids[acids.length - 1]}` : acids[0];
      return `soap base (${alkali ? `${listed} neutralised by ${alkali}` : listed}): alkaline, takes more of the skin's lipids than a mild synthetic cleanser`;
    },
    find: (ingredients) => soapBaseOf(ingredients.map((i) => (i.name ? { name: i.name } : null)))?.names ?? null,
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

/**
 * Caution wins over good: one reason to hold back is worth more than a reason to buy. An ingredient that
 * is a caution for a skin type is never also a reason in its favour for that skin type.
 */
export function evaluateSkinTypes<I extends SkinIngredient>(ingredients: I[]): SkinTypeResult<I>[] {
  const listCautions = LIST_CAUTIONS.map((l) => ({ ...l, names: l.find(ingredients) }));
  return SKIN_TYPES.map((profile) => {
    const pick = (criteria: Criterion[]) =>
      ingredients.flatMap((ingredient) => {
        const hit = criteria.find((c) => c.test(ingredient));
        return hit
          ? [{ ingredient, reason: typeof hit.reason === 'function' ? hit.reason(ingredient) : hit.reason }]
          : [];
      });
    const caution = pick(profile.caution);
    for (const list of listCautions) {
      if (list.skinType !== profile.skinType || !list.names) continue;
      for (const ingredient of ingredients) {
        if (
          ingredient.name &&
          list.names.includes(ingredient.name) &&
          !caution.some((x) => x.ingredient === ingredient)
        )
          caution.push({ ingredient, reason: list.reason(list.names) });
      }
    }
    const order = new Map(ingredients.map((ingredient, index) => [ingredient as SkinIngredient, index]));
    caution.sort((a, b) => order.get(a.ingredient)! - order.get(b.ingredient)!);
    const cautioned = new Set(caution.map((x) => x.ingredient));
    // A substance EU law does not allow in this product (Annex II, or outside the products its entry allows) is
    // never a reason in a product's favour, whatever it does.
    const good = pick(profile.good).filter(
      (x) => !cautioned.has(x.ingredient) && !x.ingredient.flags.includes('eu_prohibited'),
    );
    const verdict: SkinVerdict = caution.length ? 'caution' : good.length ? 'good' : 'neutral';
    return { skinType: profile.skinType, label: profile.label, verdict, good, caution };
  });
}
