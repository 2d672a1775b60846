// What each product is to the planner, read at dose: which strong actives it carries, which job it
// does, whether it protects (SPF 30 or more), and what the analysis could not read. Pure.
import { isTrace, type EngineIngredient } from '../../routine/engine/compatibility.js';
import { routineCandidates } from '../../routine/engine/candidates.js';
import type { PlanIngredient, PlanProduct, PlanProfile } from './types.js';

export type ActiveKind =
  | 'retinoid'
  | 'exfoliant'
  | 'benzoyl_peroxide'
  | 'vitamin_c'
  | 'ascorbic_acid'
  | 'hydroquinone'
  | 'copper_peptides'
  | 'azelaic_acid'
  | 'niacinamide';

export type Role = 'protect' | 'cleanse' | 'moisturise' | 'retinoid' | 'exfoliant' | 'morning_treat' | 'evening_treat';

/**
 * Retinyl esters are the weakest retinoids (skin must convert them twice): only at a significant dose do they
 * make a retinoid night, while retinol, retinal, tretinoin and the rest act from a fraction of a per cent.
 * Babamiri K., Nassab R., "Cosmeceuticals: the evidence behind the retinoids", Aesthet Surg J 30(1):74-77, 2010.
 */
const RETINYL_ESTERS = ['retinyl-palmitate', 'retinyl-acetate', 'retinyl-linoleate', 'retinyl-propionate'];
/** Sold only on prescription in the EU and the US (hydroquinone since the 2020 CARES Act in the US; banned in EU cosmetics). */
export const PRESCRIPTION_ONLY = ['tretinoin', 'tazarotene', 'trifarotene', 'hydroquinone'];
const EXFOLIANT_GROUPS = ['ahas', 'bhas', 'phas', 'exfoliating_enzymes'];
const ACID_GROUPS = ['ahas', 'bhas'];
/** Groups the planner reads at dose: outside their dose they are left out of the view the rules see. */
const DOSED_GROUPS = [
  ...EXFOLIANT_GROUPS,
  'retinoids',
  'vitamin_c',
  'benzoyl_peroxide',
  'copper_peptides',
  'niacinamide',
];

export interface Classified {
  product: PlanProduct;
  kinds: Set<ActiveKind>;
  /** The ingredients as the routine rules see them here: actives below their dose lose their group. */
  ruleIngredients: EngineIngredient[];
  stepType: string;
  roles: Role[];
  leaveOn: boolean;
  /** UV filters at dose and a stated SPF of 30 or more. */
  sunscreen: boolean;
  /** UV filters but no readable SPF: it cannot be the morning's sunscreen (I7). */
  spfUnreadable: boolean;
  /** Why the analysis could not read it all; null when it could. */
  unreadable: string | null;
  prescriptionOnly: string[];
  /** Names of ingredients advised against in pregnancy, at a dose that counts. */
  pregnancyCaution: string[];
  fragranced: boolean;
  scrub: boolean;
  /** A strong active: keeps a night from being a recovery night (I16). */
  strong: boolean;
}

const retinoidAtDose = (i: PlanIngredient): boolean => !RETINYL_ESTERS.includes(i.alias) || i.significant;

function atDose(i: PlanIngredient, position: number, length: number, leaveOn: boolean): Set<string> {
  const groups = new Set<string>();
  for (const g of i.groups) {
    if (!DOSED_GROUPS.includes(g)) continue;
    if (g === 'retinoids' ? !retinoidAtDose(i) : isTrace(i, position, length)) continue;
    // A wash-off acid is on the skin for a minute: not an exfoliating night (I3, I8 speak of leave-on acids).
    if (ACID_GROUPS.includes(g) && !leaveOn) continue;
    groups.add(g);
  }
  return groups;
}

export function classify(product: PlanProduct): Classified {
  const list = product.ingredients;
  const leaveOn = product.use === 'leave_on';
  const kinds = new Set<ActiveKind>();
  const pregnancyCaution: string[] = [];
  const ruleIngredients = list.map((i, index): EngineIngredient => {
    const dosed = atDose(i, index + 1, list.length, leaveOn);
    // Washed off within a minute, a retinoid makes no retinoid night.
    if (dosed.has('retinoids') && leaveOn) kinds.add('retinoid');
    if (EXFOLIANT_GROUPS.some((g) => dosed.has(g)) && leaveOn) kinds.add('exfoliant');
    if (dosed.has('benzoyl_peroxide') && leaveOn) kinds.add('benzoyl_peroxide');
    if (dosed.has('vitamin_c')) kinds.add('vitamin_c');
    if (dosed.has('vitamin_c') && i.alias === 'ascorbic-acid') kinds.add('ascorbic_acid');
    if (dosed.has('copper_peptides')) kinds.add('copper_peptides');
    if (dosed.has('niacinamide')) kinds.add('niacinamide');
    if (i.alias === 'hydroquinone' && !isTrace(i, index + 1, list.length)) kinds.add('hydroquinone');
    if (i.alias === 'azelaic-acid' && !isTrace(i, index + 1, list.length)) kinds.add('azelaic_acid');
    const retinoid = i.groups.includes('retinoids') && retinoidAtDose(i);
    if (i.flags.includes('pregnancy_caution') && (i.significant || retinoid || i.alias === 'hydroquinone'))
      pregnancyCaution.push(i.name);
    return { ...i, groups: i.groups.filter((g) => !DOSED_GROUPS.includes(g) || dosed.has(g)) };
  });
  const uvFilters = ruleIngredients.some(
    (i, index) =>
      (i.groups.includes('chemical_uv_filters') || i.groups.includes('mineral_uv_filters')) &&
      !isTrace(i, index + 1, list.length),
  );
  const candidates = routineCandidates(
    product.stepType ? { stepType: product.stepType, name: product.stepType } : null,
    ruleIngredients,
  );
  const stepType = product.stepType ?? candidates[0]?.stepType ?? 'treat';
  const sunscreen = uvFilters && (product.spf ?? 0) >= 30 && leaveOn;
  const roles: Role[] = [];
  if (sunscreen) roles.push('protect');
  if (stepType === 'cleanse' || !leaveOn) roles.push('cleanse');
  else if (kinds.has('retinoid')) roles.push('retinoid');
  // Benzoyl peroxide left on goes in the morning, away from retinoid nights (rule benzoyl-peroxide-with-retinoid).
  else if (kinds.has('benzoyl_peroxide')) roles.push('morning_treat');
  else if (kinds.has('exfoliant')) roles.push('exfoliant');
  else if (stepType === 'moisturise') roles.push('moisturise');
  else if (stepType === 'protect') {
    // A sunscreen with no readable SPF of 30 does no job in the plan.
  } else if (stepType === 'treat' || stepType === 'tone' || stepType === 'exfoliate') {
    const morning = kinds.has('vitamin_c') || kinds.has('benzoyl_peroxide');
    roles.push(morning ? 'morning_treat' : 'evening_treat');
  }
  if (sunscreen && stepType === 'moisturise' && !roles.includes('moisturise')) roles.push('moisturise');
  const reading = product.reading;
  const unread = [
    reading.unreadEntries > 0
      ? `${reading.unreadEntries} entr${reading.unreadEntries === 1 ? 'y' : 'ies'} of its list could not be read`
      : null,
    reading.activesOutsideList.length
      ? `it names ${reading.activesOutsideList.join(', ')} outside its ingredient list`
      : null,
    reading.unordered ? 'its list is in alphabetical order, so it says nothing about amounts' : null,
  ].filter((x): x is string => !!x);
  return {
    product,
    kinds,
    ruleIngredients,
    stepType,
    roles,
    leaveOn,
    sunscreen,
    spfUnreadable: uvFilters && product.spf == null,
    unreadable: unread.length ? unread.join('; ') : null,
    prescriptionOnly: list.filter((i) => PRESCRIPTION_ONLY.includes(i.alias)).map((i) => i.name),
    pregnancyCaution,
    fragranced: list.some((i) => i.flags.includes('fragrance') || i.flags.includes('essential_oil')),
    scrub: leaveOn === false ? list.some((i, n) => i.functions.includes('abrasive') && n < 8) : false,
    // What keeps a night from being a recovery night (I16): a retinoid, an exfoliant, leave-on benzoyl peroxide.
    strong: kinds.has('retinoid') || kinds.has('exfoliant') || kinds.has('benzoyl_peroxide'),
  };
}

/** Sensitive skin, rosacea or redness: the rules of I12 apply. */
export const isReactive = (p: PlanProfile): boolean =>
  p.skinType === 'sensitive' || p.concerns.some((c) => c === 'rosacea' || c === 'redness' || c === 'sensitivity');

export const isPregnancy = (p: PlanProfile): boolean => p.pregnancy !== 'no';
export const onIsotretinoin = (p: PlanProfile): boolean => p.taking.includes('oral_isotretinoin');
