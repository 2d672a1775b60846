import { type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { findByIdOrAlias } from '../shared/find.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';
import { loadVocabulary } from './vocabulary.js';
import { ingredientTextPage } from './ingredient-text-search.service.js';

export interface IngredientFilter {
  search?: string | null;
  function?: string | null;
  flag?: string | null;
  group?: string | null;
}

export function getIngredient(em: EntityManager, idOrAlias: string): Promise<Ingredient> {
  return findByIdOrAlias(em, Ingredient, idOrAlias);
}

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A filter value of a closed vocabulary: anything else is a 400 naming the known values (not an empty page). */
function inVocabulary(field: 'function' | 'flag' | 'group', value: string): string {
  const known = loadVocabulary()[field === 'function' ? 'functions' : field === 'flag' ? 'flags' : 'groups'];
  if (!Object.hasOwn(known, value))
    throw validationFailed(field, `Unknown ${field} "${value}": one of ${Object.keys(known).join(', ')}`);
  return value;
}

export async function listIngredients(em: EntityManager, filter: IngredientFilter, page: PageArgs) {
  if (filter.search?.trim()) {
    // By relevance, in the database (src/modules/search): names, other names, groups, typos.
    const conditions = { sql: [] as string[], params: [] as unknown[] };
    const add = (column: string, value: string) => {
      conditions.sql.push(`i.${column} @> array[?]::text[]`);
      conditions.params.push(value);
    };
    if (filter.function != null) add('functions', inVocabulary('function', filter.function));
    if (filter.flag != null) add('flags', inVocabulary('flag', filter.flag));
    if (filter.group != null) add('groups', inVocabulary('group', filter.group));
    const found = await ingredientTextPage(em, filter.search.trim(), conditions, page);
    if (found) return found;
  }
  const where: FilterQuery<Ingredient> = {};
  const and: FilterQuery<Ingredient>[] = [];
  if (filter.function != null) and.push({ functions: { $contains: [inVocabulary('function', filter.function)] } });
  if (filter.flag != null) and.push({ flags: { $contains: [inVocabulary('flag', filter.flag)] } });
  if (filter.group != null) and.push({ groups: { $contains: [inVocabulary('group', filter.group)] } });
  if (and.length) Object.assign(where, { $and: and });
  return paginate(em, Ingredient, where, { name: 'asc', id: 'asc' }, page);
}
