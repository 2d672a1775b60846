// The caller's reactions turned into the detective's plain data (reaction/engine/detective.ts),
// and the one-step "mark these suspects negative". A fixed number of queries whatever the number
// of reactions: the reactions, their products' lists (one loader batch), their analyses (one
// query, when any); ingredients come from the in-memory knowledge base.
import type { Context } from '../../context.js';
import { AppError, conflict, validationFailed } from '../../errors.js';
import { IngredientAnalysis } from '../analysis/analysis.entity.js';
import { estimateConcentrations, atMostOnePercent } from '../analysis/engine/concentration.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { setFeeling } from '../feeling/feeling.service.js';
import { Sentiment, type IngredientFeeling } from '../feeling/ingredient-feeling.entity.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { investigate, latestRatings, type DetectiveResult, type RatedItem, type Suspect } from './engine/detective.js';
import { ProductReaction } from './product-reaction.entity.js';
import { DetectiveStatus, SuspectConfidence, SuspectKind, type ReactionSuspects } from './reaction.types.js';

/** One entry of a list, as both products and analyses store it. */
interface ListEntry {
  position: number;
  ingredientId: string | null;
  concentration: string | null;
  mayContain: boolean;
  input: string;
}

export interface RatedSubject {
  key: string;
  productId: string | null;
  analysisToken: string | null;
  reaction: ProductReaction;
}

/** The detective's input for the caller: each reaction with its list, in label order. */
export async function ratedItems(ctx: Context): Promise<{ items: RatedItem[]; subjects: Map<string, RatedSubject> }> {
  const viewer = ctx.viewer!;
  const reactions = await ctx.em.find(
    ProductReaction,
    { user: viewer.id },
    { orderBy: { reactedOn: 'asc', id: 'asc' } },
  );
  const productIds = [...new Set(reactions.flatMap((r) => (r.product ? [r.product.id] : [])))];
  const analysisIds = [...new Set(reactions.flatMap((r) => (r.analysis ? [r.analysis.id] : [])))];
  // Straight through ctx.em, not the request's loaders: over POST /graphql a mutation's context
  // holds the loaders of the outer entity manager, which wait forever for PGlite's one connection
  // while this transaction holds it.
  const [entries, analyses, knowledge] = await Promise.all([
    productEntries(ctx.em, productIds),
    analysisIds.length
      ? ctx.em.find(IngredientAnalysis, { id: { $in: analysisIds } }, { fields: ['id', 'token', 'entries'] })
      : Promise.resolve([]),
    loadKnowledgeBase(ctx.em),
  ]);
  const lists = new Map<string, ListEntry[]>();
  for (const e of entries) {
    const list = lists.get(e.product_id) ?? [];
    list.push({
      position: e.position,
      ingredientId: e.ingredient_id,
      concentration: e.concentration,
      mayContain: e.may_contain,
      input: e.input,
    });
    lists.set(e.product_id, list);
  }
  const tokens = new Map<string, string>();
  for (const a of analyses) {
    tokens.set(a.id, a.token);
    lists.set(
      a.id,
      a.entries.map((e) => ({
        position: e.position,
        ingredientId: e.ingredientId,
        concentration: e.concentration,
        mayContain: e.mayContain,
        input: e.input,
      })),
    );
  }
  const subjects = new Map<string, RatedSubject>();
  const items = reactions.map((reaction): RatedItem => {
    const key = reaction.product?.id ?? reaction.analysis!.id;
    subjects.set(key, {
      key,
      productId: reaction.product?.id ?? null,
      analysisToken: reaction.analysis ? (tokens.get(reaction.analysis.id) ?? null) : null,
      reaction,
    });
    return {
      key,
      outcome: reaction.outcome,
      date: reaction.reactedOn,
      ingredients: ratedIngredients(lists.get(key) ?? [], knowledge.byId),
    };
  });
  return { items, subjects };
}

interface EntryRow {
  product_id: string;
  position: number;
  ingredient_id: string | null;
  concentration: string | null;
  may_contain: boolean;
  input: string;
}

/** The lists of many products in one statement, as plain rows: hydrating ~1,500 entities would cost more than the detective. */
function productEntries(em: Context['em'], productIds: string[]): Promise<EntryRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return em.execute<EntryRow[]>(
    `select product_id, position, ingredient_id, concentration, may_contain, input from product_ingredient where product_id in (${productIds.map(() => '?').join(', ')}) order by product_id, position`,
    productIds,
  );
}

/** Matched entries of a list (not "may contain"), with the band the list allows and their groups. */
function ratedIngredients(entries: ListEntry[], byId: Map<string, Ingredient>) {
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  const estimates = estimateConcentrations(
    sorted.map((e) => ({
      position: e.position,
      concentration: e.concentration,
      mayContain: e.mayContain,
      name: e.input,
    })),
  );
  return sorted.flatMap((e, i) => {
    const ingredient = e.ingredientId ? byId.get(e.ingredientId) : undefined;
    if (!ingredient || e.mayContain) return [];
    return [
      {
        id: ingredient.id,
        name: ingredient.name,
        position: e.position,
        groups: ingredient.groups,
        band: atMostOnePercent(estimates[i])
          ? ('at_most_1_percent' as const)
          : estimates[i].min > 1
            ? ('above_1_percent' as const)
            : null,
      },
    ];
  });
}

export interface CallerSuspects extends DetectiveResult {
  subjects: Map<string, RatedSubject>;
  /** For each suspect (by kind:id), the keys of the rated things containing it. */
  evidence: Map<string, string[]>;
  ingredients: Map<string, Ingredient>;
}

export const suspectKey = (s: Pick<Suspect, 'kind' | 'id'>) => `${s.kind}:${s.id}`;

export async function callerSuspects(ctx: Context, limit?: number | null): Promise<CallerSuspects> {
  if (limit !== null && limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 50))
    throw validationFailed('limit', 'limit must be an integer from 1 to 50');
  const { items, subjects } = await ratedItems(ctx);
  const result = investigate(items, { limit: limit ?? 10 });
  const { byId } = await loadKnowledgeBase(ctx.em);
  const latest = latestRatings(items);
  const evidence = new Map<string, string[]>();
  for (const s of result.suspects) {
    const contains = (i: RatedItem['ingredients'][number]) =>
      s.kind === 'ingredient' ? i.id === s.id : i.groups.includes(s.id);
    evidence.set(
      suspectKey(s),
      latest.flatMap((item) => (item.ingredients.some(contains) ? [item.key] : [])),
    );
  }
  return { ...result, subjects, evidence, ingredients: byId };
}

/**
 * Marks suspects as the caller's negative feelings: the named ones (ingredient ids, or group
 * names for group suspects: each member found in a bad product), else the `top` ones. In the
 * mutation's transaction; answers the feelings written.
 */
export async function markSuspectsNegative(
  ctx: Context,
  ids: string[] | null | undefined,
  top: number | null | undefined,
  confirmLowConfidence = false,
): Promise<IngredientFeeling[]> {
  if (top !== null && top !== undefined && (!Number.isInteger(top) || top < 1 || top > 10))
    throw validationFailed('top', 'top must be an integer from 1 to 10');
  const result = await callerSuspects(ctx, 50);
  if (result.status !== 'ok')
    throw conflict(`There is no suspect to mark: ${result.message}`, { status: result.status });
  let chosen: Suspect[];
  if (ids?.length) {
    const unknown = ids.filter((id) => !result.suspects.some((s) => s.id === id));
    if (unknown.length)
      throw validationFailed('ids', `Not among your suspects: ${unknown.map((u) => JSON.stringify(u)).join(', ')}`);
    chosen = result.suspects.filter((s) => ids.includes(s.id));
  } else {
    chosen = result.suspects.slice(0, top ?? 1);
  }
  // A low-confidence suspect may well be innocent, and a negative feeling hides or flags every
  // product holding it: the caller confirms that choice in so many words, nothing is written before.
  const low = chosen.filter((s) => s.confidence === 'low');
  if (low.length && !confirmLowConfidence) {
    const names = low.map((s) => `"${s.name}"`).join(', ');
    throw new AppError(
      'VALIDATION_FAILED',
      `${names} ${low.length === 1 ? 'is a suspect' : 'are suspects'} of low confidence: the reactions recorded so far could well be chance. ` +
        'A negative feeling flags every product that contains it and ranks them down in alternatives. ' +
        'To mark it anyway, send confirm_low_confidence: true; or record more reactions first.',
      { field: 'confirm_low_confidence', low_confidence: low.map((s) => ({ id: s.id, name: s.name })) },
    );
  }
  const ingredientIds = [
    ...new Set(chosen.flatMap((s) => (s.kind === 'ingredient' ? [s.id] : s.members.map((m) => m.id)))),
  ];
  const feelings: IngredientFeeling[] = [];
  for (const id of ingredientIds) feelings.push(await setFeeling(ctx.em, id, ctx.viewer!, Sentiment.negative));
  return feelings;
}

/** The detective's answer for the caller, with ingredients and rated products resolved. */
export async function reactionSuspects(ctx: Context, limit?: number | null): Promise<ReactionSuspects> {
  const result = await callerSuspects(ctx, limit);
  const ingredientsOf = (list: Array<{ id: string }>) =>
    list.flatMap((i) => (result.ingredients.has(i.id) ? [result.ingredients.get(i.id)!] : []));
  const productIds = [
    ...new Set(
      [...result.evidence.values()]
        .flat()
        .flatMap((key) => (result.subjects.get(key)?.productId ? [result.subjects.get(key)!.productId!] : [])),
    ),
  ];
  const products = await ctx.loaders.productById.loadMany(productIds);
  const productById = new Map(products.flatMap((p) => (p && !(p instanceof Error) ? [[p.id, p] as const] : [])));
  return {
    status: result.status as DetectiveStatus,
    message: result.message,
    badProducts: result.badProducts,
    goodProducts: result.goodProducts,
    inEveryProduct: ingredientsOf(result.inEveryProduct),
    sharedByBadProducts: ingredientsOf(result.sharedByBadProducts),
    suspects: result.suspects.map((s) => ({
      ...s,
      kind: s.kind as SuspectKind,
      confidence: s.confidence as SuspectConfidence,
      ingredient: s.kind === 'ingredient' ? (result.ingredients.get(s.id) ?? null) : null,
      alwaysWith: ingredientsOf(s.alwaysWith),
      members: ingredientsOf(s.members),
      evidence: (result.evidence.get(suspectKey(s)) ?? []).map((key) => {
        const subject = result.subjects.get(key)!;
        return {
          product: subject.productId ? (productById.get(subject.productId) ?? null) : null,
          analysisToken: subject.analysisToken,
          outcome: subject.reaction.outcome,
          reactedOn: subject.reaction.reactedOn,
        };
      }),
    })),
  };
}
