import type { EntityManager } from '../../db.js';
import { forbidden, notFound, nulCharacterRefused, validationFailed } from '../../errors.js';
import { getIngredient } from '../ingredient/ingredient.service.js';
import { isUuid, newId } from '../shared/ids.js';
import { lookupKey } from '../shared/lookup-key.js';
import { paginate, type PageArgs, type PageResult } from '../shared/pagination.js';
import { entityFromRow, rowPage, selectColumns } from '../shared/row-pages.js';
import { userFromRow, userSelect } from '../user/user-rows.js';
import { UserType, type User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { normalizeHashtag, parseHashtags } from './engine/hashtags.js';
import {
  IngredientOpinion,
  IngredientOpinionEndorsement,
  IngredientOpinionEntry,
} from './ingredient-opinion.entity.js';

export const MAX_OPINION_LENGTH = 10_000;

const isModerator = (viewer: User): boolean =>
  viewer.userType === UserType.moderator || viewer.userType === UserType.admin;

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw validationFailed('text', 'text must not be empty');
  if (trimmed.includes('\0')) throw nulCharacterRefused('text');
  if (trimmed.length > MAX_OPINION_LENGTH)
    throw validationFailed('text', `text takes at most ${MAX_OPINION_LENGTH} characters`);
  return trimmed;
}

export async function getOpinion(em: EntityManager, uuid: string): Promise<IngredientOpinion> {
  const opinion = isUuid(uuid) ? await em.findOne(IngredientOpinion, { id: uuid.toLowerCase() }) : null;
  if (!opinion) throw notFound('Ingredient opinion', uuid);
  return opinion;
}

/** The opinion, if the viewer may change it: its author, moderators and admins (403 for others). */
async function changeableOpinion(em: EntityManager, uuid: string, viewer: User): Promise<IngredientOpinion> {
  const opinion = await getOpinion(em, uuid);
  if (opinion.author.id !== viewer.id && !isModerator(viewer))
    throw forbidden("Only the opinion's author or a moderator changes it");
  return opinion;
}

function addEntry(em: EntityManager, opinion: IngredientOpinion, text: string, editor: User): IngredientOpinionEntry {
  const hashtags = parseHashtags(text);
  const entry = em.create(IngredientOpinionEntry, {
    opinion,
    version: opinion.version,
    text,
    hashtags,
    editor: editor.id,
  });
  em.assign(opinion, { text, hashtags, currentEntryId: entry.id, updatedAt: entry.createdAt });
  return entry;
}

export async function createOpinion(
  em: EntityManager,
  viewer: User,
  input: { ingredient: string; text: string },
): Promise<IngredientOpinion> {
  const text = checkedText(input.text);
  const ingredient = await getIngredient(em, lookupKey('Ingredient', input.ingredient));
  const opinion = em.create(IngredientOpinion, {
    ingredient: ingredient.id,
    author: viewer.id,
    text,
    hashtags: [],
    version: 1,
    endorsementCount: 0,
    currentEntryId: '',
  });
  addEntry(em, opinion, text, viewer);
  await em.flush();
  return opinion;
}

/** A new version: the opinion's id stays, the new entry becomes current. */
export async function updateOpinion(
  em: EntityManager,
  uuid: string,
  viewer: User,
  input: { text: string },
): Promise<IngredientOpinion> {
  const text = checkedText(input.text);
  const opinion = await changeableOpinion(em, uuid, viewer);
  // Serialise concurrent edits of one opinion: the version numbers stay dense and unique.
  await em.execute('select id from ingredient_opinion where id = ? for update', [opinion.id]);
  await em.refresh(opinion);
  opinion.version += 1;
  addEntry(em, opinion, text, viewer);
  await em.flush();
  return opinion;
}

/** Deletes the opinion with every entry and endorsement (and its place in pitches). */
export async function deleteOpinion(em: EntityManager, uuid: string, viewer: User): Promise<boolean> {
  const opinion = await changeableOpinion(em, uuid, viewer);
  await em.nativeDelete(IngredientOpinion, { id: opinion.id });
  return true;
}

export async function currentEntry(em: EntityManager, uuid: string): Promise<IngredientOpinionEntry> {
  const opinion = await getOpinion(em, uuid);
  return em.findOneOrFail(IngredientOpinionEntry, { id: opinion.currentEntryId });
}

export async function getEntry(em: EntityManager, uuid: string): Promise<IngredientOpinionEntry> {
  const entry = isUuid(uuid) ? await em.findOne(IngredientOpinionEntry, { id: uuid.toLowerCase() }) : null;
  if (!entry) throw notFound('Ingredient opinion entry', uuid);
  return entry;
}

/** Every version, newest first. */
export async function opinionHistory(em: EntityManager, uuid: string, page: PageArgs) {
  const opinion = await getOpinion(em, uuid);
  return paginate(em, IngredientOpinionEntry, { opinion: opinion.id }, { version: 'desc', id: 'desc' }, page);
}

export function checkedHashtag(tag: string): string {
  const normalized = normalizeHashtag(tag.trim());
  if (!normalized)
    throw validationFailed(
      'hashtag',
      'hashtag takes letters, digits and _ (at least one letter, at most 50), with or without #',
    );
  return normalized;
}

/**
 * A page of opinions as rows with their authors joined in (read-only objects with the entities'
 * properties): one statement, whatever the page's size.
 */
function opinionPage(
  em: EntityManager,
  where: string,
  params: unknown[],
  key: 'updated_at' | 'created_at',
  page: PageArgs,
): Promise<PageResult<IngredientOpinion>> {
  return rowPage(
    em,
    {
      select: `${selectColumns(em, IngredientOpinion, 'o', 'o_')}, ${userSelect(em, 'u', 'u_')}`,
      from: 'ingredient_opinion o join app_user u on u.id = o.author_id',
      where,
      params,
      key: `o.${key}`,
      id: 'o.id',
    },
    page,
    (row: Record<string, unknown>) => {
      const opinion = entityFromRow(em, IngredientOpinion, row, 'o_');
      (opinion as { author: unknown }).author = userFromRow(em, row, 'u_');
      return opinion;
    },
  );
}

/** Opinions whose current text carries the tag, newest edit first. */
export function opinionsByHashtag(em: EntityManager, tag: string, page: PageArgs) {
  return opinionPage(em, 'o.hashtags @> array[?]::text[]', [checkedHashtag(tag)], 'updated_at', page);
}

export function opinionsByAuthor(em: EntityManager, authorId: string, ingredientId: string | null, page: PageArgs) {
  return ingredientId
    ? opinionPage(em, 'o.author_id = ? and o.ingredient_id = ?', [authorId, ingredientId], 'created_at', page)
    : opinionPage(em, 'o.author_id = ?', [authorId], 'created_at', page);
}

export async function myOpinions(em: EntityManager, viewer: User, ingredient: string | null, page: PageArgs) {
  const ingredientId = ingredient ? (await getIngredient(em, lookupKey('Ingredient', ingredient))).id : null;
  return opinionsByAuthor(em, viewer.id, ingredientId, page);
}

export async function userOpinions(em: EntityManager, idOrUsername: string, page: PageArgs) {
  return opinionsByAuthor(em, (await getUser(em, lookupKey('User', idOrUsername))).id, null, page);
}

/** An ingredient's opinions with at least one endorsement: most endorsed first, then newest. */
export async function endorsedOpinions(em: EntityManager, ingredient: string, page: PageArgs) {
  const { id } = await getIngredient(em, lookupKey('Ingredient', ingredient));
  return paginate(
    em,
    IngredientOpinion,
    { ingredient: id, endorsementCount: { $gt: 0 } },
    { endorsementCount: 'desc', createdAt: 'desc', id: 'desc' },
    page,
  );
}

/** Every opinion on the ingredient, endorsed or not: the most endorsed first, then the newest. */
export async function ingredientOpinions(em: EntityManager, ingredient: string, page: PageArgs) {
  const { id } = await getIngredient(em, lookupKey('Ingredient', ingredient));
  return paginate(
    em,
    IngredientOpinion,
    { ingredient: id },
    { endorsementCount: 'desc', createdAt: 'desc', id: 'desc' },
    page,
  );
}

/** The ingredient's most endorsed opinion (ties: the newest); NOT_FOUND when none is endorsed. */
export async function featuredOpinion(em: EntityManager, ingredient: string): Promise<IngredientOpinion> {
  const {
    items: [best],
  } = await endorsedOpinions(em, ingredient, { limit: 1 });
  if (!best) throw notFound('Endorsed opinion of ingredient', ingredient);
  return best;
}

async function recount(em: EntityManager, opinion: IngredientOpinion): Promise<IngredientOpinion> {
  await em.execute(
    'update ingredient_opinion set endorsement_count = (select count(*) from ingredient_opinion_endorsement e where ' +
      'e.opinion_id = ?) where id = ?',
    [opinion.id, opinion.id],
  );
  await em.refresh(opinion);
  return opinion;
}

/** Another expert vouches for an opinion (idempotent); nobody endorses their own. */
export async function endorseOpinion(em: EntityManager, uuid: string, viewer: User): Promise<IngredientOpinion> {
  const opinion = await getOpinion(em, uuid);
  if (opinion.author.id === viewer.id) throw forbidden('You cannot endorse your own opinion');
  await em.upsert(
    IngredientOpinionEndorsement,
    { id: newId(), opinion: opinion.id, user: viewer.id, createdAt: new Date() } as never,
    {
      onConflictFields: ['opinion', 'user'],
      onConflictAction: 'ignore',
    },
  );
  return recount(em, opinion);
}

export async function unendorseOpinion(em: EntityManager, uuid: string, viewer: User): Promise<IngredientOpinion> {
  const opinion = await getOpinion(em, uuid);
  await em.nativeDelete(IngredientOpinionEndorsement, { opinion: opinion.id, user: viewer.id });
  return recount(em, opinion);
}
