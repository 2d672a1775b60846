// The person a plan is for, as the engine's PlanProfile: the stored skin profile and survey (signed in) under the
// request's overrides, their feelings, the reaction detective's medium and high suspects, and the ingredients of
// their survey sensitivities. Signed in: one statement for the survey's pregnancy answer, the current routines'
// products and the feelings, and the detective's (callerSuspects, at most three). A preview reads nothing.
import type { Context } from '../../context.js';
import { readRows } from '../../read-rows.js';
import { skinProfileOf } from '../feeling/skin-profile.service.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { callerSuspects } from '../reaction/detective.service.js';
import { SENSITIVITY_TRIGGERS, sensitivityReasons } from '../survey/engine/sensitivities.js';
import type { PlanIngredient, PlanProfile, Pregnancy } from './engine/types.js';
import type { CheckedRequest } from './plan-request.js';

export interface Person {
  /** The profile without sensitivityIngredientIds, which come from the products read (sensitivityIds). */
  profile: PlanProfile;
  sensitivities: string[];
  positiveIngredientIds: string[];
  /** Products in the person's current routines (not new to them). */
  routineProductIds: Set<string>;
}

interface PersonRow {
  pregnancy: string[] | string | null;
  routineProducts: string[] | null;
  negative: string[] | null;
  positive: string[] | null;
}

/** A representative age for the survey's range: the planner asks only whether someone is under 18. */
const AGE_OF_RANGE: Record<string, number> = {
  under_18: 16,
  '18_24': 18,
  '25_34': 25,
  '35_44': 35,
  '45_54': 45,
  '55_plus': 55,
};
const PREGNANCY: Pregnancy[] = ['pregnant', 'trying', 'breastfeeding', 'no'];

export async function readPerson(ctx: Context, request: CheckedRequest): Promise<Person> {
  const given = request.profile;
  const viewer = ctx.viewer;
  let stored = viewer ? skinProfileOf(viewer) : null;
  let row: PersonRow | null = null;
  let suspects: string[] = [];
  if (viewer) {
    const [rows, found] = await Promise.all([
      readRows<PersonRow>(
        ctx.em,
        `select (select s.answers from survey_answer s where s.user_id = ? and s.question = 'pregnancy') as pregnancy,
                array(select distinct rs.product_id::text from routine_step rs join routine r on r.id = rs.routine_id
                       where r.owner_id = ? and r.current and rs.product_id is not null) as "routineProducts",
                array(select f.ingredient_id::text from ingredient_feeling f where f.user_id = ? and f.sentiment = 'negative') as negative,
                array(select f.ingredient_id::text from ingredient_feeling f where f.user_id = ? and f.sentiment = 'positive') as positive`,
        [viewer.id, viewer.id, viewer.id, viewer.id],
      ),
      callerSuspects(ctx),
    ]);
    row = rows[0] ?? null;
    const { byId } = await loadKnowledgeBase(ctx.em);
    // Medium and high confidence only (research §4.4): a low-confidence suspect is a hunch, not a reason to exclude.
    for (const s of found.suspects.filter((x) => x.confidence === 'medium' || x.confidence === 'high'))
      suspects.push(...(s.kind === 'ingredient' ? [s.id] : groupIngredientIds(byId, s.id)));
    suspects = [...new Set(suspects)].sort();
  } else stored = null;
  const answered = Array.isArray(row?.pregnancy) ? row.pregnancy[0] : row?.pregnancy;
  const pregnancy: Pregnancy =
    (given.pregnancy as Pregnancy | undefined) ??
    (PREGNANCY.includes(answered as Pregnancy) ? (answered as Pregnancy) : stored?.pregnant ? 'pregnant' : 'no');
  const sensitivities = (given.sensitivities ?? stored?.sensitivities ?? []).filter((s) => s !== 'none');
  return {
    profile: {
      age: given.age ?? (stored?.ageRange ? (AGE_OF_RANGE[stored.ageRange] ?? null) : null),
      skinType: (given.skinType ?? stored?.skinType ?? null) as PlanProfile['skinType'],
      concerns: [...(given.concerns ?? stored?.concerns ?? [])],
      pregnancy,
      taking: [...(given.taking ?? [])],
      climate: (given.climate ?? stored?.climate ?? null) as PlanProfile['climate'],
      experience: (request.experience ?? stored?.routineExperience ?? null) as PlanProfile['experience'],
      negativeIngredientIds: [...(row?.negative ?? [])].sort(),
      suspectIngredientIds: suspects,
      sensitivityIngredientIds: [],
      acne: given.acne ?? null,
      suspectedAllergy: given.suspectedAllergy ?? false,
      unsettledFlare: given.unsettledFlare ?? false,
    },
    sensitivities,
    positiveIngredientIds: [...(row?.positive ?? [])].sort(),
    routineProductIds: new Set(row?.routineProducts ?? []),
  };
}

/** The ingredients of the products read that a survey sensitivity concerns (a positive feeling spares one). */
export function sensitivityIds(person: Person, ingredients: PlanIngredient[]): string[] {
  if (!person.sensitivities.length) return [];
  const hits = sensitivityReasons(ingredients, person.sensitivities, person.positiveIngredientIds);
  return [...new Set(hits.map((h) => h.ingredient.id))].sort();
}

/** Sensitivities the catalog read filters by the product's flags (at dose), and the rest by ingredient ids. */
const SENSITIVITY_FLAGS: Record<string, string[]> = {
  fragrance: ['fragrance', 'eu_allergen'],
  essential_oils: ['essential_oil'],
  alcohol: ['drying_alcohol'],
  sulfates: ['sulfate'],
};

const groupIds = new WeakMap<Map<string, Ingredient>, Map<string, string[]>>();

function groupIngredientIds(byId: Map<string, Ingredient>, group: string): string[] {
  let cache = groupIds.get(byId);
  if (!cache) groupIds.set(byId, (cache = new Map()));
  let ids = cache.get(group);
  if (!ids) {
    ids = [...byId.values()].filter((i) => i.groups.includes(group)).map((i) => i.id);
    cache.set(group, ids);
  }
  return ids;
}

const sensitivityIdCache = new WeakMap<Map<string, Ingredient>, Map<string, string[]>>();

/** For the catalog read: flags and ingredient ids no candidate may carry for these sensitivities. */
export async function sensitivityFilter(
  ctx: Context,
  sensitivities: string[],
): Promise<{ flags: string[]; ingredientIds: string[] }> {
  const flags = sensitivities.flatMap((s) => SENSITIVITY_FLAGS[s] ?? []);
  const byIds = sensitivities.filter((s) => !SENSITIVITY_FLAGS[s] && SENSITIVITY_TRIGGERS[s]);
  if (!byIds.length) return { flags, ingredientIds: [] };
  const { byId } = await loadKnowledgeBase(ctx.em);
  let cache = sensitivityIdCache.get(byId);
  if (!cache) sensitivityIdCache.set(byId, (cache = new Map()));
  const ids: string[] = [];
  for (const s of byIds) {
    let found = cache.get(s);
    if (!found) {
      const trigger = SENSITIVITY_TRIGGERS[s];
      found = [...byId.values()].filter((i) => trigger.test(i)).map((i) => i.id);
      cache.set(s, found);
    }
    ids.push(...found);
  }
  return { flags, ingredientIds: [...new Set(ids)] };
}

export { groupIngredientIds };
