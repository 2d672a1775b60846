import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { likeContains } from '../ingredient/ingredient.service.js';
import { findByIdOrAlias } from '../shared/find.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { brandCountry } from './brand-country.js';
import { Brand } from './brand.entity.js';

export function getBrand(em: EntityManager, idOrAlias: string): Promise<Brand> {
  return findByIdOrAlias(em, Brand, idOrAlias);
}

export function listBrands(
  em: EntityManager,
  filter: { search?: string | null; country?: string | null },
  page: PageArgs,
) {
  const where: FilterQuery<Brand> = {};
  if (filter.search?.trim()) where.name = { $ilike: likeContains(filter.search.trim()) };
  if (filter.country) where.country = brandCountry(filter.country);
  return paginate(em, Brand, where, { name: 'asc', id: 'asc' }, page);
}
