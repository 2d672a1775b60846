// fast-check generators of planner requests: shelves drawn from the product families of planner-fixtures.ts in
// every state, catalogs of some families, profiles, goals, limits, budgets, prescribed days and exclusions.
import fc from 'fast-check';
import { WEEKDAYS, type PlanRequest, type Weekday } from '../../src/modules/planner/engine/types.js';
import { baseProfile, FAMILIES, I, product, request, shelfItem, standardCatalog } from './planner-fixtures.js';

const CATALOG = standardCatalog();
const FAMILY_NAMES = Object.keys(FAMILIES);

const ingredientIds = Object.values(I).map((i) => i.id);
const arbShelf = fc
  .uniqueArray(
    fc.record({
      family: fc.constantFrom(...FAMILY_NAMES),
      status: fc.constantFrom('unopened', 'in_use', 'in_use', 'finished', 'set_aside'),
      tolerated: fc.boolean(),
      inCurrentRoutine: fc.boolean(),
      expired: fc.integer({ min: 0, max: 7 }).map((x) => x === 0),
      n: fc.integer({ min: 0, max: 1 }),
    }),
    { maxLength: 9, selector: (x) => `${x.family}-${x.n}` },
  )
  .map((items) =>
    items.map((x) =>
      shelfItem(product({ ...FAMILIES[x.family], id: `shelf-${x.family}-${x.n}`, name: `my ${x.family}` }), {
        status: x.status as never,
        tolerated: x.tolerated,
        inCurrentRoutine: x.inCurrentRoutine,
        expired: x.expired && x.n === 1,
      }),
    ),
  );

const arbProfile = fc.record({
  age: fc.constantFrom(16, 28, 45, 62, null),
  skinType: fc.constantFrom('oily', 'dry', 'combination', 'normal', 'sensitive', null),
  concerns: fc.subarray([
    'acne',
    'rosacea',
    'redness',
    'dryness',
    'aging',
    'hyperpigmentation',
    'large_pores',
    'sensitivity',
  ]),
  pregnancy: fc.constantFrom('no', 'no', 'pregnant', 'trying', 'breastfeeding'),
  taking: fc.constantFrom([], [], [], ['oral_isotretinoin']),
  climate: fc.constantFrom('humid', 'dry', 'temperate', 'cold', 'changing', null),
  experience: fc.constantFrom('none', 'beginner', 'intermediate', 'advanced', null),
  negativeIngredientIds: fc.subarray(ingredientIds, { maxLength: 2 }),
  suspectIngredientIds: fc.subarray(ingredientIds, { maxLength: 1 }),
  sensitivityIngredientIds: fc.subarray([I.parfum.id, I.linalool.id, I.salicylic2.id, I.retinol.id], { maxLength: 2 }),
  acne: fc.constantFrom(null, 'mild', 'severe'),
});

export const arbRequest = fc
  .record({
    shelf: arbShelf,
    catalogFamilies: fc.subarray(FAMILY_NAMES, { minLength: 0 }),
    profile: arbProfile,
    goals: fc.subarray(['acne', 'hyperpigmentation', 'aging', 'redness', 'clear_skin', 'glow']),
    morningMax: fc.integer({ min: 1, max: 8 }),
    eveningMax: fc.integer({ min: 1, max: 10 }),
    budget: fc.option(
      fc.record({
        amount: fc.integer({ min: 0, max: 120 }),
        currency: fc.constantFrom('EUR', 'USD', 'GBP'),
        period: fc.constantFrom('once', 'month'),
      }),
    ),
    shelfOnly: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
    startOn: fc.constantFrom('2026-12-07', '2026-12-10', '2027-02-26', '2027-06-13'),
    horizonWeeks: fc.integer({ min: 1, max: 12 }),
    prescribe: fc.option(
      fc.record({
        index: fc.nat(),
        days: fc.subarray(WEEKDAYS as Weekday[], { minLength: 1 }),
        timeOfDay: fc.constantFrom('morning', 'evening'),
      }),
      { freq: 4 },
    ),
    excludeBrand: fc.option(fc.constantFrom('Brand0', 'Brand1'), { freq: 5 }),
  })
  .map((g): PlanRequest => {
    const catalog = CATALOG.filter((p) => g.catalogFamilies.some((f) => p.id.startsWith(`cat-${f}-`)));
    const usable = g.shelf.filter((s) => s.status !== 'finished');
    const prescribed =
      g.prescribe && usable.length
        ? [
            {
              productId: usable[g.prescribe.index % usable.length].product.id,
              days: g.prescribe.days,
              timeOfDay: g.prescribe.timeOfDay as 'morning' | 'evening',
            },
          ]
        : [];
    return request({
      shelf: g.shelf,
      catalog,
      profile: baseProfile(g.profile as never),
      goals: g.goals,
      steps: { morningMax: g.morningMax, eveningMax: g.eveningMax },
      budget: g.shelfOnly ? null : (g.budget as PlanRequest['budget']),
      buy: g.shelfOnly ? 'shelf_only' : 'within_budget',
      startOn: g.startOn,
      horizonWeeks: g.horizonWeeks,
      prescribed,
      excludeBrands: g.excludeBrand ? [g.excludeBrand] : [],
    });
  });
