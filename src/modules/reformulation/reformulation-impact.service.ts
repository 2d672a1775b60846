// Who a change of a product's list touches: the people who favour the product or have it in a
// routine, and of those only the ones for whom the change matters (engine/impact.ts). One alert
// per person and change, in the transaction that wrote the version. Batched: a constant number
// of statements whatever the number of products, watchers and routines.
import type { EntityManager } from '../../db.js';
import { personalize } from '../analysis/engine/personalize.js';
import { dosedIngredients, readEntries } from '../analysis/list-reading.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { IngredientFeeling, Sentiment } from '../feeling/ingredient-feeling.entity.js';
import { skinProfileOf } from '../feeling/skin-profile.service.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product } from '../product/product.entity.js';
import { checkRoutine, type EngineRoutine } from '../routine/engine/compatibility.js';
import { Routine, RoutineStep } from '../routine/routine.entity.js';
import { loadRoutineRules } from '../routine/routine-rules.js';
import { User } from '../user/user.entity.js';
import { impactOf, type ProfileCaution, type RoutineClash } from './engine/impact.js';
import { diffIngredientLists, type ListDiff } from './engine/list-diff.js';
import type { ListVersionEntry } from './product-list-version.entity.js';
import { ReformulationAlert } from './reformulation-alert.entity.js';
import { versionEntries, type StoredVersion } from './version-entries.js';

export interface ListChange {
  productId: string;
  from: StoredVersion;
  to: StoredVersion;
}

interface Watch {
  user_id: string;
  product_id: string;
  routine_id: string | null;
}

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/** The ingredients a list holds (not its "may contain" entries), as the routine engine takes them. */
const listIngredients = (entries: ListVersionEntry[], byId: ReadonlyMap<string, Ingredient>): Ingredient[] =>
  [...new Set(entries.flatMap((e) => (e.ingredientId && !e.mayContain ? [e.ingredientId] : [])))].flatMap((id) =>
    byId.has(id) ? [byId.get(id)!] : [],
  );

/** Profile cautions and avoids (not feelings: the impact engine reads those itself) on a version. */
function cautionsOn(
  entries: ListVersionEntry[],
  byId: ReadonlyMap<string, Ingredient>,
  user: User,
  feelings: { positive: string[]; negative: string[] },
): ProfileCaution[] {
  const ingredients = entries.map((e) => (e.ingredientId ? (byId.get(e.ingredientId) ?? null) : null));
  const result = personalize(dosedIngredients(readEntries(entries, ingredients)), skinProfileOf(user), feelings);
  return result.reasons
    .filter((r) => r.verdict !== 'good' && r.source !== 'feeling')
    .map((r) => ({ ingredientId: r.ingredient.id, basis: r.basis, reason: r.reason }));
}

export async function raiseReformulationAlerts(em: EntityManager, changes: ListChange[]): Promise<number> {
  if (!changes.length) return 0;
  const productIds = changes.map((c) => c.productId);
  const watches = await em.execute<Watch[]>(
    `select f.user_id, f.product_id, null::uuid as routine_id from product_favorite f where f.product_id = any(?::uuid[])
     union select r.owner_id, s.product_id, r.id from routine_step s join routine r on r.id = s.routine_id where s.product_id = any(?::uuid[])`,
    [uuidArray(productIds), uuidArray(productIds)],
  );
  if (!watches.length) return 0;

  const { byId } = await loadKnowledgeBase(em);
  const diffs = new Map<string, ListDiff>();
  for (const c of changes) {
    const diff = diffIngredientLists(versionEntries(c.from.entries, byId), versionEntries(c.to.entries, byId));
    if (!diff.identical) diffs.set(c.productId, diff);
  }
  const relevant = watches.filter((w) => diffs.has(w.product_id));
  if (!relevant.length) return 0;

  const userIds = [...new Set(relevant.map((w) => w.user_id))];
  const routineIds = [...new Set(relevant.flatMap((w) => (w.routine_id ? [w.routine_id] : [])))];
  const ingredientIds = new Set(
    changes.flatMap((c) =>
      [...c.from.entries, ...c.to.entries].flatMap((e) => (e.ingredientId ? [e.ingredientId] : [])),
    ),
  );
  const [users, feelings, routines, steps] = await Promise.all([
    em.find(User, { id: { $in: userIds } }),
    em.find(
      IngredientFeeling,
      { user: { $in: userIds }, ingredient: { $in: [...ingredientIds] } },
      { fields: ['id', 'user', 'ingredient', 'sentiment'] },
    ),
    routineIds.length
      ? em.find(Routine, { id: { $in: routineIds } }, { fields: ['id', 'name', 'timeOfDay', 'owner'] })
      : Promise.resolve([]),
    routineIds.length
      ? em.find(
          RoutineStep,
          { routine: { $in: routineIds } },
          { fields: ['id', 'routine', 'position', 'stepType', 'product'] },
        )
      : Promise.resolve([]),
  ]);
  const changed = new Map(changes.map((c) => [c.productId, c]));
  const otherProductIds = [
    ...new Set(steps.flatMap((s) => (s.product && !changed.has(s.product.id) ? [s.product.id] : []))),
  ];
  const others = otherProductIds.length
    ? await em.find(Product, { id: { $in: otherProductIds } }, { fields: ['id', 'ingredientIds'] })
    : [];
  const otherIngredients = new Map(
    others.map((p) => [p.id, p.ingredientIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))]),
  );

  const feelingsOf = new Map<string, { positive: string[]; negative: string[] }>();
  for (const f of feelings) {
    const mine = feelingsOf.get(f.user.id) ?? { positive: [], negative: [] };
    (f.sentiment === Sentiment.negative ? mine.negative : mine.positive).push(f.ingredient.id);
    feelingsOf.set(f.user.id, mine);
  }
  const rules = loadRoutineRules();
  const nameOf = (id: string) => byId.get(id)?.name ?? id;

  /** Findings of one routine that involve the changed product's step, with the product at `entries`. */
  const clashesIn = (
    routine: Pick<Routine, 'id' | 'name' | 'timeOfDay'>,
    productId: string,
    entries: ListVersionEntry[],
  ): RoutineClash[] => {
    const mine = steps.filter((s) => s.routine.id === routine.id);
    const engine: EngineRoutine = {
      timeOfDay: routine.timeOfDay,
      negativeIngredientIds: [],
      steps: mine.map((s) => ({
        id: s.id,
        position: s.position,
        stepType: s.stepType,
        product: !s.product
          ? null
          : {
              id: s.product.id,
              ingredients:
                s.product.id === productId
                  ? listIngredients(entries, byId)
                  : (otherIngredients.get(s.product.id) ?? []),
            },
      })),
    };
    const productSteps = new Set(mine.filter((s) => s.product?.id === productId).map((s) => s.id));
    return checkRoutine(engine, rules)
      .filter((f) => f.rule !== 'feeling' && f.steps.some((s) => productSteps.has(s.id)))
      .map((f) => ({
        routineId: routine.id,
        routineName: routine.name,
        rule: f.rule,
        title: f.title,
        ingredientIds: f.ingredients.map((i) => i.id),
      }));
  };

  const byUser = new Map(users.map((u) => [u.id, u]));
  const routineById = new Map(routines.map((r) => [r.id, r]));
  const pairs = new Map<string, { userId: string; productId: string; routineIds: string[] }>();
  for (const w of relevant) {
    const key = `${w.user_id}|${w.product_id}`;
    const pair = pairs.get(key) ?? { userId: w.user_id, productId: w.product_id, routineIds: [] };
    if (w.routine_id && routineById.get(w.routine_id)?.owner.id === w.user_id) pair.routineIds.push(w.routine_id);
    pairs.set(key, pair);
  }
  let raised = 0;
  for (const { userId, productId, routineIds: theirs } of pairs.values()) {
    const user = byUser.get(userId);
    if (!user) continue;
    const change = changed.get(productId)!;
    const mine = feelingsOf.get(userId) ?? { positive: [], negative: [] };
    const reasons = impactOf(
      diffs.get(productId)!,
      {
        negative: new Set(mine.negative),
        positive: new Set(mine.positive),
        cautionsBefore: cautionsOn(change.from.entries, byId, user, mine),
        cautionsAfter: cautionsOn(change.to.entries, byId, user, mine),
        clashesBefore: theirs.flatMap((id) => clashesIn(routineById.get(id)!, productId, change.from.entries)),
        clashesAfter: theirs.flatMap((id) => clashesIn(routineById.get(id)!, productId, change.to.entries)),
      },
      nameOf,
    );
    if (!reasons.length) continue;
    em.create(ReformulationAlert, {
      user: userId,
      product: productId,
      fromVersion: change.from.version,
      toVersion: change.to.version,
      reasons,
    } as never);
    raised++;
  }
  await em.flush();
  return raised;
}
