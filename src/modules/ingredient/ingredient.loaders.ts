import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { loadKnowledgeBase } from './matcher.service.js';
import { Ingredient } from './ingredient.entity.js';

/** Ingredients come from the in-memory knowledge base; only ones it lacks (new in this request) from SQL. */
export const createIngredientLoaders = (em: EntityManager) => ({
  ingredientById: new DataLoader<string, Ingredient | null>(async (ids) => {
    const { byId } = await loadKnowledgeBase(em);
    const missing = ids.filter((id) => !byId.has(id));
    const fresh = missing.length
      ? new Map((await em.find(Ingredient, { id: { $in: missing } })).map((i) => [i.id, i]))
      : new Map();
    return ids.map((id) => byId.get(id) ?? fresh.get(id) ?? null);
  }),
});
