import { raw, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { notFound } from '../../errors.js';
import { byIdOrAlias } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';

export interface IngredientFilter {
  search?: string | null;
  function?: string | null;
  flag?: string | null;
  group?: string | null;
}

export async function getIngredient(em: EntityManager, idOrAlias: string): Promise<Ingredient> {
  const ingredient = await em.findOne(Ingredient, byIdOrAlias(idOrAlias));
  if (!ingredient) throw notFound('Ingredient', idOrAlias);
  return ingredient;
}

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listIngredients(em: EntityManager, filter: IngredientFilter, page: PageArgs) {
  const where: FilterQuery<Ingredient> = {};
  const and: FilterQuery<Ingredient>[] = [];
  if (filter.search?.trim()) {
    const pattern = likeContains(filter.search.trim());
    and.push({ $or: [{ name: { $ilike: pattern } }, { [raw((alias) => `array_to_string(${alias}.other_names, '|')`)]: { $ilike: pattern } }] } as FilterQuery<Ingredient>);
  }
  if (filter.function) and.push({ functions: { $contains: [filter.function] } });
  if (filter.flag) and.push({ flags: { $contains: [filter.flag] } });
  if (filter.group) and.push({ groups: { $contains: [filter.group] } });
  if (and.length) Object.assign(where, { $and: and });
  return paginate(em, Ingredient, where, { name: 'asc', id: 'asc' }, page);
}
