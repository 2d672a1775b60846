import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../errors.js';
import { getIngredient } from '../ingredient/ingredient.service.js';
import { isUuid, newId } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { IngredientFeeling, Sentiment } from './ingredient-feeling.entity.js';
import { isSelfOrAdmin, skinProfileOf } from './skin-profile.service.js';

/** Others see a user's feelings when the user keeps them public (the default). */
export const canSeeFeelings = (owner: User, viewer: User | null): boolean =>
  isSelfOrAdmin(owner, viewer) || skinProfileOf(owner).feelingsPublic;

/** Marks an ingredient; marking it the same way again changes nothing (PUT is idempotent). */
export async function setFeeling(
  em: EntityManager,
  idOrAlias: string,
  viewer: User,
  sentiment: Sentiment,
): Promise<IngredientFeeling> {
  const ingredient = await getIngredient(em, idOrAlias);
  let feeling = await em.findOne(IngredientFeeling, { user: viewer.id, ingredient: ingredient.id });
  if (!feeling) {
    // A concurrent PUT of the same user on the same ingredient may insert first: this one then finds
    // that row and changes it as it would an existing one (PUT is idempotent: never a 409 for a race).
    const now = new Date();
    await em
      .createQueryBuilder(IngredientFeeling)
      .insert({ id: newId(), user: viewer.id, ingredient: ingredient.id, sentiment, createdAt: now, updatedAt: now })
      .onConflict(['user', 'ingredient'])
      .ignore()
      .execute();
    feeling = await em.findOneOrFail(IngredientFeeling, { user: viewer.id, ingredient: ingredient.id });
  }
  if (feeling.sentiment !== sentiment) {
    feeling.sentiment = sentiment;
    feeling.updatedAt = new Date();
    await em.flush();
  }
  return feeling;
}

/** Removes the caller's feeling on an ingredient; true whether or not there was one. */
export async function removeFeeling(em: EntityManager, idOrAlias: string, viewer: User): Promise<boolean> {
  const ingredient = await getIngredient(em, idOrAlias);
  await em.nativeDelete(IngredientFeeling, { user: viewer.id, ingredient: ingredient.id });
  return true;
}

/** A user's feelings, most recently changed first. */
export function listFeelings(
  em: EntityManager,
  userId: string,
  sentiment: Sentiment | null | undefined,
  page: PageArgs,
) {
  const where: FilterQuery<IngredientFeeling> = sentiment ? { user: userId, sentiment } : { user: userId };
  return paginate(em, IngredientFeeling, where, { updatedAt: 'desc', id: 'desc' }, page);
}

/** A user's feeling on one ingredient: 404 for an unknown ingredient or when there is none. */
export async function getFeelingOn(
  em: EntityManager,
  userId: string,
  ingredientIdOrAlias: string,
): Promise<IngredientFeeling> {
  const ingredient = await getIngredient(em, ingredientIdOrAlias);
  const feeling = await em.findOne(IngredientFeeling, { user: userId, ingredient: ingredient.id });
  if (!feeling) throw new AppError('NOT_FOUND', `No feeling on ingredient "${ingredientIdOrAlias}"`);
  return feeling;
}

/** One feeling by id; one the caller may not see is as absent as an unknown one. */
export async function getFeeling(em: EntityManager, id: string, viewer: User | null): Promise<IngredientFeeling> {
  const feeling = isUuid(id)
    ? await em.findOne(IngredientFeeling, { id: id.toLowerCase() }, { populate: ['user'] })
    : null;
  if (!feeling || !canSeeFeelings(feeling.user.getEntity(), viewer)) throw notFound('Ingredient feeling', id);
  return feeling;
}

/** The user whose feelings are asked for, when the caller may see them. */
export async function feelingsOwner(em: EntityManager, idOrUsername: string, viewer: User | null): Promise<User> {
  const owner = await getUser(em, idOrUsername);
  if (canSeeFeelings(owner, viewer)) return owner;
  if (!viewer) throw unauthenticated("This user's ingredient feelings are private: sign in as the user");
  throw forbidden('This user keeps their ingredient feelings private');
}

/** A user's feelings on some ingredients, in the order of `ingredientIds`. */
export async function feelingsOn(
  em: EntityManager,
  userId: string,
  ingredientIds: string[],
): Promise<IngredientFeeling[]> {
  if (ingredientIds.length === 0) return [];
  const feelings = await em.find(IngredientFeeling, { user: userId, ingredient: { $in: [...new Set(ingredientIds)] } });
  const byIngredient = new Map(feelings.map((f) => [f.ingredient.id, f]));
  return [...new Set(ingredientIds)].flatMap((id) => (byIngredient.has(id) ? [byIngredient.get(id)!] : []));
}
