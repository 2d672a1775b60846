// Ingredient groups: their names come from the vocabulary (data/), their counts from the table.
import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';
import type { IngredientGroup } from './ingredient-group.types.js';
import { loadVocabulary } from './vocabulary.js';

async function groupCounts(em: EntityManager): Promise<Map<string, number>> {
  const rows = await em.execute<Array<{ g: string; n: number }>>(
    'select g, count(*)::int as n from ingredient, unnest(groups) as g group by g',
  );
  return new Map(rows.map((r) => [r.g, r.n]));
}

/** Every group, in the vocabulary's order, with how many ingredients it has. */
export async function listIngredientGroups(em: EntityManager): Promise<IngredientGroup[]> {
  const counts = await groupCounts(em);
  return Object.entries(loadVocabulary().groups).map(([alias, name]) => ({
    alias,
    name,
    ingredientCount: counts.get(alias) ?? 0,
  }));
}

export async function getIngredientGroup(em: EntityManager, alias: string): Promise<IngredientGroup> {
  const name = loadVocabulary().groups[alias];
  if (!name) throw notFound('Ingredient group', alias);
  return { alias, name, ingredientCount: (await groupCounts(em)).get(alias) ?? 0 };
}

/** A group's ingredients by INCI name. */
export function listGroupIngredients(em: EntityManager, alias: string, page: PageArgs) {
  return paginate(em, Ingredient, { groups: { $contains: [alias] } }, { name: 'asc', id: 'asc' }, page);
}
