import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { conflict, validationFailed } from '../../errors.js';
import { ingredientChanged } from './matcher.service.js';
import { MAX_ALIAS_LENGTH, slugify } from '../shared/ids.js';
import type { User } from '../user/user.entity.js';
import { Ingredient } from './ingredient.entity.js';
import { FeedbackKind, FeedbackStatus, IngredientFeedback } from './ingredient-feedback.entity.js';
import { getIngredient } from './ingredient.service.js';
import { loadRatingSources, loadVocabulary } from './vocabulary.js';

export interface NewIngredient {
  name: string;
  alias?: string | null;
  otherNames?: string[] | null;
  description?: string | null;
  functions: string[];
  effects?: string[] | null;
  flags?: string[] | null;
  groups?: string[] | null;
  comedogenic?: number | null;
  irritancy?: number | null;
  ratingSource?: string | null;
  casNumber?: string | null;
}

const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CAS = /^\d{2,7}-\d{2}-\d$/;

export function checkedWords(
  field: string,
  words: string[] | null | undefined,
  known: Record<string, string>,
  required = false,
): string[] {
  const list = [...new Set(words ?? [])];
  if (required && list.length === 0) throw validationFailed(field, `${field} needs at least one value`);
  for (const w of list) if (!(w in known)) throw validationFailed(field, `${field}: unknown value "${w}"`);
  return list;
}

export function checkedRating(field: string, value: number | null | undefined): number | null {
  if (value == null) return null;
  if (!Number.isInteger(value) || value < 0 || value > 5)
    throw validationFailed(field, `${field} must be an integer from 0 to 5`);
  return value;
}

/** A rating's source: one of the published sources of data/flags-and-ratings.yaml, never an uncited table. */
export function checkedRatingSource(field: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const known = Object.keys(loadRatingSources());
  if (!known.includes(value)) throw validationFailed(field, `${field} is one of ${known.join(', ')}`);
  return value;
}

/** Names that already belong to an ingredient (as INCI or other name), case-insensitively. */
export async function namesInUse(em: EntityManager, names: string[], exceptId?: string): Promise<string[]> {
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await em.execute<Array<{ name: string }>>(
    `select n as name from ingredient, unnest(array_append(other_names, name)) as n
     where lower(n) in (?) and id <> coalesce(?::uuid, '00000000-0000-0000-0000-000000000000')`,
    [lowered, exceptId ?? null],
  );
  return rows.map((r) => r.name);
}

/** Adds an ingredient (moderators and admins): vocabulary-checked, no name shared with another. */
export async function createIngredient(em: EntityManager, input: NewIngredient): Promise<Ingredient> {
  const vocabulary = loadVocabulary();
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 300) throw validationFailed('name', 'name must be 2-300 characters');
  const alias = input.alias ?? slugify(name);
  if (!ALIAS.test(alias) || alias.length > MAX_ALIAS_LENGTH)
    throw validationFailed(
      'alias',
      `alias must be a lowercase slug [a-z0-9-] of at most ${MAX_ALIAS_LENGTH} characters`,
    );
  const otherNames = [...new Set((input.otherNames ?? []).map((n) => n.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (otherNames.some((n) => n.length > 300))
    throw validationFailed('other_names', 'other names must be at most 300 characters');
  if (input.casNumber && !CAS.test(input.casNumber))
    throw validationFailed('cas_number', 'cas_number must look like 56-81-5');
  const comedogenic = checkedRating('comedogenic', input.comedogenic);
  const irritancy = checkedRating('irritancy', input.irritancy);
  const ratingSource = checkedRatingSource('rating_source', input.ratingSource);
  if ((comedogenic !== null || irritancy !== null) && !ratingSource)
    throw validationFailed('rating_source', 'a rating needs its rating_source');
  // Everything the client can fix by itself is a 400 before any 409.
  const words = {
    functions: checkedWords('functions', input.functions, vocabulary.functions, true),
    effects: checkedWords('effects', input.effects, vocabulary.effects),
    flags: checkedWords('flags', input.flags, vocabulary.flags),
    groups: checkedWords('groups', input.groups, vocabulary.groups),
  };
  const taken = await namesInUse(em, [name, ...otherNames]);
  if (taken.length)
    throw conflict(`These names already belong to an ingredient: ${taken.join(', ')}`, { field: 'name', names: taken });
  const ingredient = em.create(Ingredient, {
    alias,
    name,
    otherNames,
    description: input.description?.trim() ?? '',
    ...words,
    comedogenic,
    irritancy,
    ratingSource,
    casNumber: input.casNumber ?? null,
    curated: true,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw conflict(`An ingredient with alias "${alias}" or this name already exists`, { field: 'alias' });
    throw error;
  }
  ingredientChanged(ingredient.id);
  return ingredient;
}

export async function submitFeedback(
  em: EntityManager,
  idOrAlias: string,
  viewer: User,
  kind: FeedbackKind,
  message: string,
): Promise<IngredientFeedback> {
  const ingredient = await getIngredient(em, idOrAlias);
  const text = message.trim();
  if (text.length < 3 || text.length > 2000) throw validationFailed('message', 'message must be 3-2000 characters');
  const feedback = em.create(IngredientFeedback, {
    ingredient: ingredient.id,
    user: viewer.id,
    kind,
    message: text,
    status: FeedbackStatus.open,
  });
  await em.flush();
  return feedback;
}
