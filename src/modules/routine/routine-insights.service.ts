// What the engines say about a routine: compatibility findings, the detailed summary, whether an
// analysed product would fit, and the product pitches for its steps. Data is gathered through
// the request's loaders (a constant number of queries whatever the number of steps).
import type { Context } from '../../context.js';
import { categorizeList } from '../analysis/analysis-reports.service.js';
import { getAnalysis } from '../analysis/analysis.service.js';
import { Sentiment, IngredientFeeling } from '../feeling/ingredient-feeling.entity.js';
import { canSeeFeelings } from '../feeling/feeling.service.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import type { Product } from '../product/product.entity.js';
import type { PageArgs } from '../shared/pagination.js';
import {
  checkRoutine,
  fitProduct,
  routineVerdict,
  type EngineRoutine,
  type EngineStep,
  type Finding,
  type ProductFit,
  type RoutineVerdict,
} from './engine/compatibility.js';
import { summarizeRoutine } from './engine/summary.js';
import { pregnancyFindings } from './engine/pregnancy.js';
import { isSelfOrAdmin, skinProfileOf } from '../feeling/skin-profile.service.js';
import type { Routine } from './routine.entity.js';
import type { RoutineStepRow } from './routine-rows.js';
import { offsetPage } from './routine-lists.service.js';
import { loadRoutineRules } from './routine-rules.js';
import { getRoutine } from './routine.service.js';

async function ingredientsById(ctx: Context, ids: Iterable<string>): Promise<Map<string, Ingredient>> {
  const unique = [...new Set(ids)];
  const rows = await ctx.loaders.ingredientById.loadMany(unique);
  return new Map(rows.flatMap((r) => (r instanceof Ingredient ? [[r.id, r] as [string, Ingredient]] : [])));
}

/** The routine's steps with their products and ingredients, as the engines take them. */
export async function routineData(ctx: Context, routine: Routine, withFeelings: boolean) {
  const steps: RoutineStepRow[] = await ctx.loaders.routineStepsByRoutine.load(routine.id);
  const productIds = [...new Set(steps.flatMap((s) => (s.product ? [s.product.id] : [])))];
  const [products, owner, entries] = await Promise.all([
    ctx.loaders.productById.loadMany(productIds),
    withFeelings ? ctx.loaders.userById.load(routine.owner.id) : Promise.resolve(null),
    ctx.loaders.ingredientsByProduct.loadMany(productIds),
  ]);
  // Each product's ingredients carry the flags its stored reading gives them (product-flags.ts: at their dose, in
  // this kind of product), not the catalogue's, as on the product's page.
  const readFlags = new Map(
    productIds.map((id, n) => {
      const rows = entries[n];
      const byIngredient = new Map<string, string[]>();
      if (!(rows instanceof Error))
        for (const row of rows)
          if (row.ingredient)
            byIngredient.set(row.ingredient.id, [
              ...new Set([...(byIngredient.get(row.ingredient.id) ?? []), ...row.flags]),
            ]);
      return [id, byIngredient];
    }),
  );
  const asRead = (productId: string, ingredient: Ingredient): Ingredient => {
    const flags = readFlags.get(productId)?.get(ingredient.id);
    if (!flags || (flags.length === ingredient.flags.length && flags.every((f) => ingredient.flags.includes(f))))
      return ingredient;
    return Object.assign(Object.create(Object.getPrototypeOf(ingredient)) as Ingredient, ingredient, { flags });
  };
  const productById = new Map(
    products.flatMap((p) => (p && !(p instanceof Error) ? [[p.id, p as Product] as [string, Product]] : [])),
  );
  const ingredients = await ingredientsById(
    ctx,
    [...productById.values()].flatMap((p) => p.ingredientIds),
  );
  let negative: string[] = [];
  if (owner && canSeeFeelings(owner, ctx.viewer)) {
    const feelings = await ctx.em.find(
      IngredientFeeling,
      { user: owner.id, sentiment: Sentiment.negative },
      { fields: ['id', 'ingredient'] },
    );
    negative = feelings.map((f) => f.ingredient.id);
  }
  const engineSteps: EngineStep[] = steps.map((s) => {
    const product = s.product ? productById.get(s.product.id) : undefined;
    return {
      id: s.id,
      position: s.position,
      stepType: s.stepType,
      product: product
        ? {
            id: product.id,
            name: product.name,
            ingredients: product.ingredientIds.flatMap((id) =>
              ingredients.has(id) ? [asRead(product.id, ingredients.get(id)!)] : [],
            ),
          }
        : null,
    };
  });
  const engineRoutine: EngineRoutine = {
    timeOfDay: routine.timeOfDay,
    steps: engineSteps,
    negativeIngredientIds: negative,
  };
  return { steps, productById, engineRoutine, owner: owner instanceof Error ? null : owner };
}

export type CompatibilityVerdict = RoutineVerdict;
export const verdictOf = (findings: Finding[]): CompatibilityVerdict => routineVerdict(findings);

export async function routineCompatibility(ctx: Context, id: string) {
  const routine = await getRoutine(ctx.em, id, ctx.viewer);
  const { engineRoutine, owner } = await routineData(ctx, routine, true);
  const findings = checkRoutine(engineRoutine, loadRoutineRules());
  // The owner's pregnancy is theirs to know (the skin profile is seen by its owner and admins only): the routine's
  // verdict names each product to avoid for them, and for no one else.
  if (owner && ctx.viewer && isSelfOrAdmin(owner, ctx.viewer) && skinProfileOf(owner).pregnant)
    findings.push(...pregnancyFindings(engineRoutine.steps));
  return {
    routine,
    verdict: verdictOf(findings),
    findings,
    stepsChecked: engineRoutine.steps.filter((s) => s.product).length,
  };
}

export async function routineDetailedSummary(ctx: Context, id: string) {
  const routine = await getRoutine(ctx.em, id, ctx.viewer);
  const { steps, productById, engineRoutine } = await routineData(ctx, routine, false);
  const summary = summarizeRoutine(engineRoutine.steps);
  const stepById = new Map(steps.map((s) => [s.id, s]));
  return {
    routine,
    steps: summary.steps.map((s) => ({
      step: stepById.get(s.step.id)!,
      product: s.step.product ? (productById.get(s.step.product.id) ?? null) : null,
      keyActives: s.keyActives.map((a) => ({ ingredient: a.ingredient as Ingredient, groups: a.groups })),
      flags: s.flags,
      effects: s.effects,
    })),
    totals: summary.totals,
  };
}

/** Would the product of an analysis fit the routine, at which step, and what would it add? */
export async function analysisFit(
  ctx: Context,
  id: string,
  token: string,
): Promise<ProductFit & { routine: Routine; analysisToken: string }> {
  const routine = await getRoutine(ctx.em, id, ctx.viewer);
  const analysis = await getAnalysis(ctx.em, token);
  const { engineRoutine } = await routineData(ctx, routine, true);
  const ids = analysis.entries.flatMap((e) => (e.ingredientId && !e.mayContain ? [e.ingredientId] : []));
  const ingredients = await ingredientsById(ctx, ids);
  const guess = ids.length ? (await categorizeList(ctx, ids)).best : null;
  const categoryStep =
    guess && guess.confidence >= 0.5 && guess.category.stepType
      ? { stepType: guess.category.stepType, name: guess.category.name }
      : null;
  const fit = fitProduct(
    engineRoutine,
    {
      id: analysis.token,
      ingredients: [...new Set(ids)].flatMap((i) => (ingredients.has(i) ? [ingredients.get(i)!] : [])),
      categoryStep,
    },
    loadRoutineRules(),
  );
  return { ...fit, routine, analysisToken: analysis.token };
}

/**
 * Pitches of published products for the routine's step types, and those assigned to its steps:
 * assigned ones first, then newest.
 */
export async function routinePitches(ctx: Context, id: string, page: PageArgs) {
  const routine = await getRoutine(ctx.em, id, ctx.viewer);
  const steps: RoutineStepRow[] = await ctx.loaders.routineStepsByRoutine.load(routine.id);
  const types = [...new Set(steps.map((s) => s.stepType))];
  const assigned = [...new Set(steps.flatMap((s) => (s.pitch ? [s.pitch.id] : [])))];
  const { limit, offset, next } = offsetPage(page);
  if (!types.length && !assigned.length) return { items: [], nextCursor: null };
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (types.length) {
    conditions.push(`p.step_types && array[${types.map(() => '?').join(', ')}]::text[]`);
    params.push(...types);
  }
  if (assigned.length) {
    conditions.push(`p.id in (${assigned.map(() => '?').join(', ')})`);
    params.push(...assigned);
  }
  const assignedFirst = assigned.length ? `(p.id in (${assigned.map(() => '?').join(', ')})) desc,` : '';
  const rows = await ctx.em.execute<Array<{ id: string }>>(
    `select p.id from product_pitch p join product pr on pr.id = p.product_id and pr.status = 'published'
     where ${conditions.join(' or ')} order by ${assignedFirst} p.created_at desc, p.id desc limit ? offset ?`,
    [...params, ...assigned, limit + 1, offset],
  );
  const pitches = await ctx.em.find(ProductPitch, { id: { $in: rows.map((r) => r.id) } });
  const byId = new Map(pitches.map((p) => [p.id, p]));
  return {
    items: rows.slice(0, limit).flatMap((r) => {
      const pitch = byId.get(r.id);
      if (!pitch) return [];
      return [
        {
          pitch,
          productId: pitch.product.id,
          matchingStepTypes: pitch.stepTypes.filter((t) => types.includes(t)),
          assignedStepIds: steps.filter((s) => s.pitch?.id === pitch.id).map((s) => s.id),
        },
      ];
    }),
    nextCursor: next(rows.length),
  };
}
