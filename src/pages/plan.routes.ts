// A shared routine plan's phone pages (issue 41): /p/plans/:token (the plan) and /p/plans/:token/tonight (a day of
// it, today unless ?date=). The token is the plan's page link, which its owner creates and can revoke: the pages
// need no sign-in, so the link is the only key. Hence noindex (meta and header), no-referrer (the token must not leak
// to a site the page links to), no canonical URL, and no sitemap lists them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from '../errors.js';
import { pageRoute } from '../platform/security.js';
import type { Html } from './html.js';
import type { RunOperation } from './page-operations.js';
import { planDayPage, readableDate, sharedPlanPage, type PlanDayData, type SharedPlanData } from './plan.views.js';

export const PLAN_PAGE_OPERATIONS = ['GetSharedRoutinePlan', 'GetSharedRoutinePlanDay'];

type Params = {
  Params: Record<string, string>;
  Querystring: Record<string, string | undefined>;
  Body: Record<string, string | undefined> | undefined;
};

export interface PlanPageKit {
  run: RunOperation;
  send: (
    reply: FastifyReply,
    status: number,
    page: { title: string; description: string; noindex?: boolean; main: Html },
  ) => unknown;
  page: (
    build: (request: FastifyRequest<Params>, reply: FastifyReply, context: unknown) => Promise<unknown>,
  ) => (request: FastifyRequest<Params>, reply: FastifyReply) => Promise<unknown>;
}

const planPath = (token: string) => `/p/plans/${encodeURIComponent(token)}`;

/** A query parameter given once (a repeated one arrives as an array: a 400, not a crash). */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw validationFailed(name, `${name} takes one value`);
}

export function registerPlanPages(scope: FastifyInstance, { run, send, page }: PlanPageKit): void {
  // Every answer of these pages, the not-found page of a revoked link included.
  const private_ = (reply: FastifyReply) =>
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');

  scope.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/p/plans/')) private_(reply);
  });

  scope.get<Params>(
    '/p/plans/:token',
    { config: pageRoute },
    page(async (request, reply, context) => {
      const { token } = request.params;
      const plan = await run<SharedPlanData>('GetSharedRoutinePlan', { token }, context);
      const today = new Date().toISOString().slice(0, 10);
      return send(reply, 200, {
        title: 'Your routine plan',
        description: `A skincare routine plan from ${readableDate(plan.start_on)}.`,
        noindex: true,
        main: sharedPlanPage(plan, today, `${planPath(token)}/tonight`),
      });
    }),
  );

  scope.get<Params>(
    '/p/plans/:token/tonight',
    { config: pageRoute },
    page(async (request, reply, context) => {
      const { token } = request.params;
      const date = single(request.query, 'date') || new Date().toISOString().slice(0, 10);
      const missedText = single(request.query, 'missed_nights') || '0';
      if (!/^\d{1,3}$/.test(missedText))
        throw validationFailed('missed_nights', 'missed_nights must be a whole number from 0 to 182');
      const missed = Number(missedText);
      const day = await run<PlanDayData>('GetSharedRoutinePlanDay', { token, date, missed_nights: missed }, context);
      const dayLink = (d: string) => `${planPath(token)}/tonight?date=${d}`;
      return send(reply, 200, {
        title: day.evening ? `Tonight: ${day.evening.name}` : 'Outside the plan',
        description: `What to do on ${readableDate(day.date)}.`,
        noindex: true,
        main: planDayPage(day, { plan: planPath(token), day: dayLink }, missed),
      });
    }),
  );
}
