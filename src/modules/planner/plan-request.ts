// The checks of a plan request that need more than a type (research §4.5), each a 400 naming its field as the REST
// body names it, and the request with its defaults filled in: what a stored plan keeps as its inputs, and what a
// re-plan plans from again. Pure but for the exchange-rate table (a process cache).
import { validationFailed } from '../../errors.js';
import { loadExchangeRates } from '../buy/exchange-rates.js';
import { comparisonCurrency } from '../buy/offer-choice.js';
import { SkinConcern } from '../feeling/skin-profile.types.js';
import { SENSITIVITY_TRIGGERS } from '../survey/engine/sensitivities.js';
import { addDays } from './engine/dates.js';
import type { PlanProfileInput, RoutinePlanInput } from './plan.input.js';

export const MAX_SHELF = 60;
const MAX_EXCLUDED = 100;
const SHELF_STATUSES = ['unopened', 'in_use', 'finished', 'set_aside'] as const;
/** The survey's goals (data/survey.yaml) besides the concerns; engine/goals.ts maps them to concerns. */
const SURVEY_GOALS = ['clear_skin', 'hydration', 'glow', 'even_tone', 'anti_aging', 'sun_protection', 'simplicity'];

export interface ShelfEntry {
  product: string | null;
  analysisToken: string | null;
  status: (typeof SHELF_STATUSES)[number];
  tolerated: boolean;
}

/** A request as checked, defaults filled in: JSON, stored with the plan as its inputs. */
export interface CheckedRequest {
  /** null: the stored shelf. */
  shelf: ShelfEntry[] | null;
  profile: PlanProfileInput;
  goals: string[];
  steps: { morningMax: number; eveningMax: number };
  budget: { amount: number; currency: string; period: 'once' | 'month' } | null;
  buy: 'within_budget' | 'shelf_only';
  startOn: string;
  horizonWeeks: number;
  experience: string | null;
  prescribed: Array<{ product: string; days: string[]; timeOfDay: 'morning' | 'evening' }>;
  excludeProducts: string[];
  excludeBrands: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return DATE.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const int = (v: unknown, lo: number, hi: number) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;

export function checkRequest(
  input: RoutinePlanInput,
  options: { today: string; viewerCountry: string | null; storedShelf: boolean },
): CheckedRequest {
  const { steps } = input;
  if (!int(steps?.morningMax, 1, 8))
    throw validationFailed(
      'steps.morning_max',
      'a morning routine always ends with sunscreen: at least 1 step, at most 8',
    );
  if (!int(steps.eveningMax, 1, 10))
    throw validationFailed('steps.evening_max', 'steps.evening_max must be from 1 to 10');
  const buy = input.buy ?? 'within_budget';
  let budget: CheckedRequest['budget'] = null;
  if (input.budget) {
    if (buy === 'shelf_only') throw validationFailed('budget', 'shelf_only buys nothing: leave out budget');
    const { amount } = input.budget;
    if (!Number.isFinite(amount) || amount < 0 || amount > 100_000)
      throw validationFailed('budget.amount', 'budget.amount must be a number from 0 to 100,000');
    const chosen = comparisonCurrency(loadExchangeRates(), {
      currency: input.budget.currency,
      country: input.budget.country,
      viewerCountry: options.viewerCountry,
    });
    if ('error' in chosen) throw validationFailed(`budget.${chosen.error.field}`, chosen.error.message);
    budget = { amount, currency: chosen.currency, period: input.budget.period ?? 'once' };
  }
  const startOn = input.startOn ?? options.today;
  if (!isDate(startOn)) throw validationFailed('start_on', 'start_on must be a date, YYYY-MM-DD');
  if (startOn > addDays(options.today, 366) || startOn < addDays(options.today, -366))
    throw validationFailed('start_on', 'start_on must be within a year of today');
  const horizonWeeks = input.horizonWeeks ?? 8;
  if (!int(horizonWeeks, 1, 26)) throw validationFailed('horizon_weeks', 'horizon_weeks must be from 1 to 26');

  let shelf: ShelfEntry[] | null = null;
  if (input.shelf) {
    if (input.shelf.length > MAX_SHELF) throw validationFailed('shelf', `at most ${MAX_SHELF} shelf entries`);
    const seen = new Set<string>();
    shelf = input.shelf.map((e, i) => {
      const product = e.product?.trim() || null;
      const analysisToken = e.analysisToken?.trim() || null;
      if ((product === null) === (analysisToken === null))
        throw validationFailed(`shelf[${i}]`, `shelf[${i}]: give either product or analysis_token`);
      const key = product ?? `analysis:${analysisToken}`;
      if (seen.has(key))
        throw validationFailed(`shelf[${i}]`, `shelf[${i}]: ${product ?? analysisToken} is listed twice`);
      seen.add(key);
      const status = e.status ?? 'in_use';
      if (!(SHELF_STATUSES as readonly string[]).includes(status))
        throw validationFailed(`shelf[${i}].status`, `shelf[${i}].status must be one of ${SHELF_STATUSES.join(', ')}`);
      return { product, analysisToken, status: status as ShelfEntry['status'], tolerated: e.tolerated ?? false };
    });
  } else if (!options.storedShelf) shelf = [];

  const goals = input.goals ?? [];
  goals.forEach((g, i) => {
    if (!(Object.values(SkinConcern) as string[]).includes(g) && !SURVEY_GOALS.includes(g))
      throw validationFailed(`goals[${i}]`, `goals[${i}]: unknown goal "${g}"`);
  });
  const profile = checkProfile(input.profile ?? {});
  const prescribed = (input.prescribed ?? []).map((p, i) => {
    if (!p.days.length) throw validationFailed(`prescribed[${i}].days`, `prescribed[${i}] needs the prescriber's days`);
    if (shelf && !shelf.some((e) => e.product === p.product))
      throw validationFailed(`prescribed[${i}]`, `prescribed[${i}]: ${p.product} is not on the shelf given`);
    return {
      product: p.product,
      days: [...new Set(p.days as string[])],
      timeOfDay: p.timeOfDay as 'morning' | 'evening',
    };
  });
  for (const field of ['excludeProducts', 'excludeBrands'] as const)
    if ((input[field]?.length ?? 0) > MAX_EXCLUDED)
      throw validationFailed(
        field === 'excludeProducts' ? 'exclude_products' : 'exclude_brands',
        `at most ${MAX_EXCLUDED}`,
      );
  return {
    shelf,
    profile,
    goals,
    steps: { morningMax: steps.morningMax, eveningMax: steps.eveningMax },
    budget,
    buy,
    startOn,
    horizonWeeks,
    experience: input.experience ?? null,
    prescribed,
    excludeProducts: input.excludeProducts ?? [],
    excludeBrands: input.excludeBrands ?? [],
  };
}

function checkProfile(p: PlanProfileInput): PlanProfileInput {
  (p.sensitivities ?? []).forEach((s, i) => {
    if (!Object.hasOwn(SENSITIVITY_TRIGGERS, s))
      throw validationFailed(
        `profile.sensitivities[${i}]`,
        `profile.sensitivities[${i}]: unknown sensitivity "${s}"; one of ${Object.keys(SENSITIVITY_TRIGGERS).join(', ')}`,
      );
  });
  if (p.age != null && !int(p.age, 1, 120)) throw validationFailed('profile.age', 'profile.age must be from 1 to 120');
  // Only the fields given: the stored profile fills the rest (plain JSON, stored with the plan).
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null)) as PlanProfileInput;
}
