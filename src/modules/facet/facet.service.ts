import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { conflict, validationFailed } from '../../errors.js';
import { FREE_OF_FLAGS } from '../analysis/engine/rules.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { findByIdOrAlias } from '../shared/find.js';
import { slugify } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { Facet, type FacetValue } from './facet.entity.js';

export const FACET_PARAMETERS = ['free_of', 'flags', 'category', 'brand'] as const;
const LIVE = new Set(['category', 'brand']);

export function getFacet(em: EntityManager, idOrAlias: string): Promise<Facet> {
  return findByIdOrAlias(em, Facet, idOrAlias);
}

export const listFacets = (em: EntityManager, page: PageArgs) =>
  paginate(em, Facet, {}, { position: 'asc', id: 'asc' }, page);

/** The values to show: fixed ones, or the catalog's current categories and brands. */
export async function facetValues(em: EntityManager, facet: Facet): Promise<FacetValue[]> {
  if (facet.parameter === 'category') {
    return (await em.find(ProductCategory, { parent: null }, { orderBy: { position: 'asc', name: 'asc' } })).map(
      (c) => ({ value: c.alias, label: c.name }),
    );
  }
  if (facet.parameter === 'brand')
    return (await em.find(Brand, {}, { orderBy: { name: 'asc' } })).map((b) => ({ value: b.alias, label: b.name }));
  return facet.values;
}

/** Fixed values must be ones GET /products accepts for the facet's parameter. */
function checkedValues(parameter: string, values: FacetValue[] | null | undefined): FacetValue[] {
  if (LIVE.has(parameter)) {
    if (values?.length)
      throw validationFailed('values', `a ${parameter} facet takes its values from the catalog: send none`);
    return [];
  }
  const list = values ?? [];
  if (list.length === 0 || list.length > 50) throw validationFailed('values', 'values takes 1 to 50 entries');
  const accepted = parameter === 'free_of' ? { ...FREE_OF_FLAGS, ...loadVocabulary().flags } : loadVocabulary().flags;
  for (const v of list) {
    if (!Object.hasOwn(accepted, v.value))
      throw validationFailed('values', `"${v.value}" is not a value ${parameter} accepts`);
    if (!v.label.trim() || v.label.length > 80)
      throw validationFailed('values', 'every value needs a label of 1-80 characters');
  }
  return list.map((v) => ({ value: v.value, label: v.label.trim() }));
}

export interface FacetChanges {
  alias?: string | null;
  name?: string | null;
  parameter?: string | null;
  values?: FacetValue[] | null;
  position?: number | null;
}

async function flushUnique(em: EntityManager, alias: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw conflict(`A facet with alias "${alias}" already exists`, { field: 'alias' });
    throw error;
  }
}

function checkedCommon(changes: FacetChanges): void {
  if (changes.name != null && (!changes.name.trim() || changes.name.length > 80))
    throw validationFailed('name', 'name must be 1-80 characters');
  if (changes.alias != null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(changes.alias))
    throw validationFailed('alias', 'alias must be a lowercase slug');
  if (
    changes.position != null &&
    (!Number.isInteger(changes.position) || changes.position < 0 || changes.position > 1000)
  )
    throw validationFailed('position', 'position must be 0-1000');
  if (changes.parameter != null && !(FACET_PARAMETERS as readonly string[]).includes(changes.parameter)) {
    throw validationFailed('parameter', `parameter must be one of ${FACET_PARAMETERS.join(', ')}`);
  }
}

export async function createFacet(
  em: EntityManager,
  input: FacetChanges & { name: string; parameter: string },
): Promise<Facet> {
  if (!input.name.trim()) throw validationFailed('name', 'name is required');
  if (!input.parameter)
    throw validationFailed('parameter', `parameter is required: one of ${FACET_PARAMETERS.join(', ')}`);
  checkedCommon(input);
  const alias = input.alias ?? slugify(input.name);
  const facet = em.create(Facet, {
    alias,
    name: input.name.trim(),
    parameter: input.parameter,
    values: checkedValues(input.parameter, input.values),
    position: input.position ?? 0,
  });
  await flushUnique(em, alias);
  return facet;
}

export async function updateFacet(em: EntityManager, id: string, changes: FacetChanges): Promise<Facet> {
  const facet = await getFacet(em, id);
  checkedCommon(changes);
  if (changes.name != null) facet.name = changes.name.trim();
  if (changes.alias != null) facet.alias = changes.alias;
  if (changes.position != null) facet.position = changes.position;
  const parameter = changes.parameter ?? facet.parameter;
  if (changes.parameter != null || changes.values !== undefined) {
    facet.values = checkedValues(parameter, changes.values === undefined ? facet.values : changes.values);
    facet.parameter = parameter;
  }
  await flushUnique(em, facet.alias);
  return facet;
}
