// What an ingredient does at the amount a list can hold, and in the kind of product it is in.
// Pure. It reads the concentration estimates (concentration.ts) and adjusts the ingredient's
// groups, effects and flags for the rules and skin-type verdicts, with a note saying why.
import type { ConcentrationEstimate } from './concentration.js';
import type { ProductType } from './regulation.js';

export interface DoseIngredient {
  name: string;
  flags: string[];
  groups: string[];
  effects: string[];
  functions: string[];
}

/** What the skin-type verdicts need to know of an amount. */
export interface Dose {
  min: number;
  max: number;
  /** Enough to count: known above 1 %, or possibly above 1 % and among the first five entries or in the front half of the list. */
  significant: boolean;
  /** Among the first five entries, or known to be at least 5 %. */
  high: boolean;
  printed: boolean;
  /** In a rinse-off product: on the skin for a minute, then washed away. */
  rinseOff: boolean;
  /** The label does not say how the product is used: read as left on (the stricter reading), not known to be. */
  useAssumed?: true;
  /** The maximum holds only if the product keeps to EU law (concentration.ts: an EU cap on a label not known EU). */
  ifEuCompliant?: true;
}

export interface DosedView<I> {
  ingredient: I & { dose: Dose };
  /** ingredient.flags, read from here: the copies have as many shapes as the rows they copy, and reading a field
   * through that many shapes was a tenth of a list's reading. */
  flags: string[];
  /** Why the ingredient reads differently here, in plain words. */
  notes: string[];
}

// Wintergreen (Gaultheria) oil is almost pure methyl salicylate.
const isSalicylate = (i: DoseIngredient): boolean => i.groups.includes('bhas') || /salicyl|^gaultheria /i.test(i.name);

/** An entry's dose: its estimate, its place among `listLength` entries (of its kit part) and the product type. */
export function doseOf(
  estimate: ConcentrationEstimate,
  position: number,
  listLength: number,
  productType: ProductType,
  printed: boolean,
  /** The product type is the leave-on assumption for a list of unknown use. */
  useAssumed = false,
): Dose {
  return {
    min: estimate.min,
    max: estimate.max,
    significant: significantAt(estimate, position, listLength),
    high: highAt(estimate, position),
    printed,
    rinseOff: productType === 'rinse_off',
    ...(useAssumed ? { useAssumed: true as const } : {}),
    ...(estimate.assumes === 'eu_compliant' ? { ifEuCompliant: true as const } : {}),
  };
}

/** Dose.significant, for a reader that looks a dose up before making it. */
export const significantAt = (estimate: ConcentrationEstimate, position: number, listLength: number): boolean =>
  estimate.min > 1 || (estimate.max > 1 && position <= Math.max(5, Math.ceil(listLength / 2)));
/** Dose.high. */
export const highAt = (estimate: ConcentrationEstimate, position: number): boolean =>
  estimate.min >= 5 || (estimate.max > 1 && position <= 5);

/**
 * The ingredient as it reads at this dose (doseOf). `flagsHere`: the ingredient's flags as read in this list (with
 * those EU law adds), given apart so that the ingredient is copied once, here.
 */
export function dosedIngredient<I extends DoseIngredient>(
  ingredient: I,
  flagsHere: string[],
  dose: Dose,
): DosedView<I> {
  const notes: string[] = [];
  const productType: ProductType = dose.rinseOff ? 'rinse_off' : 'leave_on';
  // Of a list whose use is unknown, "leave-on" is the assumption the amounts are read under, not a fact.
  const leaveOn = dose.useAssumed
    ? 'if it is left on (the label does not say how it is used)'
    : 'in a leave-on product';
  let { groups, effects, functions } = ingredient;
  let flags = flagsHere;
  // An AHA behind the 1 % line is there to set the pH (or as a humectant), not to exfoliate: AHA
  // peeling needs several per cent at an acid pH (FDA AHA guidance: 10 % or less at pH 3.5 or more
  // for consumer products; the exfoliating effect in studies is at 4 % and up).
  if (groups.includes('ahas') && dose.max <= 1) {
    groups = groups.filter((g) => g !== 'ahas');
    effects = effects.filter((e) => e !== 'exfoliating');
    functions = functions.filter((f) => f !== 'exfoliating' && f !== 'keratolytic');
    notes.push(
      `At most ${dose.max}% here: at this level ${ingredient.name} adjusts the pH; it is not an exfoliant in this product.`,
    );
  }
  // Salicylates in pregnancy: low-dose topical salicylic acid (2 % or less) is considered
  // compatible with pregnancy; the caution is for peels and large areas (ACOG Committee Opinion;
  // Bozzo P. et al., Can Fam Physician 57(6):665-667, 2011). Rinse-off products leave little behind.
  if (flags.includes('pregnancy_caution') && isSalicylate(ingredient)) {
    if (productType === 'rinse_off') {
      flags = flags.filter((f) => f !== 'pregnancy_caution');
      notes.push(
        `In a rinse-off product little ${ingredient.name} stays on the skin: the pregnancy caution for salicylates is for leave-on products above 2% (peels).`,
      );
    } else if (dose.max <= 2) {
      flags = flags.filter((f) => f !== 'pregnancy_caution');
      notes.push(
        `At most ${dose.max}% ${leaveOn}: low-dose salicylic acid is considered compatible with pregnancy; the caution is for peels (above 2%) and large areas.`,
      );
    } else {
      notes.push(
        `Possibly above 2% (${dose.min}-${dose.max}%) ${leaveOn}: peel strength, advised against in pregnancy.`,
      );
    }
  }
  // Essential oils in pregnancy: the regulators' advice (EMA/HMPC on thujone in sage oil, on estragole in
  // basil, fennel and anise) is about medicinal doses taken by mouth or applied as such. In a cosmetic the
  // oil is a fragrance at a fraction of a per cent: the caution counts only where the list allows more than
  // 1 % and it sits high enough to matter, and in a rinse-off only among the first entries.
  if (flags.includes('pregnancy_caution') && flags.includes('essential_oil') && !isSalicylate(ingredient)) {
    const counts = productType === 'rinse_off' ? dose.high : dose.max > 1 && dose.significant;
    if (!counts) {
      flags = flags.filter((f) => f !== 'pregnancy_caution');
      notes.push(
        productType === 'rinse_off'
          ? `Low in a rinse-off product (${dose.min}-${dose.max}%): too little ${ingredient.name} stays on the skin for the pregnancy caution, which is about medicinal doses.`
          : `At most ${dose.max}% or too low in the list to matter: the pregnancy caution for ${ingredient.name} is about medicinal doses, not a fragrance trace.`,
      );
    }
  }
  return { ingredient: { ...ingredient, groups, effects, flags, functions, dose }, flags, notes };
}
