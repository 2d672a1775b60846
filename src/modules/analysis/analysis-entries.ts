import type { Context } from '../../context.js';
import type { StoredEntry } from './analysis.entity.js';
import type { AnalysisEntry } from './analysis.types.js';
import { loadKnowledgeBase } from './matcher.service.js';

/**
 * Stored entries (analyses, drafts) with their ingredients, straight from the in-memory
 * knowledge base the matcher used rather than one field resolver (and loader call) per entry:
 * a 40-entry list would run 40 of them on the hot path of POST /analyze/ingredient_list.
 */
export async function entriesWithIngredients(ctx: Context, entries: StoredEntry[]): Promise<AnalysisEntry[]> {
  const { byId } = await loadKnowledgeBase(ctx.em);
  return Promise.all(entries.map(async (entry) => ({
    ...entry,
    ingredient: entry.ingredientId ? (byId.get(entry.ingredientId) ?? await ctx.loaders.ingredientById.load(entry.ingredientId)) : null,
  })));
}
