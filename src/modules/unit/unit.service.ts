import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { conflict, validationFailed } from '../../errors.js';
import { findByIdOrAlias, findOneByIdOrAlias } from '../shared/find.js';
import { slugify } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { UnitOfMeasurement } from './unit.entity.js';
import { namesNothing } from '../shared/lookup-key.js';

/** Each kind of quantity converts into one base unit. */
export const BASE_UNIT: Record<string, string> = { volume: 'ml', mass: 'g', count: 'piece', length: 'cm' };

export function listUnits(em: EntityManager, page: PageArgs) {
  return paginate(em, UnitOfMeasurement, {}, { kind: 'asc', toBase: 'asc', id: 'asc' }, page);
}

export function getUnit(em: EntityManager, idOrAlias: string): Promise<UnitOfMeasurement> {
  return findByIdOrAlias(em, UnitOfMeasurement, idOrAlias, { what: 'Unit of measurement' });
}

/**
 * A unit a body field names: by id, alias or symbol ("drop" and "drops" both name the drop), or
 * null for the caller to word the 400.
 */
export async function findUnit(em: EntityManager, key: string): Promise<UnitOfMeasurement | null> {
  const clean = key.trim();
  if (!clean || namesNothing(clean)) return null;
  return (
    (await findOneByIdOrAlias(em, UnitOfMeasurement, clean)) ??
    (await em.findOne(UnitOfMeasurement, { symbol: clean }, { orderBy: { alias: 'asc' } }))
  );
}

export interface NewUnit {
  alias?: string | null;
  name: string;
  symbol: string;
  kind: string;
  toBase: number;
}

export async function createUnit(em: EntityManager, input: NewUnit): Promise<UnitOfMeasurement> {
  const name = input.name.trim();
  const symbol = input.symbol.trim();
  if (!name || name.length > 60) throw validationFailed('name', 'name must be 1-60 characters');
  if (!symbol || symbol.length > 20) throw validationFailed('symbol', 'symbol must be 1-20 characters');
  const base = BASE_UNIT[input.kind];
  if (!base) throw validationFailed('kind', `kind must be one of ${Object.keys(BASE_UNIT).join(', ')}`);
  if (!Number.isFinite(input.toBase) || input.toBase <= 0 || input.toBase > 1e9) {
    throw validationFailed('to_base', 'to_base must be a positive number');
  }
  // The alias follows the name ("drop"), the word people type; the symbol resolves too (findUnit).
  const alias = input.alias ?? slugify(name);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(alias) || alias.length > 60)
    throw validationFailed('alias', 'alias must be a lowercase slug [a-z0-9-]');
  const unit = em.create(UnitOfMeasurement, { alias, name, symbol, kind: input.kind, base, toBase: input.toBase });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw conflict(`A unit with alias "${alias}" already exists`, { field: 'alias' });
    throw error;
  }
  return unit;
}
