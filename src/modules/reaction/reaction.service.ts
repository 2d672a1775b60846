// Recording how products went: one reaction per person, product (or analysed list) and day.
// Reactions are private: anyone else asking for one gets NOT_FOUND, as for something absent.
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '../../db.js';
import { conflict, notFound, nulCharacterRefused, validationFailed } from '../../errors.js';
import { getAnalysis } from '../analysis/analysis.service.js';
import { getProduct } from '../product/product.service.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { ProductReaction, ReactionOutcome } from './product-reaction.entity.js';
import { lookupKey, shownKey } from '../shared/lookup-key.js';

export const MAX_NOTE_LENGTH = 1000;
const EARLIEST_DATE = '2000-01-01';

/** Today as a YYYY-MM-DD date where the calendar is furthest ahead (UTC+14): nobody's "today" is refused. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD calendar date, not in the future and not before 2000; default today (UTC). */
export function checkedDate(field: string, value: string | null | undefined, now = new Date()): string {
  if (value === null || value === undefined) return now.toISOString().slice(0, 10);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw validationFailed(field, `${field} must be a calendar date written YYYY-MM-DD`);
  if (value > latestToday(now)) throw validationFailed(field, `${field} is in the future`);
  if (value < EARLIEST_DATE) throw validationFailed(field, `${field} must be ${EARLIEST_DATE} or later`);
  return value;
}

function checkedNote(note: string | null | undefined): string | null {
  if (note === null || note === undefined) return null;
  const trimmed = note.trim();
  if (trimmed.length > MAX_NOTE_LENGTH)
    throw validationFailed('note', `note takes at most ${MAX_NOTE_LENGTH} characters`);
  if (trimmed.includes('\0')) throw nulCharacterRefused('note');
  return trimmed || null;
}

export interface ReactionInput {
  /** A catalog product's id or alias… */
  product?: string | null;
  /** …or the token of an analysed list. Exactly one of the two. */
  analysis?: string | null;
  outcome: ReactionOutcome;
  date?: string | null;
  note?: string | null;
}

/** The subject of a reaction: the product (as the caller may see it) or the analysis. */
async function subjectOf(em: EntityManager, viewer: User, input: Pick<ReactionInput, 'product' | 'analysis'>) {
  const hasProduct = input.product !== null && input.product !== undefined;
  const hasAnalysis = input.analysis !== null && input.analysis !== undefined;
  if (hasProduct && hasAnalysis)
    throw validationFailed('product', 'Send either product (an id or alias) or analysis (a token), not both');
  if (!hasProduct && !hasAnalysis)
    throw validationFailed('product', 'Say what you reacted to: product (an id or alias) or analysis (a token)');
  if (hasProduct) {
    return { product: (await getProduct(em, lookupKey('Product', input.product!), viewer)).id, analysis: null };
  }
  return { product: null, analysis: (await getAnalysis(em, input.analysis!)).id };
}

const checkedOutcome = (outcome: unknown): ReactionOutcome => {
  if (!Object.values(ReactionOutcome).includes(outcome as ReactionOutcome))
    throw validationFailed('outcome', `outcome must be one of ${Object.values(ReactionOutcome).join(', ')}`);
  return outcome as ReactionOutcome;
};

async function flushOrConflict(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw conflict('There is already a reaction to this product on that day: change that one');
    throw error;
  }
}

/** Records a reaction; the same product (or analysis) and day again replaces the outcome and note. */
export async function recordReaction(em: EntityManager, viewer: User, input: ReactionInput): Promise<ProductReaction> {
  const outcome = checkedOutcome(input.outcome);
  const reactedOn = checkedDate('date', input.date);
  const note = checkedNote(input.note);
  const subject = await subjectOf(em, viewer, input);
  const existing = await em.findOne(ProductReaction, {
    user: viewer.id,
    ...subject,
    reactedOn,
  } as FilterQuery<ProductReaction>);
  if (existing) {
    Object.assign(existing, { outcome, note });
    await flushOrConflict(em);
    return existing;
  }
  const reaction = em.create(ProductReaction, { user: viewer.id, ...subject, outcome, reactedOn, note } as never);
  await flushOrConflict(em);
  return reaction;
}

/** One of the caller's reactions; anyone else's is NOT_FOUND. */
export async function ownReaction(em: EntityManager, viewer: User, id: string): Promise<ProductReaction> {
  const reaction = isUuid(id) ? await em.findOne(ProductReaction, { id: id.toLowerCase(), user: viewer.id }) : null;
  if (!reaction) throw notFound('Reaction', shownKey(id));
  return reaction;
}

export interface ReactionChanges {
  outcome?: ReactionOutcome | null;
  date?: string | null;
  /** null clears it. */
  note?: string | null;
}

/** Changes outcome, date or note; omitted fields stay. Moving onto a day already rated is CONFLICT. */
export async function updateReaction(
  em: EntityManager,
  viewer: User,
  id: string,
  changes: ReactionChanges,
): Promise<ProductReaction> {
  const reaction = await ownReaction(em, viewer, id);
  if (changes.outcome !== undefined && changes.outcome !== null) reaction.outcome = checkedOutcome(changes.outcome);
  if (changes.date !== undefined && changes.date !== null) reaction.reactedOn = checkedDate('date', changes.date);
  if (changes.note !== undefined) reaction.note = checkedNote(changes.note);
  await flushOrConflict(em);
  return reaction;
}

export async function deleteReaction(em: EntityManager, viewer: User, id: string): Promise<boolean> {
  const reaction = await ownReaction(em, viewer, id);
  em.remove(reaction);
  await em.flush();
  return true;
}

/** The caller's reactions, latest day first. */
export function listReactions(
  em: EntityManager,
  viewer: User,
  outcome: ReactionOutcome | null | undefined,
  page: PageArgs,
) {
  const where: FilterQuery<ProductReaction> = outcome ? { user: viewer.id, outcome } : { user: viewer.id };
  return paginate(em, ProductReaction, where, { reactedOn: 'desc', id: 'desc' }, page);
}
