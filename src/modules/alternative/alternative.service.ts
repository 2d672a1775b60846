// Better alternatives for the caller: the similar products (analysis/similarity.service.ts)
// judged by the pure engine (engine/rank-alternatives.ts) against the caller's skin profile,
// feelings, free-of wishes and, when given, a routine. Candidates are of the product's kind (see
// the engine) unless the caller asks for others too. A fixed number of queries: the product,
// the categories, the candidates (one loader batch), the caller's feelings, and the routine's data.
import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { loadSimilarityIndex } from '../product/similarity.service.js';
import { IngredientFeeling, Sentiment } from '../feeling/ingredient-feeling.entity.js';
import type { PersonalVerdict } from '../feeling/personalization.js';
import { skinProfileOf } from '../feeling/skin-profile.service.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import type { Product } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { readProductList } from '../analysis/analysis-entries.js';
import { dosedIngredients } from '../analysis/list-reading.js';
import { routineData } from '../routine/routine-insights.service.js';
import { loadRoutineRules } from '../routine/routine-rules.js';
import { getRoutine } from '../routine/routine.service.js';
import type { CatalogItem } from '../analysis/engine/similarity.js';
import { productKinds } from '../category/product-kinds.service.js';
import {
  freeOfWishes,
  kindMatch,
  rankAlternatives,
  type Person,
  type ProductKind,
  type RoutineContext,
} from './engine/rank-alternatives.js';
import type { AlternativeComparison, BetterAlternatives, ReasonEffect } from './alternative.types.js';
import { lookupKey } from '../shared/lookup-key.js';

/** How many similar products are judged for a list of `limit`: enough for the person to reorder. */
const poolSize = (limit: number) => Math.max(30, limit * 3);

function checkedAlternativesLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw validationFailed('limit', 'limit must be an integer from 1 to 100');
  return limit;
}

export async function betterAlternatives(
  ctx: Context,
  idOrAlias: string,
  routineId: string | null | undefined,
  limitArg: number | null | undefined,
  otherKinds = false,
): Promise<BetterAlternatives> {
  const limit = checkedAlternativesLimit(limitArg);
  const product = await getProduct(ctx.em, lookupKey('Product', idOrAlias), ctx.viewer);
  const viewer = ctx.viewer;
  const [index, { byId }, routine, feelings, kinds] = await Promise.all([
    loadSimilarityIndex(ctx.em),
    loadKnowledgeBase(ctx.em),
    routineId === null || routineId === undefined ? Promise.resolve(null) : getRoutine(ctx.em, routineId, viewer),
    viewer
      ? ctx.em.find(IngredientFeeling, { user: viewer.id }, { fields: ['id', 'ingredient', 'sentiment'] })
      : Promise.resolve([]),
    productKinds(ctx.em),
  ]);
  const kindOf = (categoryId: string | null | undefined) => (categoryId ? (kinds.get(categoryId) ?? null) : null);
  const engineRoutine = routine ? (await routineData(ctx, routine, true)).engineRoutine : null;
  // Without a category, the original is known by the step it fills in the routine given.
  const ownStep = engineRoutine?.steps.find((s) => s.product?.id === product.id);
  const originalKind: ProductKind | null =
    kindOf(product.category?.id) ??
    (ownStep ? { categoryId: null, name: null, parentId: null, stepType: ownStep.stepType } : null);
  const sameKind = (item: CatalogItem) => kindMatch(originalKind, kindOf(item.categoryId)) !== 'other';
  const pool = poolSize(limit);
  const similar = index.similar(product.ingredientIds, pool, product.id, sameKind);
  if (otherKinds) {
    const seen = new Set(similar.map((s) => s.id));
    similar.push(
      ...index
        .similar(product.ingredientIds, pool, product.id, (item) => !sameKind(item))
        .filter((s) => !seen.has(s.id)),
    );
  }
  const loaded = await ctx.loaders.productById.loadMany(similar.map((s) => s.id));
  const candidates = similar.flatMap((s, i) => {
    const p = loaded[i];
    return p && !(p instanceof Error) ? [{ product: p as Product, similarity: s.score, unread: s.unread }] : [];
  });
  // Each product judged as its list reads (analysis/list-reading.ts: the flags, groups and effects of its ingredients
  // at their dose, in its kind of product), as the personal check of one product judges it: an alternative that
  // check calls "avoid" is never offered as better. One statement for every product's entries (a loader batch).
  const readings = await Promise.all(
    [product, ...candidates.map((c) => c.product)].map((p) => readProductList(ctx, p)),
  );
  const readById = new Map(
    [product, ...candidates.map((c) => c.product)].map((p, n) => [
      p.id,
      [...new Map(dosedIngredients(readings[n].reading).map((i) => [i.id, i])).values()],
    ]),
  );
  const ingredientsOf = (p: Product) =>
    readById.get(p.id) ?? p.ingredientIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  let routineContext: RoutineContext | null = null;
  if (routine && engineRoutine) {
    // The alternative would take the original's place: its own steps leave the routine.
    const steps = engineRoutine.steps.filter((s) => s.product?.id !== product.id);
    const mine = viewer !== null && routine.owner.id === viewer.id;
    routineContext = {
      routine: { ...engineRoutine, steps },
      ruleSet: loadRoutineRules(),
      label: mine ? `your ${routine.timeOfDay} routine` : `the ${routine.timeOfDay} routine "${routine.name}"`,
    };
  }

  let person: Person | null = null;
  if (viewer) {
    const profile = skinProfileOf(viewer);
    const ids = (sentiment: Sentiment) => feelings.filter((f) => f.sentiment === sentiment).map((f) => f.ingredient.id);
    person = {
      profile: { skinType: profile.skinType, concerns: profile.concerns, pregnant: profile.pregnant },
      positive: ids(Sentiment.positive),
      negative: ids(Sentiment.negative),
      wishes: freeOfWishes(viewer.supergroups ?? [], profile.sensitivities),
    };
  }

  const facts = (p: Product, kind = kindOf(p.category?.id)) => ({
    id: p.id,
    name: p.name,
    ingredients: ingredientsOf(p),
    kind,
    categoryStep: routineContext && kind?.categoryId ? { stepType: kind.stepType, name: kind.name! } : null,
  });
  const ranked = rankAlternatives(
    facts(product, originalKind),
    candidates.map((c) => ({ ...facts(c.product), similarity: c.similarity, unread: c.unread })),
    person,
    routineContext,
    limit,
    { otherKinds },
  );
  const productById = new Map(candidates.map((c) => [c.product.id, c.product]));
  return {
    product,
    personalised: person !== null,
    routine,
    items: ranked.map((r) => ({
      product: productById.get(r.id)!,
      similarity: r.similarity,
      fitScore: r.fitScore,
      comparedToOriginal: r.comparedToOriginal as AlternativeComparison,
      kind: r.kind,
      verdict: r.verdict as PersonalVerdict | null,
      routineFit: r.routineFit,
      reasons: r.reasons.map((reason) => ({
        effect: reason.effect as ReasonEffect,
        source: reason.source,
        text: reason.text,
        ingredients: reason.ingredientIds.flatMap((id) => (byId.has(id) ? [byId.get(id)! as Ingredient] : [])),
      })),
    })),
  };
}
