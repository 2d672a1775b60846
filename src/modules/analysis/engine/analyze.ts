// Parse, match and fold duplicates: the pure core of an ingredient-list analysis.
import { IngredientMatcher, type MatchedEntry } from './match.js';
import { parseIngredientList, type ParsedEntry } from './parse.js';
import { DRUG_FACTS_ACTIVES, ingredientShaped, isAcronym, type PrintedStrength } from './printed-strengths.js';
import { useLineOf } from './product-type-words.js';
import type { SetAsideText } from './set-aside.js';
import { readRun } from './split-run.js';

/** An entry as the analysis returns it. */
export interface AnalyzedEntry extends MatchedEntry {
  /**
   * Words run together that name several known ingredients but could not all be read (a list printed without
   * separators holding a name we do not know): no "free of" rule can pass on a list holding one.
   */
  unread?: true;
  /** Other names the same ingredient is printed under further down the list (kept once, here). */
  alsoPrintedAs?: string[];
  /**
   * An active printed with its strength outside the list ("-5% Benzoyl Peroxide: …" above a list of inactives), read
   * as an entry of the product (printed-strengths.ts).
   */
  outsideList?: true;
}

/** An active named with a strength outside the list, and whether the analysis read it. */
export interface ActiveOutsideList {
  /** The name as printed. */
  name: string;
  /** As printed ("5%", "0.3%"). */
  strength: string;
  /**
   * True when the analysis reads it: it gave its strength to the list's entry of that ingredient, or became an active
   * entry of its own. False when the name is not one we know, or names an ingredient the list does not hold under
   * that name (a common name, "Vitamin C", an acronym, "BHA"): then nothing is assumed.
   */
  analysed: boolean;
  /** The kit part whose text printed it, or null. */
  part: string | null;
}

export interface ListAnalysis {
  entries: AnalyzedEntry[];
  /** Present (true) when some of the list could not be read: an entry is marked unread. */
  unread?: true;
  /** Inputs that matched no ingredient, in printed order. */
  unmatched: string[];
  /** Entries printed twice (same ingredient or same text): kept once, listed here. */
  duplicates: string[];
  footnotes: string[];
  /** Text set aside as not an ingredient (marketing copy, "Made in France"), in printed order. */
  ignored: string[];
  /** Everything the parser set aside (free-of blocks, marketing, disclaimers, footnotes), with its kind. */
  setAside: SetAsideText[];
  /** The parts of a kit or set, in printed order (empty for one product); each entry names its part. */
  parts: string[];
  /**
   * The product's name line above the list when it says how it is used (parse.ts), else its directions when they
   * do ("Directions: " and the line: product-type-words.ts, useLineOf).
   */
  nameLine: string | null;
  /** Actives named with a strength outside the list, read or not (printed-strengths.ts). */
  activesOutsideList: ActiveOutsideList[];
}

function matched(entry: ParsedEntry, matcher: IngredientMatcher): MatchedEntry {
  const { match, ingredientId } = matcher.matchEntry(entry);
  return {
    position: entry.position,
    input: entry.input,
    concentration: entry.concentration,
    mayContain: entry.mayContain,
    nano: entry.nano,
    active: entry.active,
    part: entry.part,
    match,
    ingredientId,
  };
}

const RECOGNISED = new Set(['exact', 'alias']);

/**
 * An entry matching nothing as printed (`whole`): its pieces (" & ", a line break) when they all match, or the
 * known names its words split into (a list printed without separators), else the entry alone. Words that hold
 * several known names but do not all split are one entry marked unread.
 */
function matchEntryOrPieces(entry: ParsedEntry, matcher: IngredientMatcher, whole: AnalyzedEntry): AnalyzedEntry[] {
  if (entry.pieces) {
    const pieces = entry.pieces.map((piece) => matched(piece, matcher));
    if (pieces.every((m) => m.match !== 'none')) return pieces;
  }
  // "Sodium Tallowate or Sodium Palmate" names alternatives: words joined by a connective are no run of names.
  if (countWords(entry.input) < 3 || CONNECTIVE.test(entry.input)) return [whole];
  const run = readRun(entry.input, (name) => RECOGNISED.has(matcher.matchEntry({ input: name }).match));
  if (run.pieces && run.pieces.length > 1)
    return run.pieces.map((input) => matched({ ...entry, input, concentration: null, pieces: undefined }, matcher));
  if (run.known >= 2) whole.unread = true;
  return [whole];
}

const countWords = (text: string): number => text.trim().split(/\s+/).length;
const CONNECTIVE = /\s(?:or|and|with|from|for|et|ou|und|oder)\s|&/i;

export function analyzeIngredientList(text: string, matcher: IngredientMatcher): ListAnalysis {
  const parsed = parseIngredientList(text);
  // By kit part, then by ingredient (or printed text): the ids are the matcher's own strings, looked up as they are.
  const kept = new Map<string, Map<string, AnalyzedEntry>>();
  const entries: AnalyzedEntry[] = [];
  const duplicates: string[] = [];
  const unmatched: string[] = [];
  let unread = false;
  const keep = (entry: AnalyzedEntry): void => {
    // Within one product only: the same ingredient in two parts of a kit is two entries.
    let inPart = kept.get(entry.part ?? '');
    if (!inPart) kept.set(entry.part ?? '', (inPart = new Map()));
    const identity = entry.ingredientId ?? `text:${entry.input.toLowerCase()}`;
    const first = inPart.get(identity);
    if (first) {
      // One ingredient under two names ("Tocopherol" … "Vitamin E"): one entry, at its first place (the one the
      // order of the list bounds), saying what else it was printed as; counted once in every estimate.
      duplicates.push(entry.input);
      // "Titanium Dioxide (Nano)" after "CI 77891": the product holds the nano form.
      if (entry.nano) first.nano = true;
      if (entry.input.toLowerCase() !== first.input.toLowerCase() && !first.alsoPrintedAs?.includes(entry.input)) {
        (first.alsoPrintedAs ??= []).push(entry.input);
      }
      return;
    }
    inPart.set(identity, entry);
    entry.position = entries.length + 1;
    entries.push(entry);
    if (entry.match === 'none') unmatched.push(entry.input);
    if (entry.unread) unread = true;
  };
  for (const parsedEntry of parsed.entries) {
    // Most entries match as printed: they are kept without an array of pieces made for each.
    const whole: AnalyzedEntry = matched(parsedEntry, matcher);
    if (whole.match !== 'none') keep(whole);
    else for (const entry of matchEntryOrPieces(parsedEntry, matcher, whole)) keep(entry);
  }
  const activesOutsideList = parsed.printedStrengths.length
    ? readPrintedStrengths(parsed.printedStrengths, entries, parsed.parts, matcher)
    : NONE_OUTSIDE;
  return {
    entries,
    activesOutsideList,
    ...(unread ? { unread: true as const } : {}),
    unmatched,
    duplicates,
    footnotes: parsed.footnotes,
    ignored: parsed.ignored,
    setAside: parsed.setAside,
    parts: parsed.parts,
    // Without a name line saying how it is used, the label's directions may ("then rinse off"): kept as its use line.
    nameLine: parsed.nameLine ?? useLineOf(parsed.setAside.map((s) => s.text)),
  };
}

const NONE_OUTSIDE: ActiveOutsideList[] = Object.freeze([]) as unknown as ActiveOutsideList[];

/** The ingredient ids of the drug-facts actives (printed-strengths.ts) as this matcher knows them. */
const drugFactsIds = new WeakMap<IngredientMatcher, Set<string>>();
function drugFactsActives(matcher: IngredientMatcher): Set<string> {
  let ids = drugFactsIds.get(matcher);
  if (!ids) {
    ids = new Set();
    for (const name of DRUG_FACTS_ACTIVES) {
      const id = matcher.matchEntry({ input: name }).ingredientId;
      if (id) ids.add(id);
    }
    drugFactsIds.set(matcher, ids);
  }
  return ids;
}

/**
 * Reads the strengths printed outside the list. The first of a strength's names that the matcher knows (exactly or by
 * another name, never by a slip, never an acronym) names it: when the list holds that ingredient (in that part), the
 * entry takes the printed strength unless the list printed one; when the list lacks it and it is an active a Drug
 * Facts label lists apart, it becomes an active entry at the head of its part. Anything else is reported unread.
 * Entries are renumbered when one is added.
 */
function readPrintedStrengths(
  printed: PrintedStrength[],
  entries: AnalyzedEntry[],
  parts: string[],
  matcher: IngredientMatcher,
): ActiveOutsideList[] {
  const report: ActiveOutsideList[] = [];
  const seen = new Set<string>();
  let added = false;
  for (const claim of printed) {
    let name: string | null = null;
    let id: string | null = null;
    let match: AnalyzedEntry['match'] = 'none';
    for (const candidate of claim.names) {
      if (isAcronym(candidate)) break;
      const found = matcher.matchEntry({ input: candidate });
      if (found.ingredientId && (found.match === 'exact' || found.match === 'alias')) {
        name = candidate;
        id = found.ingredientId;
        match = found.match;
        break;
      }
    }
    if (!id) {
      // The name as printed: the fewest words that read as an ingredient's, else nothing worth reporting.
      const shaped = [...claim.names].reverse().find(ingredientShaped);
      const longest = claim.names[0];
      const shown = shaped && ingredientShaped(longest) ? longest : shaped;
      if (shown && !seen.has(`${shown}|${claim.strength}`)) {
        seen.add(`${shown}|${claim.strength}`);
        report.push({ name: shown, strength: claim.strength, analysed: false, part: claim.part });
      }
      continue;
    }
    const key = `${id}|${claim.strength}|${claim.part ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // In a kit, a strength printed above the first part names no part: it is read only when one part holds it.
    const holding = entries.filter((e) => e.ingredientId === id && (claim.part === null || e.part === claim.part));
    const holders = new Set(holding.map((e) => e.part ?? ''));
    if (holding.length && holders.size === 1) {
      if (holding[0].concentration === null) holding[0].concentration = claim.strength;
      report.push({ name: name!, strength: claim.strength, analysed: true, part: claim.part });
      continue;
    }
    const inKit = parts.length > 0;
    if (!holding.length && drugFactsActives(matcher).has(id) && (!inKit || claim.part !== null)) {
      const entry: AnalyzedEntry = {
        position: 0,
        input: name!,
        concentration: claim.strength,
        mayContain: false,
        nano: false,
        active: true,
        part: claim.part,
        match,
        ingredientId: id,
        outsideList: true,
      };
      // At the head of its part, after the actives already read there: where a Drug Facts label lists its actives.
      let at = entries.findIndex((e) => (e.part ?? null) === claim.part);
      if (at < 0) at = entries.length;
      while (at < entries.length && entries[at].active && (entries[at].part ?? null) === claim.part) at++;
      entries.splice(at, 0, entry);
      added = true;
      report.push({ name: name!, strength: claim.strength, analysed: true, part: claim.part });
      continue;
    }
    report.push({ name: name!, strength: claim.strength, analysed: false, part: claim.part });
  }
  if (added) for (let i = 0; i < entries.length; i++) entries[i].position = i + 1;
  return report;
}
