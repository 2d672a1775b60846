// Planning (issue 41): the preview (public, nothing stored), a person's stored plans (the last 20 kept), their
// list and one plan, and the re-plan that supersedes a plan. Planning reads and runs the engine before any
// transaction opens; the transaction then inserts one row (and, on a re-plan, marks the old plan superseded).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { dataDir } from '../knowledge/yaml-data.js';
import { paginate, type PageArgs, type PageResult } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { planRoutine } from './engine/planner.js';
import type { PlanAnswer } from './engine/types.js';
import { loadPlanKnowledge } from './plan-knowledge.js';
import { planRequestOf, type PlanReplan } from './plan-inputs.js';
import type { ReplanReason, RoutinePlanInput } from './plan.input.js';
import type { PlanAnswer as PlanAnswerType, RoutinePlanView } from './plan.types.js';
import { checkRequest, type CheckedRequest } from './plan-request.js';
import { RoutinePlan, RoutinePlanStatus } from './routine-plan.entity.js';

/** Raise when the engine changes what it plans for the same inputs (engine/*.ts). */
export const PLAN_ENGINE_VERSION = 1;
/** Plans kept per person (proposed and superseded ones; accepted plans are kept while their routines are followed). */
export const PLANS_KEPT = 20;

let rulesVersion: string | null = null;

/** Which rules and engine make a plan: a hash of the rule files and the engine version. */
export function planRulesVersion(): string {
  rulesVersion ??= `sha256:${createHash('sha256')
    .update(readFileSync(join(dataDir, 'routine-rules.yaml')))
    .update('\u0000')
    .update(readFileSync(join(dataDir, 'plan-invariants.yaml')))
    .update(`\u0000engine ${PLAN_ENGINE_VERSION}`)
    .digest('hex')
    .slice(0, 32)}`;
  return rulesVersion;
}

const today = () => new Date().toISOString().slice(0, 10);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer as GraphQL returns it: the engine's, with the rules version first. */
const answerOf = (answer: PlanAnswer): PlanAnswerType => ({
  rulesVersion: planRulesVersion(),
  ...answer,
  // A page as the contract's lists are (the ProductOffers precedent): all purchases in one.
  purchases: { ...answer.purchases, nextCursor: null },
});

async function planned(ctx: Context, request: CheckedRequest, replan: PlanReplan | null = null) {
  const engineRequest = await planRequestOf(ctx, request, replan);
  return answerOf(planRoutine(engineRequest, loadPlanKnowledge()));
}

/** POST /routine_plans/preview: a plan for the body alone (its shelf listed, its profile given); nothing stored. */
export function previewPlan(ctx: Context, input: RoutinePlanInput): Promise<PlanAnswerType> {
  const request = checkRequest(input, { today: today(), viewerCountry: null, storedShelf: false });
  // A preview is anonymous whoever calls it: no stored profile, shelf, feelings or reactions are read.
  const anonymous = Object.assign(Object.create(Object.getPrototypeOf(ctx) as object) as Context, ctx, {
    viewer: null,
  });
  return planned(anonymous, request);
}

export const viewOf = (plan: RoutinePlan): RoutinePlanView => ({
  ...(plan.result as PlanAnswerType),
  id: plan.id,
  createdAt: plan.createdAt,
  status: plan.status,
  acceptedAt: plan.acceptedAt ?? null,
  supersededById: plan.supersededBy?.id ?? null,
});

/** Writes a planned answer in one transaction: the new row, the old one superseded, the oldest beyond 20 gone. */
async function store(
  ctx: Context,
  request: CheckedRequest,
  result: PlanAnswerType,
  supersedes: { plan: RoutinePlan; reason: ReplanReason; product: string | null } | null,
): Promise<RoutinePlanView> {
  const viewer = ctx.viewer!;
  // A fresh entity manager: the planning reads loaded entities (the detective's reactions) that this write must not
  // flush with it.
  return ctx.em.fork({ clear: true }).transactional(async (em) => {
    const plan = em.create(RoutinePlan, {
      owner: em.getReference(User, viewer.id),
      status: RoutinePlanStatus.proposed,
      inputs: {
        request,
        replan: supersedes ? { of: supersedes.plan.id, reason: supersedes.reason, product: supersedes.product } : null,
      },
      result,
      rulesVersion: result.rulesVersion,
      startOn: result.startOn,
    } as never);
    if (supersedes) {
      // Locked and checked again: two re-plans of one plan at once supersede it once; the second answers 409.
      await em.execute('select id from routine_plan where id = ? for update', [supersedes.plan.id]);
      const old = await em.findOne(RoutinePlan, { id: supersedes.plan.id });
      if (!old || old.status === RoutinePlanStatus.superseded)
        throw conflict('This plan was already planned again: re-plan its newest version', { field: 'id' });
      old.status = RoutinePlanStatus.superseded;
      old.supersededBy = em.getReference(RoutinePlan, plan.id) as never;
    }
    await em.flush();
    await em.execute(
      `delete from routine_plan where owner_id = ? and status <> 'accepted' and id not in
         (select id from routine_plan where owner_id = ? order by created_at desc, id desc limit ${PLANS_KEPT})`,
      [viewer.id, viewer.id],
    );
    return viewOf(plan);
  });
}

/** POST /my/routine_plans: plans for the caller (stored profile, survey and shelf under the body) and stores it. */
export async function planMyRoutine(ctx: Context, input: RoutinePlanInput): Promise<RoutinePlanView> {
  const viewer = ctx.viewer!;
  const request = checkRequest(input, { today: today(), viewerCountry: viewer.country ?? null, storedShelf: true });
  return store(ctx, request, await planned(ctx, request), null);
}

async function ownPlan(ctx: Context, id: string): Promise<RoutinePlan> {
  const plan = UUID.test(id) ? await ctx.em.findOne(RoutinePlan, { id, owner: ctx.viewer!.id }) : null;
  // Another person's plan answers as one that does not exist.
  if (!plan) throw notFound('Routine plan', id);
  return plan;
}

export async function getMyRoutinePlan(ctx: Context, id: string): Promise<RoutinePlanView> {
  return viewOf(await ownPlan(ctx, id));
}

export async function listMyRoutinePlans(
  ctx: Context,
  status: RoutinePlanStatus | null | undefined,
  args: PageArgs,
): Promise<PageResult<RoutinePlanView>> {
  const page = await paginate(
    ctx.em,
    RoutinePlan,
    { owner: ctx.viewer!.id, ...(status ? { status } : {}) },
    { createdAt: 'desc', id: 'desc' },
    args,
  );
  return { items: page.items.map(viewOf), nextCursor: page.nextCursor };
}

/**
 * POST /my/routine_plans/:id/replan: the same request planned again from what is true now (the shelf, the survey,
 * the reactions), with the old answer as `previous` so that steps the change does not touch stay; the old plan is
 * superseded by the new one.
 */
export async function replanMyRoutine(
  ctx: Context,
  id: string,
  reason: ReplanReason,
  product: string | null,
): Promise<RoutinePlanView> {
  const old = await ownPlan(ctx, id);
  if (old.status === RoutinePlanStatus.superseded)
    throw conflict('This plan was already planned again: re-plan its newest version', { field: 'id' });
  if (reason === 'product_finished' && !product)
    throw validationFailed('product', 'product_finished: name the product you finished (id or alias)');
  const request = (old.inputs as { request: CheckedRequest }).request;
  const result = await planned(ctx, request, {
    previous: old.result as PlanAnswer,
    finished: reason === 'product_finished' ? product : null,
  });
  return store(ctx, request, result, { plan: old, reason, product });
}
