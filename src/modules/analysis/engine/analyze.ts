// Parse, match and fold duplicates: the pure core of an ingredient-list analysis.
import { IngredientMatcher, type MatchedEntry } from './match.js';
import { parseIngredientList } from './parse.js';

export interface ListAnalysis {
  entries: MatchedEntry[];
  /** Inputs that matched no ingredient, in printed order. */
  unmatched: string[];
  /** Entries printed twice (same ingredient or same text): kept once, listed here. */
  duplicates: string[];
  footnotes: string[];
}

export function analyzeIngredientList(text: string, matcher: IngredientMatcher): ListAnalysis {
  const parsed = parseIngredientList(text);
  const seen = new Set<string>();
  const entries: MatchedEntry[] = [];
  const duplicates: string[] = [];
  for (const entry of matcher.match(parsed.entries)) {
    const identity = entry.ingredientId ?? `text:${entry.input.toLowerCase()}`;
    if (seen.has(identity)) {
      duplicates.push(entry.input);
      continue;
    }
    seen.add(identity);
    entries.push({ ...entry, position: entries.length + 1 });
  }
  return {
    entries,
    unmatched: entries.filter((e) => e.match === 'none').map((e) => e.input),
    duplicates,
    footnotes: parsed.footnotes,
  };
}
