// Stored plans for the tests of a plan's life (accept, day view, pages, export): the planner engine runs on a fixture
// shelf whose product ids are real catalog products, and the answer is inserted as a RoutinePlan row, as the planning
// service stores it. Real products make the accepted routines ordinary ones: compatibility reads their real lists.
import { planRoutine } from '../../src/modules/planner/engine/planner.js';
import type { PlanAnswer, PlanProduct } from '../../src/modules/planner/engine/types.js';
import { loadPlanKnowledge } from '../../src/modules/planner/plan-knowledge.js';
import { RoutinePlan, RoutinePlanStatus } from '../../src/modules/planner/routine-plan.entity.js';
import type { TestApp } from './app.js';
import { baseProfile, FAMILIES, product, request, shelfItem } from './planner-fixtures.js';

/** The persona's shelf: each family with the list its real product is created with. */
export const SHELF_LISTS: Record<string, string> = {
  gentleCleanser: 'Water, Coco-Glucoside, Glycerin, Phenoxyethanol',
  retinolSerum: 'Water, Glycerin, Squalane, Retinol, Phenoxyethanol',
  bhaToner: 'Water, Salicylic Acid, Glycerin, Phenoxyethanol',
  vitaminCSerum: 'Water, Ascorbic Acid, Glycerin, Phenoxyethanol',
  moisturiser: 'Water, Glycerin, Squalane, Cetearyl Alcohol, Ceramide NP, Phenoxyethanol',
  sunscreen50: 'Water, Zinc Oxide, Caprylic/Capric Triglyceride, Glycerin, Phenoxyethanol',
};
export const GLYCOLIC_TONER = 'Water, Glycolic Acid, Sodium Hydroxide, Glycerin, Phenoxyethanol';

export interface CatalogShelf {
  /** family → the real product. */
  products: Record<string, { id: string; alias: string; name: string }>;
  /** A real glycolic toner (for drift). */
  glycolic: { id: string; alias: string; name: string };
}

let seq = 0;

/** Publishes one product with this list (as a moderator). */
export async function publishedProduct(t: TestApp, name: string, list: string) {
  const moderator = await t.tokenFor('plan-life-moderator', 'moderator');
  const brand = (
    (await t.inject({ method: 'GET', url: '/brands?limit=1' })).json() as { items: Array<{ alias: string }> }
  ).items[0].alias;
  const created = await t.inject({
    method: 'POST',
    url: '/products/create',
    token: moderator,
    payload: { name: `${name} ${++seq}`, brand, ingredient_list: list },
  });
  if (created.statusCode !== 201) throw new Error(`create product: ${created.body}`);
  const body = created.json() as { id: string; alias: string; name: string };
  const published = await t.inject({ method: 'PATCH', url: `/products/${body.alias}/publish`, token: moderator });
  if (published.statusCode !== 200) throw new Error(`publish product: ${published.body}`);
  return body;
}

export async function catalogShelf(t: TestApp): Promise<CatalogShelf> {
  const products: CatalogShelf['products'] = {};
  for (const [family, list] of Object.entries(SHELF_LISTS))
    products[family] = await publishedProduct(t, `Plan ${family}`, list);
  return { products, glycolic: await publishedProduct(t, 'Plan glycolic toner', GLYCOLIC_TONER) };
}

/** A shelf-only plan over two catalog products (a cleanser and a sunscreen, as the planner reads them). */
export function twoProductPlan(cleanserId: string, sunscreenId: string): PlanAnswer {
  const req = request({
    shelf: [
      shelfItem(product({ ...FAMILIES.gentleCleanser, id: cleanserId, name: 'Plan cleanser' })),
      shelfItem(product({ ...FAMILIES.sunscreen50, id: sunscreenId, name: 'Plan sunscreen' })),
    ],
    buy: 'shelf_only',
    budget: null,
  });
  return planRoutine(req, loadPlanKnowledge());
}

/** The persona's plan (28, sensitive, shelf only), its products the real ones. */
export function personaPlan(shelf: CatalogShelf, startOn = '2026-12-07'): PlanAnswer {
  const planned: PlanProduct[] = Object.entries(shelf.products).map(([family, real]) =>
    product({ ...FAMILIES[family], id: real.id, name: real.name }),
  );
  const req = request({
    shelf: planned.map((p) => shelfItem(p)),
    profile: baseProfile({ skinType: 'sensitive', age: 28 }),
    buy: 'shelf_only',
    budget: null,
    startOn,
  });
  return planRoutine(req, loadPlanKnowledge());
}

/** Inputs as the planning service stores them: what export must carry (pregnancy, medicines, prescriptions). */
export const PLAN_INPUTS = {
  profile: { pregnancy: 'breastfeeding', taking: ['oral_isotretinoin'], skin_type: 'sensitive' },
  prescribed: [{ product: 'tretinoin-cream', days: ['mon', 'thu'], time_of_day: 'evening' }],
  steps: { morning_max: 3, evening_max: 3 },
  buy: 'shelf_only',
};

/** Inserts a stored plan for the user; answers its id. */
export async function insertPlan(
  t: TestApp,
  username: string,
  answer: PlanAnswer,
  status: RoutinePlanStatus = RoutinePlanStatus.proposed,
): Promise<string> {
  return insertPlanFor(t, (await t.user(username)).id, answer, status);
}

/** The same, by the owner's id. */
export async function insertPlanFor(
  t: TestApp,
  ownerId: string,
  answer: PlanAnswer,
  status: RoutinePlanStatus = RoutinePlanStatus.proposed,
): Promise<string> {
  const em = t.em();
  const plan = em.create(RoutinePlan, {
    owner: ownerId,
    status,
    inputs: PLAN_INPUTS,
    // As the planning service stores it: the answer with the rules' version.
    result: { ...answer, rulesVersion: 'sha256:test' },
    rulesVersion: 'sha256:test',
    startOn: answer.startOn,
  });
  await em.flush();
  return plan.id;
}
