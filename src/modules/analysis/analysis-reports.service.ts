import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import type { Product } from '../product/product.entity.js';
import { isUuid } from '../shared/ids.js';
import type { CategoryGuess, EffectsReport, SimilarProduct } from './analysis.types.js';
import { checkedList } from '../shared/ingredient-list.js';
import { analyzeIngredientList } from './engine/analyze.js';
import { loadMatcher } from '../ingredient/matcher.service.js';
import { loadSimilarityIndex } from '../product/similarity.service.js';

/** The ingredients behind a list of ids, in order, through the request's loader. */
export async function ingredientsOf(ctx: Context, ids: string[]): Promise<Ingredient[]> {
  const rows = await ctx.loaders.ingredientById.loadMany(ids);
  return rows.filter((r): r is Ingredient => r instanceof Ingredient);
}

export async function similarProductsOf(
  ctx: Context,
  ingredientIds: string[],
  limit: number,
  excludeId?: string,
): Promise<SimilarProduct[]> {
  const index = await loadSimilarityIndex(ctx.em);
  const ranked = index.similar(ingredientIds, limit, excludeId);
  const products = await ctx.loaders.productById.loadMany(ranked.map((r) => r.id));
  return ranked.flatMap((r, i) => {
    const product = products[i];
    return product && !(product instanceof Error)
      ? [{ product: product as Product, score: Math.round(r.score * 1000) / 1000 }]
      : [];
  });
}

export async function categorizeList(
  ctx: Context,
  ingredientIds: string[],
): Promise<{ best: CategoryGuess | null; alternatives: CategoryGuess[] }> {
  const index = await loadSimilarityIndex(ctx.em);
  const guesses = index.categorize(ingredientIds).slice(0, 4);
  const categories = await ctx.loaders.categoryById.loadMany(guesses.map((g) => g.categoryId));
  const resolved = guesses.flatMap((g, i) => {
    const category = categories[i];
    return category && !(category instanceof Error)
      ? [{ category, confidence: Math.round(g.confidence * 1000) / 1000 }]
      : [];
  });
  return { best: resolved[0] ?? null, alternatives: resolved.slice(1) };
}

/** Effect by effect, the ingredients that bring it: from a pasted list or from ingredient ids/aliases. */
export async function effectsOf(
  ctx: Context,
  ingredientList: string | null,
  idsOrAliases: string[] | null,
): Promise<EffectsReport> {
  if ((ingredientList === null) === (idsOrAliases === null)) {
    throw validationFailed('ingredient_list', 'Send either ingredient_list or ingredients');
  }
  let ingredients: Ingredient[];
  let unmatched: string[] = [];
  if (ingredientList !== null) {
    const result = analyzeIngredientList(checkedList('ingredient_list', ingredientList), await loadMatcher(ctx.em));
    unmatched = result.unmatched;
    ingredients = await ingredientsOf(
      ctx,
      result.entries.flatMap((e) => (e.ingredientId ? [e.ingredientId] : [])),
    );
  } else {
    const keys = idsOrAliases!.map((k) => k.trim().toLowerCase()).filter(Boolean);
    if (keys.length === 0 || keys.length > 200)
      throw validationFailed('ingredients', 'ingredients takes 1 to 200 ids or aliases');
    const found = await ctx.em.find(Ingredient, {
      $or: [{ id: { $in: keys.filter(isUuid) } }, { alias: { $in: keys } }],
    });
    const byKey = new Map(
      found.flatMap(
        (i) =>
          [
            [i.id, i],
            [i.alias, i],
          ] as Array<[string, Ingredient]>,
      ),
    );
    unmatched = keys.filter((k) => !byKey.has(k));
    ingredients = [...new Set(keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : [])))];
  }
  return { effects: effectsOfIngredients(ingredients), unmatched };
}

/** Effect by effect, the ingredients that bring it; the most supported effects first. */
export function effectsOfIngredients(ingredients: Ingredient[]) {
  const effects = Object.entries(loadVocabulary().effects).flatMap(([effect, label]) => {
    const bringing = ingredients.filter((i) => i.effects.includes(effect));
    return bringing.length ? [{ effect, label, ingredients: bringing }] : [];
  });
  return effects.sort((a, b) => b.ingredients.length - a.ingredients.length);
}
