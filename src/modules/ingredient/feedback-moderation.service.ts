// Moderators work through ingredient feedback: accept it as a correction (applied to the
// ingredient in the same transaction) or dismiss it with a reason; the author sees the outcome.
import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { ingredientChanged } from './matcher.service.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { User, UserType } from '../user/user.entity.js';
import { FeedbackKind, FeedbackStatus, IngredientFeedback } from './ingredient-feedback.entity.js';
import { Ingredient } from './ingredient.entity.js';
import { checkedRating, checkedRatingSource, checkedWords, namesInUse } from './ingredient-write.service.js';
import { loadVocabulary } from './vocabulary.js';

export interface IngredientCorrection {
  description?: string | null;
  addOtherNames?: string[] | null;
  removeOtherNames?: string[] | null;
  functions?: string[] | null;
  effects?: string[] | null;
  flags?: string[] | null;
  comedogenic?: number | null;
  irritancy?: number | null;
  ratingSource?: string | null;
}

function mustModerate(viewer: User): void {
  if (viewer.userType !== UserType.moderator && viewer.userType !== UserType.admin)
    throw forbidden('Only moderators and admins review ingredient feedback');
}

/** The queue: feedback of one status (open by default), oldest first, optionally of one kind. */
export function feedbackQueue(
  em: EntityManager,
  viewer: User,
  status: FeedbackStatus,
  kind: FeedbackKind | null | undefined,
  page: PageArgs,
) {
  mustModerate(viewer);
  return paginate(em, IngredientFeedback, { status, ...(kind ? { kind } : {}) }, { createdAt: 'asc', id: 'asc' }, page);
}

async function openFeedback(em: EntityManager, id: string, viewer: User): Promise<IngredientFeedback> {
  mustModerate(viewer);
  const feedback = isUuid(id) ? await em.findOne(IngredientFeedback, { id: id.toLowerCase() }) : null;
  if (!feedback) throw notFound('Ingredient feedback', id);
  if (feedback.status !== FeedbackStatus.open) throw conflict(`This feedback was already ${feedback.status}`);
  return feedback;
}

function checkedNote(field: string, text: string | null | undefined, required: boolean): string | null {
  const note = text?.trim() ?? '';
  if (!note) {
    if (required) throw validationFailed(field, `${field} must be 3-1000 characters`);
    return null;
  }
  if (note.length < 3 || note.length > 1000) throw validationFailed(field, `${field} must be 3-1000 characters`);
  return note;
}

/** Applies a correction to an ingredient; answers what changed (field → from/to). Every field is checked before any is set. */
async function applyCorrection(
  em: EntityManager,
  ingredient: Ingredient,
  c: IngredientCorrection,
): Promise<Record<string, { from: unknown; to: unknown }>> {
  const vocabulary = loadVocabulary();
  const next: Partial<
    Pick<
      Ingredient,
      'description' | 'otherNames' | 'functions' | 'effects' | 'flags' | 'comedogenic' | 'irritancy' | 'ratingSource'
    >
  > = {};
  if (c.description != null) {
    const description = c.description.trim();
    if (description.length > 5000)
      throw validationFailed('correction.description', 'correction.description must be at most 5,000 characters');
    next.description = description;
  }
  if (c.addOtherNames?.length || c.removeOtherNames?.length) {
    const add = [...new Set((c.addOtherNames ?? []).map((n) => n.trim().replace(/\s+/g, ' ')).filter(Boolean))];
    if (add.some((n) => n.length > 300))
      throw validationFailed('correction.add_other_names', 'other names must be at most 300 characters');
    const remove = new Set((c.removeOtherNames ?? []).map((n) => n.trim().toLowerCase()));
    const missing = [...remove].filter((n) => !ingredient.otherNames.some((o) => o.toLowerCase() === n));
    if (missing.length)
      throw validationFailed(
        'correction.remove_other_names',
        `Not other names of ${ingredient.name}: ${missing.join(', ')}`,
      );
    const taken = add.length ? await namesInUse(em, add, ingredient.id) : [];
    if (taken.length)
      throw conflict(`These names already belong to another ingredient: ${taken.join(', ')}`, {
        field: 'correction.add_other_names',
        names: taken,
      });
    const kept = ingredient.otherNames.filter((o) => !remove.has(o.toLowerCase()));
    next.otherNames = [
      ...kept,
      ...add.filter(
        (n) =>
          !kept.some((k) => k.toLowerCase() === n.toLowerCase()) && n.toLowerCase() !== ingredient.name.toLowerCase(),
      ),
    ];
  }
  if (c.functions != null)
    next.functions = checkedWords('correction.functions', c.functions, vocabulary.functions, true);
  if (c.effects != null) next.effects = checkedWords('correction.effects', c.effects, vocabulary.effects);
  if (c.flags != null) next.flags = checkedWords('correction.flags', c.flags, vocabulary.flags);
  if (c.comedogenic !== undefined && c.comedogenic !== null)
    next.comedogenic = checkedRating('correction.comedogenic', c.comedogenic);
  if (c.irritancy !== undefined && c.irritancy !== null)
    next.irritancy = checkedRating('correction.irritancy', c.irritancy);
  if (c.ratingSource != null) next.ratingSource = checkedRatingSource('correction.rating_source', c.ratingSource);
  if ((next.comedogenic != null || next.irritancy != null) && !(next.ratingSource ?? ingredient.ratingSource))
    throw validationFailed('correction.rating_source', 'a rating needs its rating_source');
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(next) as Array<[keyof typeof next, unknown]>) {
    const from = ingredient[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  if (Object.keys(changes).length === 0)
    throw validationFailed('correction', 'The correction changes nothing: name at least one field with a new value');
  Object.assign(ingredient, next, { updatedAt: new Date(), curated: true });
  return changes;
}

/** Closes open feedback; two moderators acting at once: the second gets CONFLICT and its transaction (with any correction) rolls back. */
async function close(
  em: EntityManager,
  feedback: IngredientFeedback,
  outcome: {
    status: FeedbackStatus;
    reviewedBy: string;
    reviewedAt: Date;
    resolution: string | null;
    appliedChanges: IngredientFeedback['appliedChanges'];
  },
): Promise<void> {
  const updated = await em.nativeUpdate(
    IngredientFeedback,
    { id: feedback.id, status: FeedbackStatus.open },
    outcome as never,
  );
  if (updated !== 1) throw conflict('This feedback was reviewed by someone else at the same time');
  Object.assign(feedback, { ...outcome, reviewedBy: em.getReference(User, outcome.reviewedBy) });
}

/** Accepts feedback as a correction: the ingredient changes and the feedback closes in one transaction (the caller's). */
export async function acceptFeedback(
  em: EntityManager,
  id: string,
  viewer: User,
  correction: IngredientCorrection,
  note: string | null | undefined,
): Promise<IngredientFeedback> {
  const feedback = await openFeedback(em, id, viewer);
  const resolution = checkedNote('note', note, false);
  const ingredient = await em.findOneOrFail(Ingredient, { id: feedback.ingredient.id });
  const changes = await applyCorrection(em, ingredient, correction);
  await em.flush();
  await close(em, feedback, {
    status: FeedbackStatus.accepted,
    reviewedBy: viewer.id,
    reviewedAt: new Date(),
    resolution,
    appliedChanges: changes,
  });
  ingredientChanged(ingredient.id);
  return feedback;
}

export async function dismissFeedback(
  em: EntityManager,
  id: string,
  viewer: User,
  reason: string,
): Promise<IngredientFeedback> {
  const feedback = await openFeedback(em, id, viewer);
  const resolution = checkedNote('reason', reason, true);
  await close(em, feedback, {
    status: FeedbackStatus.dismissed,
    reviewedBy: viewer.id,
    reviewedAt: new Date(),
    resolution,
    appliedChanges: null,
  });
  return feedback;
}
