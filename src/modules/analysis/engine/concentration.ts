// How much of each ingredient a list can hold: a band {min, max} in % with its basis in words.
// Pure. What the label tells us:
// - a printed percentage is the amount;
// - EU and US lists name ingredients above 1 % in descending order of weight, then those at 1 % or
//   less in any order (Regulation (EC) No 1223/2009, Art. 19(1)(g); 21 CFR 701.3): so an entry
//   above 1 % is at most every entry before it, and at most 100 / its position;
// - an ingredient the law caps (phenoxyethanol 1 %, the preservatives, several actives) is at most
//   its cap; when that cap is 1 % or less it draws the "1 % line": everything after it is at most 1 %;
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

/**
 * A Drug Facts label lists its active ingredients apart, with their amounts, and may list the
 * inactive ones alphabetically (21 CFR 201.66(c)(8)): there the order says nothing about amounts.
 */
function drugFactsEstimates(entries: DoseEntry[]): ConcentrationEstimate[] {
  const printed = entries.map((e) => printedPercent(e.concentration));
  const actives = entries.reduce((sum, e, i) => sum + (e.active && printed[i] !== null ? printed[i]! : 0), 0);
  return entries.map((e, i) => {
    const p = printed[i];
    if (p !== null) return { min: p, max: p, basis: `Printed on the label: ${pct(p)}.` };
    let max = Math.max(0, 100 - actives);
    let basis = e.active
      ? 'An active ingredient of a Drug Facts label printed without its amount.'
      : `A Drug Facts label may list inactive ingredients alphabetically, so their order says nothing about amounts${actives ? `; the actives take ${pct(actives)}` : ''}.`;
    if (e.cap && e.cap.max < max) {
      max = e.cap.max;
      basis = `The law allows at most ${pct(e.cap.max)} (${e.cap.source}).`;
    }
    const min = e.floor && e.floor.min < max ? e.floor.min : 0;
    return { min, max: round(max), basis };
  });
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
export function estimateConcentrations(entries: DoseEntry[]): ConcentrationEstimate[] {
  const n = entries.length;
  // One pass for what the amounts printed say (most entries print none, and their loop below is the hot one): each
  // entry's printed %, the 1 % line (the first entry known to be at most 1 %, printed or capped), what printed
  // amounts leave (after "Houttuynia Cordata Extract (77%)" the rest share 23%), and whether any entry is a Drug
  // Facts active.
  const printed: Array<number | null> = new Array(n);
  let lineIndex = -1;
  let printedTotal = 0;
  let anyPrinted = false;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    if (e.active) return drugFactsEstimates(entries);
    const p = e.concentration === null ? null : printedPercent(e.concentration);
    printed[i] = p;
    if (p !== null) anyPrinted = true;
    if (lineIndex === -1 && (p !== null ? p <= 1 : (e.cap?.max ?? Infinity) <= 1)) lineIndex = i;
    if (!e.mayContain && p !== null) printedTotal += p;
  }
  const left = Math.max(0, 100 - printedTotal);
  const result: ConcentrationEstimate[] = new Array(n);
  // The largest printed amount above 1 % after each entry: entries before it hold at least that much (none without
  // a printed amount).
  let laterPrinted: number[] | null = null;
  if (anyPrinted) {
    laterPrinted = new Array(n);
    for (let i = n - 1, most = -Infinity; i >= 0; i--) {
      laterPrinted[i] = most;
      if (printed[i] !== null && printed[i]! > 1 && printed[i]! > most) most = printed[i]!;
    }
  }
  // Every entry behind the 1 % line reads the same reason: worded once per list, on first use.
  let lineReason: string | null = null;
  let lineBasis: string | null = null;
  const behindTheLine = (): string => {
    if (lineReason === null) {
      const anchor = entries[lineIndex];
      const why =
        printed[lineIndex] !== null
          ? `${pct(printed[lineIndex]!)} as printed`
          : `at most ${pct(anchor.cap!.max)} by law: ${anchor.cap!.source}`;
      lineReason = `listed after ${anchor.name} (${why}), so behind the 1% line, where the order no longer says anything: at most 1%`;
    }
    return lineReason;
  };
  // Running bound from the entries before: an entry above 1 % is at most each earlier one.
  let bound = 100;
  let boundBy: string | null = null;
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const p = printed[i];
    if (e.mayContain) {
      result[i] = {
        min: 0,
        max: Math.min(e.cap?.max ?? 1, 1),
        basis: 'Listed under "may contain": present in some batches or shades only, usually in small amounts.',
      };
      continue;
    }
    if (p !== null) {
      result[i] = { min: p, max: p, basis: `Printed on the label: ${pct(p)}.` };
      if (p > 1 && p < bound) {
        bound = p;
        boundBy = `${e.name} (${pct(p)}, printed)`;
      }
      continue;
    }
    // The maximum's reason is the last bound to lower it: only that one is worded.
    let maxWhy: 'none' | 'position' | 'bound' | 'line' | 'printed' | 'cap' = 'none';
    let max = 100;
    const byPosition = 100 / (i + 1);
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
    if (printedTotal > 0 && printedTotal <= 100 && left < max) {
      max = left;
      maxWhy = 'printed';
    }
    if (e.cap && e.cap.max < max) {
      max = e.cap.max;
      maxWhy = 'cap';
    }
    // The reasons, joined as they come (no array per entry: most entries have one reason, worded once per list).
    let reasons: string | null = null;
    let count = 0;
    if (maxWhy === 'position') reasons = positionReason(i);
    else if (maxWhy === 'bound')
      reasons = `listed after ${boundBy}, and what is above 1% is listed from most to least, so at most ${pct(bound)}`;
    else if (maxWhy === 'line') reasons = behindTheLine();
    else if (maxWhy === 'printed')
      reasons = `the amounts printed on the label add up to ${pct(printedTotal)}, which leaves at most ${pct(left)}`;
    else if (maxWhy === 'cap') reasons = `the law allows at most ${pct(e.cap!.max)} (${e.cap!.source})`;
    if (reasons !== null) count = 1;
    // A capped ingredient above 1 % bounds what follows it, as a printed amount does.
    if (e.cap && e.cap.max > 1 && e.cap.max < bound) {
      bound = e.cap.max;
      boundBy = `${e.name} (at most ${pct(e.cap.max)} by law)`;
    }
    let min = 0;
    if (i === 0 && n > 0) {
      min = 100 / n;
      reasons = joined(reasons, `as the first of ${n} entries it is the largest, so at least ${pct(min)}`);
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
    else if (count === 1 && maxWhy === 'position') basis = positionBases[i] ??= `${capitalised(reasons)}.`;
    else basis = `${capitalised(reasons)}.`;
    result[i] = { min: round(min), max: round(max), basis };
  }
  return result;
}

/** Behind the 1 % line: the list shows it cannot be more than 1 %. */
export const atMostOnePercent = (e: ConcentrationEstimate): boolean => e.max <= 1;
