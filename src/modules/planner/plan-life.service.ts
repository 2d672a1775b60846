// What happens to a stored plan after it is made: the day view, delete, and the page link its owner shares (the phone
// pages under /p/plans/:token). Accepting is plan-accept.service.ts; drift is plan-drift.ts.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '../../db.js';
import { AppError, validationFailed } from '../../errors.js';
import type { User } from '../user/user.entity.js';
import { isDate } from './engine/dates.js';
import { planDay, type PlanDay } from './engine/day.js';
import { answerOf, ownedPlan } from './plan-owned.js';
import { RoutinePlan } from './routine-plan.entity.js';

/** More missed nights than a plan's longest horizon (26 weeks) say nothing more. */
export const MAX_MISSED_NIGHTS = 182;

export function checkedDate(field: string, value: string): string {
  if (!isDate(value)) throw validationFailed(field, `${field} must be a calendar date as YYYY-MM-DD, not "${value}"`);
  return value;
}

export function checkedMissedNights(value: number | null | undefined): number {
  const n = value ?? 0;
  if (!Number.isInteger(n) || n < 0 || n > MAX_MISSED_NIGHTS)
    throw validationFailed('missed_nights', `missed_nights must be a whole number from 0 to ${MAX_MISSED_NIGHTS}`);
  return n;
}

/** What to do on `date`, and how to pick the plan up again after `missedNights` (engine planDay). */
export async function routinePlanDay(
  em: EntityManager,
  id: string,
  viewer: User,
  date: string,
  missedNights: number | null | undefined,
): Promise<PlanDay> {
  const day = checkedDate('date', date);
  const missed = checkedMissedNights(missedNights);
  return planDay(answerOf(await ownedPlan(em, id, viewer)), day, missed);
}

/**
 * Deletes a plan with its page link and its schedule rows (the foreign key cascades). The routines an accepted plan
 * wrote stay: they are the person's own routines now, which they may have changed, favoured or published; they only
 * lose the schedule that tied them to the plan.
 */
export async function deletePlan(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const plan = await ownedPlan(em, id, viewer);
  await em.nativeDelete(RoutinePlan, { id: plan.id });
  return true;
}

/** 24 random bytes: 192 bits, as unguessable as the analysis and comparison tokens. */
const PAGE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const planPagePath = (token: string) => `/p/plans/${encodeURIComponent(token)}`;

export interface PlanPageLink {
  pageUrl: string;
  tonightUrl: string;
}

const linkOf = (publicUrl: string, token: string): PlanPageLink => ({
  pageUrl: `${publicUrl}${planPagePath(token)}`,
  tonightUrl: `${publicUrl}${planPagePath(token)}/tonight`,
});

/**
 * The plan's page link: made once, then the same link on every call until revoked. Two calls at once: the
 * conditional update lets one token in, and the other call reads it back.
 */
export async function createPageLink(
  em: EntityManager,
  id: string,
  viewer: User,
  publicUrl: string,
): Promise<PlanPageLink> {
  const plan = await ownedPlan(em, id, viewer);
  if (!plan.pageToken) {
    const token = randomBytes(24).toString('base64url');
    const set = await em.nativeUpdate(RoutinePlan, { id: plan.id, pageToken: null }, { pageToken: token });
    if (set === 1) plan.pageToken = token;
    else await em.refresh(plan);
  }
  return linkOf(publicUrl, plan.pageToken!);
}

/** Revokes the link (idempotent): its pages answer the not-found page from now on. */
export async function revokePageLink(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const plan = await ownedPlan(em, id, viewer);
  await em.nativeUpdate(RoutinePlan, { id: plan.id }, { pageToken: null });
  return true;
}

/** The plan behind a page link, to anyone holding it; a revoked or made-up token is not found (one statement). */
export async function planByPageToken(em: EntityManager, token: string): Promise<RoutinePlan> {
  const plan = PAGE_TOKEN.test(token) ? await em.findOne(RoutinePlan, { pageToken: token }) : null;
  if (!plan) throw new AppError('NOT_FOUND', 'No plan is shared at this link: its owner revoked it, or it never was');
  return plan;
}
