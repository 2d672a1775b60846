// For the routine-plan tests: a REST answer back in the engine's words, the engine request the service builds for a
// body (so that the engine's own checker, checkPlan, runs on every answer the tests get), and the persona.
import { expect } from '@jest/globals';
import { createContext, type AppServices } from '../../src/context.js';
import { checkPlan, excusedCheck } from '../../src/modules/planner/engine/checks.js';
import { planInstances } from '../../src/modules/planner/engine/day.js';
import { planRoutine } from '../../src/modules/planner/engine/planner.js';
import type { PlanAnswer, PlanRequest } from '../../src/modules/planner/engine/types.js';
import { planRequestOf, type PlanReplan } from '../../src/modules/planner/plan-inputs.js';
import { loadPlanKnowledge } from '../../src/modules/planner/plan-knowledge.js';
import { checkRequest } from '../../src/modules/planner/plan-request.js';
import type { RoutinePlanInput } from '../../src/modules/planner/plan.input.js';
import type { TestApp } from './app.js';

/** snake_case keys back to camelCase, deeply (REST answers and bodies). */
export const camel = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(camel)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v).map(([k, x]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), camel(x)]),
        )
      : v;

/** Without null and undefined fields: GraphQL answers an optional field the engine leaves out as null. */
export const dropNulls = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(dropNulls)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x == null ? [] : [[k, dropNulls(x)]])))
      : v;

export const today = () => new Date().toISOString().slice(0, 10);

/** The engine request the service builds for a REST body (signed in as `username`, or anonymous: the preview). */
export async function engineRequest(
  t: TestApp,
  body: Record<string, unknown>,
  username: string | null,
  replan: PlanReplan | null = null,
): Promise<PlanRequest> {
  const viewer = username ? await t.user(username) : null;
  const ctx = createContext(t.em(), viewer, 'test', 'http://localhost', {} as AppServices);
  const checked = checkRequest(camel(body) as RoutinePlanInput, {
    today: today(),
    viewerCountry: viewer?.country ?? null,
    storedShelf: viewer !== null,
  });
  return planRequestOf(ctx, checked, replan);
}

/**
 * The answer is the engine's for the request the service built (nothing added, nothing left out), and the engine's
 * own checker finds no violation in it (a "Not met:" check is one the answer reports as unmet).
 */
export async function expectCheckedPlan(
  t: TestApp,
  body: Record<string, unknown>,
  answer: unknown,
  username: string | null,
): Promise<{ plan: PlanAnswer; request: PlanRequest }> {
  const request = await engineRequest(t, body, username);
  const plan = camel(answer) as PlanAnswer & Record<string, unknown>;
  const { id: _id, createdAt: _c, status: _s, acceptedAt: _a, supersededById: _b, rulesVersion, ...rest } = plan;
  expect(rulesVersion).toMatch(/^sha256:[0-9a-f]{32}$/);
  const expected = planRoutine(request, loadPlanKnowledge());
  expect(dropNulls(rest)).toEqual(dropNulls(expected));
  expect(checkPlan(request, plan, loadPlanKnowledge()).filter((c) => !c.passed && !excusedCheck(c))).toEqual([]);
  return { plan, request };
}

/** Steps per date and part of day: what "never adds a step on any date" compares. */
export const stepsByDate = (plan: PlanAnswer) =>
  new Map(planInstances(plan).map((i) => [i.date, [i.morning.steps.length, i.evening.steps.length] as const]));

/** The persona: a retinol serum, a 2 % BHA liquid, a vitamin C serum and an SPF 30 lotion. */
export const PERSONA_SHELF = [
  { product: 'bursztyn-lab-retinol-0-3-starter-serum' },
  { product: 'padolab-2-bha-pore-liquid' },
  { product: 'almendral-vitamin-c-fluid-serum' },
  { product: 'dayfair-daily-face-lotion-spf-30' },
];
