// The demo routines (data/demo/routines.yaml) and their steps: one insert a table. Written through the services
// (createRoutine, publishRoutine, then re-dated) they cost a flush per routine and, per step, a product read and a
// read of the whole category tree and of the product's ingredients: about a third of the demo community's CPU on a
// first start (issue 38). The rows are those the services wrote (bench/seed-fingerprint.ts compares every seeded
// table; test/demo-community.test.ts its counts): a routine private or published, dated 60-90 days ago (published
// then too), its steps numbered from 1. What the services checked of the data is checked here: the lengths, the step
// types, that each product is published and serves its step's kind (product-step-types.service.ts's rule).
import type { EntityManager } from '../db.js';
import { categoryStep, productKinds } from '../modules/category/product-kinds.service.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { Product, ProductStatus } from '../modules/product/product.entity.js';
import { routineCandidates } from '../modules/routine/engine/candidates.js';
import { isStepType, STEP_TYPES } from '../modules/routine/engine/steps.js';
import { Routine, RoutineStatus, RoutineStep, type RoutineTimeOfDay } from '../modules/routine/routine.entity.js';
import { MAX_STEPS } from '../modules/routine/routine.service.js';
import { newId } from '../modules/shared/ids.js';
import type { User } from '../modules/user/user.entity.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';

interface RoutineRecord {
  key: string;
  owner: string;
  name: string;
  time_of_day: `${RoutineTimeOfDay}`;
  description: string;
  published: boolean;
  steps: Array<{ step_type: string; product: string; note?: string }>;
}

/** A seeded routine as the rest of the demo community refers to it (featured items, favourites). */
export interface SeededRoutine {
  id: string;
  owner: string;
  published: boolean;
}

const DAY = 86_400_000;

function checkedText(where: string, field: string, value: string, min: number, max: number): string {
  const text = value.trim();
  if (text.length < min || text.length > max) throw new Error(`${where}: ${field} must be ${min} to ${max} characters`);
  return text;
}

/** Inserts the demo routines with their steps; returns them by key. */
export async function seedDemoRoutines(
  em: EntityManager,
  user: (username: string) => User,
  now: number,
): Promise<Map<string, SeededRoutine>> {
  const records = readYaml<RoutineRecord[]>('demo/routines.yaml');
  const products = new Map(
    (
      await em.find(
        Product,
        { alias: { $in: [...new Set(records.flatMap((r) => r.steps.map((s) => s.product.trim().toLowerCase())))] } },
        { fields: ['id', 'alias', 'status', 'category', 'ingredientIds'], disableIdentityMap: true },
      )
    ).map((p) => [p.alias, p]),
  );
  const kinds = await productKinds(em);
  const ingredients = new Map(
    (
      await em.find(
        Ingredient,
        { id: { $in: [...new Set([...products.values()].flatMap((p) => p.ingredientIds))] } },
        { fields: ['id', 'name', 'groups', 'effects', 'functions'], disableIdentityMap: true },
      )
    ).map((i) => [i.id, i]),
  );
  const servedSteps = new Map<string, string[]>();
  const served = (product: Pick<Product, 'id' | 'category' | 'ingredientIds'>): string[] => {
    let steps = servedSteps.get(product.id);
    if (!steps) {
      const own = product.ingredientIds.flatMap((id) => (ingredients.has(id) ? [ingredients.get(id)!] : []));
      steps = routineCandidates(categoryStep(kinds, product.category?.id), own).map((c) => c.stepType);
      servedSteps.set(product.id, steps);
    }
    return steps;
  };

  const seeded = new Map<string, SeededRoutine>();
  const routines: object[] = [];
  const steps: object[] = [];
  const written = new Date(now);
  for (const [i, r] of records.entries()) {
    const where = `data/demo/routines.yaml: "${r.key}"`;
    if (r.steps.length > MAX_STEPS) throw new Error(`${where}: at most ${MAX_STEPS} steps`);
    const owner = user(r.owner).id;
    const id = newId();
    const made = new Date(now - (90 - i) * DAY);
    routines.push({
      id,
      owner,
      name: checkedText(where, 'name', r.name, 1, 120),
      description: checkedText(where, 'description', r.description ?? '', 0, 2000),
      timeOfDay: r.time_of_day,
      current: false,
      status: r.published ? RoutineStatus.published : RoutineStatus.private,
      publishedAt: r.published ? made : null,
      createdAt: made,
      updatedAt: made,
    });
    for (const [k, step] of r.steps.entries()) {
      const stepType = step.step_type.trim().toLowerCase();
      if (!isStepType(stepType)) throw new Error(`${where}: step_type must be one of ${STEP_TYPES.join(', ')}`);
      const product = products.get(step.product.trim().toLowerCase());
      if (!product || product.status !== ProductStatus.published)
        throw new Error(`${where}: no published product "${step.product}"`);
      const kinds = served(product);
      if (kinds.length && !kinds.includes(stepType))
        throw new Error(`${where}: ${product.alias} serves ${kinds.join(', ')} steps, not ${stepType}`);
      steps.push({
        id: newId(),
        routine: id,
        position: k + 1,
        stepType,
        product: product.id,
        note: checkedText(where, 'note', step.note ?? '', 0, 500),
        createdAt: written,
      });
    }
    seeded.set(r.key, { id, owner, published: r.published });
  }
  await em.insertMany(Routine, routines as never);
  if (steps.length) await em.insertMany(RoutineStep, steps as never);
  return seeded;
}
