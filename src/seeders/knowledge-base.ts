import type { EntityManager } from '../db.js';
import { Ingredient } from '../modules/ingredient/ingredient.entity.js';
import { newId, slugify } from '../modules/shared/ids.js';
import { readYamlLists } from './yaml-data.js';
import { withRegulatoryFlags } from '../modules/analysis/engine/regulation.js';
import { loadRegulation } from '../modules/analysis/regulation-data.js';

/** One entry of data/ingredients/*.yaml (see data/ingredients/README.md). */
export interface IngredientRecord {
  inci: string;
  alias?: string;
  other_names?: string[];
  cas?: string | null;
  functions?: string[];
  effects?: string[];
  flags?: string[];
  groups?: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
  rating_source?: string | null;
  description?: string;
}

export const loadIngredientRecords = (): Array<IngredientRecord & { file: string }> =>
  readYamlLists<IngredientRecord>('ingredients');

export function ingredientRow(record: IngredientRecord) {
  const now = new Date();
  return {
    id: newId(),
    alias: record.alias ?? slugify(record.inci),
    name: record.inci.trim(),
    otherNames: (record.other_names ?? []).map(String),
    description: record.description?.trim() ?? '',
    functions: record.functions ?? [],
    effects: record.effects ?? [],
    // With the flags EU law adds (data/regulation/), matched by name or CAS number.
    flags: withRegulatoryFlags(record.flags ?? [], loadRegulation().factsFor({ name: record.inci, otherNames: (record.other_names ?? []).map(String), casNumber: record.cas ? String(record.cas) : null })),
    groups: record.groups ?? [],
    comedogenic: record.comedogenic ?? null,
    irritancy: record.irritancy ?? null,
    ratingSource: record.rating_source ?? null,
    casNumber: record.cas ? String(record.cas) : null,
    curated: true,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The rows to load: the first entry of an alias or INCI name wins. The data test keeps the
 * files free of repeats; this only keeps a stray one from failing a start.
 */
export function uniqueIngredientRows(records: IngredientRecord[]) {
  const aliases = new Set<string>();
  const names = new Set<string>();
  const rows = [];
  for (const row of records.map(ingredientRow)) {
    const name = row.name.toLowerCase();
    if (aliases.has(row.alias) || names.has(name)) continue;
    aliases.add(row.alias);
    names.add(name);
    rows.push(row);
  }
  return rows;
}

/** Loads the authored knowledge base into an empty ingredient table. */
export async function seedKnowledgeBase(em: EntityManager): Promise<number> {
  const rows = uniqueIngredientRows(loadIngredientRecords());
  for (let i = 0; i < rows.length; i += 1000) await em.insertMany(Ingredient, rows.slice(i, i + 1000));
  return rows.length;
}
