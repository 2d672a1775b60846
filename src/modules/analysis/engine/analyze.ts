// Parse, match and fold duplicates: the pure core of an ingredient-list analysis.
import { IngredientMatcher, type MatchedEntry } from './match.js';
import { parseIngredientList, type ParsedEntry } from './parse.js';
import type { SetAsideText } from './set-aside.js';

export interface ListAnalysis {
  entries: MatchedEntry[];
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
}

function matched(entry: ParsedEntry, matcher: IngredientMatcher): MatchedEntry {
  const { match, ingredientId } = matcher.matchEntry(entry);
  return {
    position: entry.position, input: entry.input, concentration: entry.concentration,
    mayContain: entry.mayContain, nano: entry.nano, active: entry.active, part: entry.part, match, ingredientId,
  };
}

/** The entry matched; or, when it matches nothing but its pieces all match, the pieces. */
function matchEntryOrPieces(entry: ParsedEntry, matcher: IngredientMatcher): MatchedEntry[] {
  const whole = matched(entry, matcher);
  if (whole.match !== 'none' || !entry.pieces) return [whole];
  const pieces = entry.pieces.map((piece) => matched(piece, matcher));
  return pieces.every((m) => m.match !== 'none') ? pieces : [whole];
}

export function analyzeIngredientList(text: string, matcher: IngredientMatcher): ListAnalysis {
  const parsed = parseIngredientList(text);
  const seen = new Set<string>();
  const entries: MatchedEntry[] = [];
  const duplicates: string[] = [];
  const unmatched: string[] = [];
  for (const parsedEntry of parsed.entries) {
    for (const entry of matchEntryOrPieces(parsedEntry, matcher)) {
      // Within one product only: the same ingredient in two parts of a kit is two entries.
      const identity = `${entry.part ?? ''}\u0000${entry.ingredientId ?? `text:${entry.input.toLowerCase()}`}`;
      if (seen.has(identity)) {
        duplicates.push(entry.input);
        continue;
      }
      seen.add(identity);
      entry.position = entries.length + 1;
      entries.push(entry);
      if (entry.match === 'none') unmatched.push(entry.input);
    }
  }
  return { entries, unmatched, duplicates, footnotes: parsed.footnotes, ignored: parsed.ignored, setAside: parsed.setAside, parts: parsed.parts };
}
