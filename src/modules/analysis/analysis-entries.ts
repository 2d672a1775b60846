import type { Context } from '../../context.js';
import type { StoredEntry } from './analysis.entity.js';
import type { AnalysisEntry } from './analysis.types.js';
import { loadKnowledgeBase } from './matcher.service.js';
import { readEntries } from './list-reading.js';

/**
 * Stored entries (analyses, drafts) with their ingredients, straight from the in-memory
 * knowledge base the matcher used rather than one field resolver (and loader call) per entry:
 * a 40-entry list would run 40 of them on the hot path of POST /analyze/ingredient_list.
 */
export async function entriesWithIngredients(ctx: Context, entries: StoredEntry[]): Promise<AnalysisEntry[]> {
  const { ingredients, reading } = await readStoredEntries(ctx, entries);
  return entries.map((entry, i) => {
    const ingredient = ingredients[i];
    const read = reading.entries[i];
    return {
      ...entry, ingredient,
      concentrationEstimate: read.estimate, flags: read.flags, regulation: read.regulation, notes: read.notes,
      comedogenic: ingredient?.comedogenic ?? null, irritancy: ingredient?.irritancy ?? null, ratingSource: ingredient?.ratingSource ?? null,
    };
  });
}

/** The entries' ingredients and the list read with doses and EU law (cached per entries array). */
export async function readStoredEntries(ctx: Context, entries: StoredEntry[]) {
  const { byId } = await loadKnowledgeBase(ctx.em);
  const ingredients = await Promise.all(entries.map(async (entry) => (entry.ingredientId ? (byId.get(entry.ingredientId) ?? await ctx.loaders.ingredientById.load(entry.ingredientId)) : null)));
  return { ingredients, reading: readEntries(entries, ingredients) };
}
