// How much of each ingredient a list can hold: a band {min, max} in % with its basis in words.
// Pure. What the label tells us:
// - a printed percentage is the amount;
// - EU and US lists name ingredients above 1 % in descending order of weight, then those at 1 % or
//   less in any order (Regulation (EC) No 1223/2009, Art. 19(1)(g); 21 CFR 701.3): so an entry
//   above 1 % is at most every entry before it, and at most 100 / its position;
// - an ingredient EU law caps (phenoxyethanol 1 %, the preservatives, several actives) is at most
//   its cap; when that cap is 1 % or less it draws the "1 % line": everything after it is at most 1 %.
//   A cap is EU law's: on a label not known to be an EU one every bound drawn from it says "if the
//   product is EU-compliant"; a printed amount over its own cap is an alert (regulation-reading.ts), and
//   one above what an earlier cap allows contradicts the order, which then bounds nothing;
// - printed amounts win over every estimate, and where they are not in descending order the order
//   bounds nothing: the ranges widen rather than invent;
// - a fragrance allergen named on the list is at least its labelling threshold.

export interface DoseEntry {
  position: number;
  /** As printed with the entry ("10%"), if any. */
  concentration: string | null;
  mayContain: boolean;
  /** An active ingredient of a US Drug Facts label. */
  active?: boolean;
  /** The name shown in explanations (the ingredient's INCI name, else the input). */
  name: string;
  /** The entry as printed, when the reader gives it: a Drug Facts list's alphabetical order is the printed one. */
  printedAs?: string;
  /** A legal maximum for this product type, with where it comes from. */
  cap?: { max: number; source: string } | null;
  /** A legal minimum for being named (fragrance allergens), with why. */
  floor?: { min: number; source: string } | null;
}

export interface ConcentrationEstimate {
  /** % of the product, lowest the list allows. */
  min: number;
  /** % of the product, highest the list allows. */
  max: number;
  basis: string;
  /**
   * Present when the maximum holds only if the product keeps to EU law (a cap on a label not known to be an EU
   * one): the market the assumption is about.
   */
  assumes?: 'eu_compliant';
}

export interface EstimateOptions {
  /** 'eu': the label is known to be made under EU law, so EU maxima bound its amounts; else only "if EU-compliant". */
  labelLaw?: 'eu' | null;
}

/** "10%", "0,5 %", "2.5% w/w" → 10, 0.5, 2.5. Null for anything else (ppm, ranges, IU). */
export function printedPercent(text: string | null): number | null {
  if (!text) return null;
  const m = /^\s*(?:<\s*)?(\d{1,3}(?:[.,]\d+)?)\s*%/.exec(text);
  if (!m) return null;
  const value = Number(m[1].replace(',', '.'));
  return value > 0 && value <= 100 ? value : null;
}

const round = (n: number): number =>
  // 0 first: most entries' minimum, and toPrecision is slow.
  n === 0 ? 0 : n >= 10 ? Math.round(n * 10) / 10 : n >= 0.1 ? Math.round(n * 100) / 100 : Number(n.toPrecision(2));
const pct = (n: number): string => `${round(n)}%`;
const capitalised = (text: string): string => `${text[0].toUpperCase()}${text.slice(1)}`;
const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** A name as an alphabetical list sorts it: letters and digits only, lower case, accents away. */
const sortKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Whether the names are in alphabetical order (each at or after the one before). */
export function inAlphabeticalOrder(names: string[]): boolean {
  for (let i = 1; i < names.length; i++) if (sortKey(names[i - 1]) > sortKey(names[i])) return false;
  return true;
}

const WATER = /^(?:water|aqua|eau)\b/i;

/**
 * A Drug Facts label lists its active ingredients apart, with their amounts, and its inactive ones either
 * alphabetically (21 CFR 201.66(c)(8)) or, as a cosmetic's, in descending order (21 CFR 701.3). Only a list that
 * is in alphabetical order is read as one: there the order says nothing about amounts, and water, where listed,
 * is read as the base. Any other order is the descending one: the order rule and the 1 % line hold within the
 * inactive list, which shares what the actives leave.
 */
function drugFactsEstimates(entries: DoseEntry[], options: EstimateOptions): ConcentrationEstimate[] {
  const printed = entries.map((e) => printedPercent(e.concentration));
  let actives = 0;
  let activesKnown = true;
  const inactive: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (entries[i].active) {
      if (printed[i] !== null) actives += printed[i]!;
      else activesKnown = false;
    } else inactive.push(i);
  }
  const whole = Math.max(0, 100 - actives);
  const listed = inactive.filter((i) => !entries[i].mayContain);
  const result: ConcentrationEstimate[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++)
    if (entries[i].active) {
      const p = printed[i];
      result[i] =
        p !== null
          ? { min: p, max: p, basis: `Printed on the label: ${pct(p)}.` }
          : { min: 0, max: 100, basis: 'An active ingredient of a Drug Facts label printed without its amount.' };
    }
  const leaves = actives ? `; the actives take ${pct(actives)}` : '';
  if (listed.length >= 2 && !inAlphabeticalOrder(listed.map((i) => entries[i].printedAs ?? entries[i].name))) {
    const within = orderedEstimates(
      inactive.map((i) => entries[i]),
      options,
      { whole, exact: activesKnown, among: 'among the inactive ingredients' },
    );
    for (let k = 0; k < inactive.length; k++) {
      const e = within[k];
      result[inactive[k]] =
        printed[inactive[k]] !== null || entries[inactive[k]].mayContain
          ? e
          : {
              ...e,
              basis: `The inactive ingredients are not in alphabetical order, so they are listed from most to least${leaves}: ${e.basis[0].toLowerCase()}${e.basis.slice(1)}`,
            };
    }
    return result;
  }
  // Alphabetical: no order bound. Water, the base, is the largest inactive: at least an equal share of what the
  // actives leave (when all their amounts are printed), and every other inactive at most half of it.
  const water = listed.find((i) => WATER.test(entries[i].name) && printed[i] === null);
  const euKnown = options.labelLaw === 'eu';
  for (const i of inactive) {
    const e = entries[i];
    const p = printed[i];
    if (p !== null) {
      result[i] = { min: p, max: p, basis: `Printed on the label: ${pct(p)}.` };
      continue;
    }
    if (e.mayContain) {
      result[i] = mayContainEstimate(e);
      continue;
    }
    let max = whole;
    let min = 0;
    let basis = `The inactive ingredients of this Drug Facts label are listed alphabetically, so their order says nothing about amounts${leaves}`;
    if (water !== undefined && i === water) {
      if (activesKnown && listed.length > 0) min = whole / listed.length;
      basis += `; water is the base${min ? `, the largest of ${listed.length} inactive ingredients, so at least ${pct(min)}` : ''}`;
    } else if (water !== undefined) {
      max = whole / 2;
      basis += `; water is the base, and nothing else can be more than it, so at most half of ${pct(whole)}`;
    }
    let assumes = false;
    if (e.cap && e.cap.max < max) {
      max = e.cap.max;
      basis += `; ${capWords(e.cap, euKnown)}`;
      assumes = !euKnown;
    }
    if (e.floor && e.floor.min > min && e.floor.min <= max) min = e.floor.min;
    if (min > max) min = max;
    result[i] = { min: round(min), max: round(max), basis: `${basis}.`, ...(assumes ? ASSUMES_EU : {}) };
  }
  return result;
}

const ASSUMES_EU = { assumes: 'eu_compliant' as const };

/** A cap in words: EU law's, and on a label not known to be an EU one only if the product keeps to it. */
const capWords = (cap: { max: number; source: string }, euKnown: boolean): string =>
  euKnown
    ? `EU law allows at most ${pct(cap.max)} (${cap.source})`
    : `if the product is EU-compliant, at most ${pct(cap.max)} (EU law: ${cap.source})`;

function mayContainEstimate(e: DoseEntry): ConcentrationEstimate {
  return {
    min: 0,
    max: Math.min(e.cap?.max ?? 1, 1),
    basis: 'Listed under "may contain": present in some batches or shades only, usually in small amounts.',
  };
}

// The reason an entry's place gives, and the basis when it is the only one, are the same for the nth entry of any
// list: worded once per place.
const positionReasons: string[] = [];
const positionBases: string[] = [];
const positionReason = (i: number): string =>
  (positionReasons[i] ??=
    `listed ${ordinal(i + 1)}, and lists name what is above 1% from most to least, so at most ${pct(100 / (i + 1))} (100 ÷ ${i + 1})`);

/** Reasons joined as a basis reads them: "Reason one; reason two." */
const joined = (reasons: string | null, reason: string): string =>
  reasons === null ? reason : `${reasons}; ${reason}`;

/** Estimates for every entry, in the order given (label order). */
export function estimateConcentrations(entries: DoseEntry[], options: EstimateOptions = {}): ConcentrationEstimate[] {
  for (let i = 0; i < entries.length; i++) if (entries[i].active) return drugFactsEstimates(entries, options);
  return orderedEstimates(entries, options, WHOLE_PRODUCT);
}

/**
 * What a list in descending order shares: the whole product (100 %), or on a Drug Facts label what the actives
 * leave to the inactive ingredients (`exact` when every active's amount is printed, so that the inactive ones add
 * up to it; else it is only an upper bound).
 */
interface Share {
  whole: number;
  exact: boolean;
  /** Words for where an entry is listed ("among the inactive ingredients"), or null for the whole list. */
  among: string | null;
}
const WHOLE_PRODUCT: Share = { whole: 100, exact: true, among: null };

/** A list in descending order by weight above 1 % (EU, US cosmetics), sharing `share`. */
function orderedEstimates(entries: DoseEntry[], options: EstimateOptions, share: Share): ConcentrationEstimate[] {
  const n = entries.length;
  const { whole } = share;
  const euKnown = options.labelLaw === 'eu';
  // One pass for what the amounts printed say (most entries print none, and their loop below is the hot one): each
  // entry's printed %, what printed amounts leave (after "Houttuynia Cordata Extract (77%)" the rest share 23%), and
  // whether the printed amounts keep to the order. Printed amounts above 1 % that rise down the list, or one above
  // 1 % after one at 1 % or less, show a list not in descending order: its order bounds nothing.
  const printed: Array<number | null> = new Array(n);
  let printedTotal = 0;
  let anyPrinted = false;
  let ordered = true;
  let lowestCapBefore = Infinity;
  let lowestPrintedBefore = Infinity;
  let aboveCap = false;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const p = e.concentration === null ? null : printedPercent(e.concentration);
    printed[i] = p;
    if (e.mayContain) continue;
    if (p !== null) {
      anyPrinted = true;
      printedTotal += p;
      // Above what an earlier capped entry allows: the caps or the order is wrong, and a list cannot say which;
      // each cap still bounds its own entry ("if EU-compliant"), the order bounds nothing.
      if (p > 1 && p > lowestCapBefore) aboveCap = true;
      if (p > 1 && p > lowestPrintedBefore) ordered = false;
      if (p < lowestPrintedBefore) lowestPrintedBefore = p;
    } else if (e.cap) {
      // An entry capped at 1 % or less draws the 1 % line: what follows is at most 1 %.
      const bound = Math.max(e.cap.max, 1);
      if (bound < lowestCapBefore) lowestCapBefore = bound;
    }
  }
  // The first entry is the largest, at least an equal share: a cap below that share contradicts the order as a
  // printed amount above a cap does (a list holding one capped ingredient, a preservative listed first).
  const first = entries[0];
  if (n > 0 && share.exact && !first.mayContain && printed[0] === null && first.cap && first.cap.max < whole / n)
    aboveCap = true;
  if (aboveCap) ordered = false;
  // The 1 % line: the first entry known to be at most 1 % (printed, or capped where caps hold).
  let lineIndex = -1;
  if (ordered)
    for (let i = 0; i < n && lineIndex === -1; i++) {
      const e = entries[i];
      if (e.mayContain) continue;
      const p = printed[i];
      if (p !== null ? p <= 1 : (e.cap?.max ?? Infinity) <= 1) lineIndex = i;
    }
  const left = Math.max(0, whole - printedTotal);
  const result: ConcentrationEstimate[] = new Array(n);
  // The largest printed amount above 1 % after each entry: entries before it hold at least that much (none without
  // a printed amount).
  let laterPrinted: number[] | null = null;
  if (anyPrinted && ordered) {
    laterPrinted = new Array(n);
    for (let i = n - 1, most = -Infinity; i >= 0; i--) {
      laterPrinted[i] = most;
      if (!entries[i].mayContain && printed[i] !== null && printed[i]! > 1 && printed[i]! > most) most = printed[i]!;
    }
  }
  // Every entry behind the 1 % line reads the same reason: worded once per list, on first use.
  let lineReason: string | null = null;
  let lineBasis: string | null = null;
  const lineByCap = lineIndex !== -1 && printed[lineIndex] === null;
  const behindTheLine = (): string => {
    if (lineReason === null) {
      const anchor = entries[lineIndex];
      const why = lineByCap
        ? euKnown
          ? `at most ${pct(anchor.cap!.max)} by EU law: ${anchor.cap!.source}`
          : `at most ${pct(anchor.cap!.max)} if the product is EU-compliant: ${anchor.cap!.source}`
        : `${pct(printed[lineIndex]!)} as printed`;
      lineReason = `listed after ${anchor.name} (${why}), so behind the 1% line, where the order no longer says anything: at most 1%`;
    }
    return lineReason;
  };
  const unorderedReason = `the amounts printed on this label are not in descending order, so the order says nothing about amounts`;
  // Running bound from the entries before: an entry above 1 % is at most each earlier one.
  let bound = whole;
  let boundBy: string | null = null;
  let boundByCap = false;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const p = printed[i];
    if (e.mayContain) {
      result[i] = mayContainEstimate(e);
      continue;
    }
    if (p !== null) {
      result[i] = { min: p, max: p, basis: `Printed on the label: ${pct(p)}.` };
      if (p > 1 && p < bound) {
        bound = p;
        boundBy = `${e.name} (${pct(p)}, printed)`;
        boundByCap = false;
      }
      continue;
    }
    const cap = e.cap;
    // The maximum's reason is the last bound to lower it: only that one is worded.
    let maxWhy: 'none' | 'position' | 'bound' | 'line' | 'printed' | 'cap' | 'unordered' = 'none';
    let max = whole;
    if (ordered) {
      const byPosition = whole / (i + 1);
      if (byPosition < max) {
        max = byPosition;
        maxWhy = 'position';
      }
      if (bound < max) {
        max = bound;
        maxWhy = 'bound';
      }
      // Order only binds above 1 %: whatever the bounds say, 1 % stays possible.
      if (max < 1) max = 1;
      if (lineIndex !== -1 && i > lineIndex) {
        max = 1;
        maxWhy = 'line';
      }
    } else maxWhy = 'unordered';
    if (printedTotal > 0 && printedTotal <= whole && left < max) {
      max = left;
      maxWhy = 'printed';
    }
    if (cap && cap.max < max) {
      max = cap.max;
      maxWhy = 'cap';
    }
    // The reasons, joined as they come (no array per entry: most entries have one reason, worded once per list).
    let reasons: string | null = null;
    let count = 0;
    if (maxWhy === 'position')
      reasons =
        share.among === null
          ? positionReason(i)
          : `listed ${ordinal(i + 1)} ${share.among}, which name what is above 1% from most to least, so at most ${pct(whole / (i + 1))} (${pct(whole)} ÷ ${i + 1})`;
    else if (maxWhy === 'bound')
      reasons = `listed after ${boundBy}, and what is above 1% is listed from most to least, so at most ${pct(bound)}`;
    else if (maxWhy === 'line') reasons = behindTheLine();
    else if (maxWhy === 'printed')
      reasons = `the amounts printed on the label add up to ${pct(printedTotal)}, which leaves at most ${pct(left)}`;
    else if (maxWhy === 'cap') reasons = capWords(cap!, euKnown);
    else if (maxWhy === 'unordered') reasons = unorderedReason;
    if (reasons !== null) count = 1;
    // A capped ingredient above 1 % bounds what follows it, as a printed amount does.
    const boundWasCap = boundByCap;
    if (cap && cap.max > 1 && cap.max < bound) {
      bound = cap.max;
      boundBy = `${e.name} (at most ${pct(cap.max)} ${euKnown ? 'by EU law' : 'if the product is EU-compliant'})`;
      boundByCap = true;
    }
    const assumes =
      !euKnown && (maxWhy === 'cap' || (maxWhy === 'bound' && boundWasCap) || (maxWhy === 'line' && lineByCap));
    let min = 0;
    if (i === 0 && n > 0 && ordered && share.exact) {
      min = whole / n;
      reasons = joined(
        reasons,
        `as the first of ${n} entries${share.among === null ? '' : ` ${share.among}`} it is the largest, so at least ${pct(min)}`,
      );
      count++;
    }
    // Entries before a printed amount above 1 % hold at least that much.
    if (laterPrinted && laterPrinted[i] > min && (lineIndex === -1 || i < lineIndex)) {
      min = laterPrinted[i];
      reasons = joined(reasons, `it comes before an ingredient printed at ${pct(min)}, so at least that`);
      count++;
    }
    if (e.floor && e.floor.min > min) {
      min = e.floor.min;
      reasons = joined(reasons, `named on the list, so above ${pct(e.floor.min)} (${e.floor.source})`);
      count++;
    }
    if (min > max) min = max;
    let basis: string;
    if (reasons === null) basis = 'Nothing on the label bounds it.';
    else if (count === 1 && reasons === lineReason) basis = lineBasis ??= `${capitalised(lineReason)}.`;
    else if (count === 1 && maxWhy === 'position' && share.among === null)
      basis = positionBases[i] ??= `${capitalised(reasons)}.`;
    else basis = `${capitalised(reasons)}.`;
    result[i] = assumes
      ? { min: round(min), max: round(max), basis, ...ASSUMES_EU }
      : { min: round(min), max: round(max), basis };
  }
  return result;
}

/** Behind the 1 % line: the list shows it cannot be more than 1 %. */
export const atMostOnePercent = (e: ConcentrationEstimate): boolean => e.max <= 1;
