import type { Context } from '../../context.js';
import type { IngredientAnalysis, StoredEntry } from './analysis.entity.js';
import type { AnalysisEntry } from './analysis.types.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { productTypeOfCategory, readEntries } from './list-reading.js';
import type { ProductType } from './engine/regulation.js';
import type { Product } from '../product/product.entity.js';

/**
 * Stored entries (analyses, drafts) with their ingredients, straight from the in-memory
 * knowledge base the matcher used rather than one field resolver (and loader call) per entry:
 * a 40-entry list would run 40 of them on the hot path of POST /analyze/ingredient_list.
 */
export async function entriesWithIngredients(
  ctx: Context,
  entries: StoredEntry[],
  use: ListUse = {},
): Promise<AnalysisEntry[]> {
  const { ingredients, reading } = await readStoredEntries(ctx, entries, use);
  return entries.map((entry, i) => {
    const ingredient = ingredients[i];
    const read = reading.entries[i];
    const alsoPrintedAs = entry.alsoPrintedAs ?? [];
    const notes = alsoPrintedAs.length
      ? [
          ...read.notes,
          `Also printed as ${alsoPrintedAs.map((n) => `"${n}"`).join(', ')}: the same ingredient named again, kept once at its first place.`,
        ]
      : read.notes;
    return {
      ...entry,
      ingredient,
      unread: entry.unread ?? false,
      outsideList: entry.outsideList ?? false,
      alsoPrintedAs,
      concentrationEstimate: read.estimate,
      flags: read.flags,
      regulation: read.regulation,
      notes,
      comedogenic: ingredient?.comedogenic ?? null,
      irritancy: ingredient?.irritancy ?? null,
      ratingSource: ingredient?.ratingSource ?? null,
      inventoryOnly: ingredient ? !ingredient.curated : false,
    };
  });
}

/** What says how a stored list is used, first to last: its category, its name line (else its ingredients). */
export interface ListUse {
  productType?: ProductType | null;
  /** A draft's product name, a pasted label's name line. */
  nameLine?: string | null;
}

/** The entries' ingredients and the list read with doses and EU law (cached per entries array). */
export async function readStoredEntries(ctx: Context, entries: StoredEntry[], use: ListUse = {}) {
  const ingredients = await ingredientRows(
    ctx,
    entries.map((e) => e.ingredientId),
  );
  return { ingredients, reading: readEntries(entries, ingredients, use.productType, use.nameLine) };
}

/** An analysis as its resolvers read it: what the parser found is kept with it (a new one and a stored one alike). */
export type ReadableAnalysis = Pick<IngredientAnalysis, 'entries' | 'ingredientList'> & { nameLine?: string | null };

/**
 * The name line above an analysis's list (engine/parse.ts), as kept with it. Reading an analysis parses nothing:
 * the backfill (analysis-backfill.service.ts) has kept it for rows written before it was a column.
 */
export const nameLineOfAnalysis = (analysis: ReadableAnalysis): string | null => analysis.nameLine ?? null;

/** An analysis's entries with their ingredients, read with doses and EU law as its name line says. */
export const readAnalysis = (ctx: Context, analysis: ReadableAnalysis) =>
  readStoredEntries(ctx, analysis.entries, { nameLine: nameLineOfAnalysis(analysis) });

/** Ingredients by id from the in-memory knowledge base (the request's loader for any it lacks). */
async function ingredientRows(ctx: Context, ids: Array<string | null>) {
  const { byId } = await loadKnowledgeBase(ctx.em);
  return Promise.all(
    ids.map(async (id) => (id ? (byId.get(id) ?? (await ctx.loaders.ingredientById.load(id))) : null)),
  );
}

/** A catalog product's list read with doses and EU law; its category tells leave-on from rinse-off. */
export async function readProductList(ctx: Context, product: Product) {
  const entries = await ctx.loaders.ingredientsByProduct.load(product.id);
  const ingredients = await ingredientRows(
    ctx,
    entries.map((e) => e.ingredient?.id ?? null),
  );
  const category = product.category ? await ctx.loaders.categoryById.load(product.category.id) : null;
  return {
    entries,
    ingredients,
    reading: readEntries(entries, ingredients, productTypeOfCategory(category instanceof Error ? null : category)),
  };
}
