// From a checked request to the engine's PlanRequest (issue 41; research §4.4 step 1 and 5): the person, the shelf
// (stored or listed), the catalog's candidates for every slot the plan may have to fill, each product read at dose,
// and the reference rates. At most 9 statements whatever the shelf and catalog: the shelf (stored), the person (1),
// the detective (at most 3), the products and candidates (1), the shelf's analyses (when any), entries, offers.
import type { Context } from '../../context.js';
import { AppError } from '../../errors.js';
import { readRows } from '../../read-rows.js';
import type { StoredEntry } from '../analysis/analysis.entity.js';
import type { ActiveOutsideList } from '../analysis/engine/analyze.js';
import { loadExchangeRates } from '../buy/exchange-rates.js';
import { shelfRowsOf } from '../shelf/shelf-rows.js';
import { isPregnancy, isReactive, type ActiveKind } from './engine/classify.js';
import { GOAL_ACTIVES, goalConcern } from './engine/goals.js';
import type { PlanAnswer, PlanProduct, PlanRequest, PlanShelfItem, ShelfStatus, Weekday } from './engine/types.js';
import { groupIngredientIds, readPerson, sensitivityFilter, sensitivityIds } from './plan-person.js';
import { analysisProduct, planProducts, productRows, type CandidateSlot } from './plan-products.js';
import type { CheckedRequest } from './plan-request.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';

/** The ingredient groups (or aliases) that make each kind of active the catalog is searched for. */
const KIND_GROUPS: Partial<Record<ActiveKind, string[]>> = {
  retinoid: ['retinoids'],
  exfoliant: ['ahas', 'bhas', 'phas', 'exfoliating_enzymes'],
  benzoyl_peroxide: ['benzoyl_peroxide'],
  vitamin_c: ['vitamin_c'],
  niacinamide: ['niacinamide'],
};

interface ShelfLine {
  itemId: string;
  productKey: string | null;
  analysisKey: string | null;
  status: ShelfStatus;
  tolerated: boolean;
  prescribed: { days: Weekday[]; timeOfDay: 'morning' | 'evening' } | null;
  note: string;
}

interface AnalysisRow {
  id: string;
  token: string;
  entries: StoredEntry[] | string;
  nameLine: string | null;
  activesOutsideList: ActiveOutsideList[] | string | null;
}

const notFoundAt = (field: string, what: string, key: string) =>
  new AppError('NOT_FOUND', `${what} "${key}" was not found`, { field });

export interface PlanReplan {
  previous: PlanAnswer;
  /** A product (id or alias) the person finished: planned as finished whatever the shelf says. */
  finished: string | null;
}

export async function planRequestOf(
  ctx: Context,
  request: CheckedRequest,
  replan: PlanReplan | null = null,
): Promise<PlanRequest> {
  const person = await readPerson(ctx, request);
  const { profile } = person;
  const lines: ShelfLine[] = request.shelf
    ? request.shelf.map((e, i) => ({
        itemId: `shelf-${String(i).padStart(2, '0')}`,
        productKey: e.product,
        analysisKey: e.analysisToken,
        status: e.status,
        tolerated: e.tolerated,
        prescribed: null,
        note: '',
      }))
    : (await shelfRowsOf(ctx.em, ctx.viewer!.id)).map((r) => ({
        itemId: r.id,
        productKey: r.productId,
        analysisKey: r.analysisId,
        status: r.status as ShelfStatus,
        tolerated: r.tolerated,
        prescribed:
          r.prescribedDays?.length && r.prescribedTime
            ? { days: r.prescribedDays as Weekday[], timeOfDay: r.prescribedTime as 'morning' | 'evening' }
            : null,
        note: r.note,
      }));

  const buying = request.buy === 'within_budget';
  const slots: CandidateSlot[] = [];
  const sensitivity = await sensitivityFilter(ctx, person.sensitivities);
  if (buying) {
    slots.push(
      { key: 'protect', stepType: 'protect' },
      { key: 'cleanse', stepType: 'cleanse' },
      { key: 'moisturise', stepType: 'moisturise' },
    );
    const { byId } = await loadKnowledgeBase(ctx.em);
    const kinds = new Set<ActiveKind>();
    for (const goal of (request.goals.length ? request.goals : profile.concerns).map(goalConcern)) {
      const row = GOAL_ACTIVES[goal];
      if (row) for (const k of isPregnancy(profile) ? row.inPregnancy : row.actives) kinds.add(k);
    }
    for (const kind of [...kinds].sort()) {
      const ids =
        kind === 'azelaic_acid'
          ? [...byId.values()].filter((i) => i.alias === 'azelaic-acid').map((i) => i.id)
          : (KIND_GROUPS[kind] ?? []).flatMap((g) => groupIngredientIds(byId, g));
      if (ids.length) slots.push({ key: kind, ingredientIds: ids });
    }
  }
  const previousBought = replan?.previous.purchases.items.map((i) => i.product.id) ?? [];
  const keys = [
    ...new Set([
      ...lines.flatMap((l) => (l.productKey ? [l.productKey] : [])),
      ...request.prescribed.map((p) => p.product),
      ...request.excludeProducts,
      ...previousBought,
      ...(replan?.finished ? [replan.finished] : []),
    ]),
  ];
  const analysisKeys = lines.flatMap((l) => (l.analysisKey ? [l.analysisKey] : []));
  const [rows, analyses] = await Promise.all([
    productRows(ctx, keys, slots, {
      avoidIngredientIds: [
        ...new Set([...profile.negativeIngredientIds, ...profile.suspectIngredientIds, ...sensitivity.ingredientIds]),
      ],
      avoidFlags: [...(isPregnancy(profile) ? ['pregnancy_caution'] : []), ...sensitivity.flags],
      avoidLeaveOnFlags: isReactive(profile) ? ['fragrance', 'essential_oil'] : [],
      excludeProductKeys: request.excludeProducts,
      excludeBrands: request.excludeBrands,
    }),
    analysisKeys.length
      ? readRows<AnalysisRow>(
          ctx.em,
          `select id, token, entries, name_line as "nameLine", actives_outside_list as "activesOutsideList"
             from ingredient_analysis where ${request.shelf ? 'token' : 'id'} in (?)`,
          [analysisKeys],
        )
      : Promise.resolve([] as AnalysisRow[]),
  ]);
  const named = new Map<string, string>();
  for (const r of rows.filter((r) => r.slot === 'named')) {
    named.set(r.id, r.id);
    named.set(r.alias, r.id);
  }
  const idOf = (key: string) => named.get(key) ?? null;
  lines.forEach((l, i) => {
    if (l.productKey && !idOf(l.productKey)) throw notFoundAt(`shelf[${i}].product`, 'Product', l.productKey);
  });
  const analysisBy = new Map(analyses.map((a) => [request.shelf ? a.token : a.id, a]));
  lines.forEach((l, i) => {
    if (l.analysisKey && !analysisBy.has(l.analysisKey))
      throw notFoundAt(`shelf[${i}].analysis_token`, 'Analysis', l.analysisKey);
  });
  request.prescribed.forEach((p, i) => {
    const id = idOf(p.product);
    if (!id || !lines.some((l) => l.productKey && idOf(l.productKey) === id))
      throw notFoundAt(`prescribed[${i}].product`, 'Product on the shelf', p.product);
  });

  const products = await planProducts(ctx, rows);
  const finishedId = replan?.finished ? idOf(replan.finished) : null;
  const shelf: PlanShelfItem[] = [];
  for (const l of lines) {
    let product: PlanProduct | undefined;
    if (l.productKey) product = products.get(idOf(l.productKey) ?? '');
    else {
      const a = analysisBy.get(l.analysisKey!)!;
      product = await analysisProduct(
        ctx,
        {
          id: a.id,
          entries: typeof a.entries === 'string' ? (JSON.parse(a.entries) as StoredEntry[]) : a.entries,
          nameLine: a.nameLine,
          activesOutsideList:
            typeof a.activesOutsideList === 'string'
              ? (JSON.parse(a.activesOutsideList) as ActiveOutsideList[])
              : a.activesOutsideList,
        },
        l.note.trim() || a.nameLine?.trim() || 'An ingredient list you analysed',
      );
    }
    if (!product) continue;
    shelf.push({
      itemId: l.itemId,
      product,
      status: product.id === finishedId ? 'finished' : l.status,
      tolerated: l.tolerated,
      inCurrentRoutine: person.routineProductIds.has(product.id),
      // No period after opening is known for catalog products: none is guessed.
      expired: false,
    });
  }
  const onShelf = new Set(shelf.map((s) => s.product.id));
  const catalog = [...new Set(rows.filter((r) => r.slot !== 'named' || previousBought.includes(r.id)).map((r) => r.id))]
    .filter((id) => !onShelf.has(id))
    .map((id) => products.get(id)!);
  profile.sensitivityIngredientIds = sensitivityIds(person, [
    ...shelf.flatMap((s) => s.product.ingredients),
    ...catalog.flatMap((p) => p.ingredients),
  ]);
  const prescribed = [
    ...request.prescribed.map((p) => ({
      productId: idOf(p.product)!,
      days: p.days as Weekday[],
      timeOfDay: p.timeOfDay,
    })),
    ...lines.flatMap((l) =>
      l.prescribed && l.productKey && !request.prescribed.some((p) => idOf(p.product) === idOf(l.productKey!))
        ? [{ productId: idOf(l.productKey)!, ...l.prescribed }]
        : [],
    ),
  ];
  const fx = loadExchangeRates();
  return {
    shelf,
    catalog,
    profile,
    goals: request.goals,
    steps: request.steps,
    budget: request.budget,
    buy: request.buy,
    startOn: request.startOn,
    horizonWeeks: request.horizonWeeks,
    prescribed,
    excludeProducts: request.excludeProducts.flatMap((k) => {
      const id = idOf(k);
      return id ? [id] : [];
    }),
    excludeBrands: request.excludeBrands,
    rates: { date: fx.date, rates: fx.rates },
    previous: replan?.previous ?? null,
  };
}
