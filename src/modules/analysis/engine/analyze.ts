// Parse, match and fold duplicates: the pure core of an ingredient-list analysis.
import { IngredientMatcher, type MatchedEntry } from './match.js';
import { parseIngredientList, type ParsedEntry } from './parse.js';
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
  return {
    entries,
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
