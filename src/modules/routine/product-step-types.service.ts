// The routine steps one product can fill (engine/candidates.ts): its category's step from the
// category tree first, its ingredients only when no category says. Used to list candidates and
// to check the step type a product is added at.
import type { EntityManager } from '../../db.js';
import { categoryStep, productKinds } from '../category/product-kinds.service.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import type { Product } from '../product/product.entity.js';
import { routineCandidates, type StepCandidate } from './engine/candidates.js';

export async function productStepCandidates(em: EntityManager, product: Product): Promise<StepCandidate[]> {
  const [kinds, rows] = await Promise.all([
    productKinds(em),
    product.ingredientIds.length ? em.find(Ingredient, { id: { $in: product.ingredientIds } }) : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ingredients = product.ingredientIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return routineCandidates(categoryStep(kinds, product.category?.id), ingredients);
}
