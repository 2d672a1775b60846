import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { findByIdOrAlias } from '../shared/find.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { ProductCategory } from './category.entity.js';

export function getCategory(em: EntityManager, idOrAlias: string): Promise<ProductCategory> {
  return findByIdOrAlias(em, ProductCategory, idOrAlias, { what: 'Product category' });
}

export async function listCategories(
  em: EntityManager,
  filter: { parent?: string | null; topLevel?: boolean | null },
  page: PageArgs,
) {
  const where: FilterQuery<ProductCategory> = {};
  if (filter.parent) where.parent = (await getCategory(em, filter.parent)).id;
  else if (filter.topLevel) where.parent = null;
  return paginate(em, ProductCategory, where, { name: 'asc', id: 'asc' }, page);
}

/** The whole tree is small (tens of rows): one query, then walk it in memory. */
async function categoryIndex(em: EntityManager): Promise<Map<string, ProductCategory>> {
  const all = await em.find(ProductCategory, {});
  return new Map(all.map((c) => [c.id, c]));
}

/** The category and its ancestors, root first. */
export async function categoryTrail(em: EntityManager, categoryId: string): Promise<ProductCategory[]> {
  const index = await categoryIndex(em);
  const trail: ProductCategory[] = [];
  for (
    let current = index.get(categoryId);
    current && trail.length < 32;
    current = current.parent ? index.get(current.parent.id) : undefined
  ) {
    trail.unshift(current);
  }
  return trail;
}

/** The ids of a category and all its descendants: filtering by "serums" includes its sub-categories. */
export async function categoryWithDescendants(em: EntityManager, categoryId: string): Promise<string[]> {
  const index = await categoryIndex(em);
  const children = new Map<string, string[]>();
  for (const c of index.values()) {
    if (c.parent) children.set(c.parent.id, [...(children.get(c.parent.id) ?? []), c.id]);
  }
  const out: string[] = [];
  const queue = [categoryId];
  while (queue.length) {
    const id = queue.shift()!;
    if (out.includes(id)) continue;
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}
