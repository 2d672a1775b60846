// A plan's page link and its phone pages (issue 41): the link is made once and revoked by its owner; the pages show
// the plan (summary first, routines with each step's reasons, this week, patch tests, purchases with the total, what
// was left out and why, what could not be met, attention) and a day with its restart line; noindex, no-referrer, in
// no sitemap; a revoked or made-up link is the not-found page. Plans: the persona's shelf-only plan over real
// products, and a buying plan (a purchase and its total, an unmet constraint, a pregnancy set-aside) from the engine.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { planRoutine } from '../src/modules/planner/engine/planner.js';
import type { PlanAnswer } from '../src/modules/planner/engine/types.js';
import { loadPlanKnowledge } from '../src/modules/planner/plan-knowledge.js';
import { errorOf, startTestApp, type TestApp } from './helpers/app.js';
import { baseProfile, FAMILIES, product, request, shelfItem, standardCatalog } from './helpers/planner-fixtures.js';
import { catalogShelf, insertPlan, personaPlan } from './helpers/stored-plans.js';

let t: TestApp;
let answer: PlanAnswer;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  answer = personaPlan(await catalogShelf(t));
});
afterAll(async () => {
  await t?.close();
});

async function person(plan = answer) {
  const username = `plan-page-${++seq}`;
  const token = await t.tokenFor(username);
  return { token, id: await insertPlan(t, username, plan) };
}
const link = (id: string, token?: string) =>
  t.inject({ method: 'POST', url: `/my/routine_plans/${id}/page_link`, token });
const pathOf = (url: string) => new URL(url).pathname;

describe('the page link', () => {
  it('is made once (the same link on every call), revoked by its owner, and a new one differs', async () => {
    const me = await person();
    const first = await link(me.id, me.token);
    expect(first.statusCode).toBe(200);
    const body = first.json() as { page_url: string; tonight_url: string };
    expect(body.page_url).toMatch(/^https?:\/\/[^/]+\/p\/plans\/[A-Za-z0-9_-]{32}$/);
    expect(body.tonight_url).toBe(`${body.page_url}/tonight`);
    expect((await link(me.id, me.token)).json()).toEqual(body);
    expect((await t.inject({ method: 'GET', url: pathOf(body.page_url) })).statusCode).toBe(200);

    const revoked = await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}/page_link`, token: me.token });
    expect(revoked.statusCode).toBe(204);
    for (const url of [body.page_url, body.tonight_url]) {
      const page = await t.inject({ method: 'GET', url: pathOf(url) });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('No plan is shared at this link');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    // Revoking twice is fine; a new link is another token.
    expect(
      (await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}/page_link`, token: me.token })).statusCode,
    ).toBe(204);
    const again = (await link(me.id, me.token)).json() as { page_url: string };
    expect(again.page_url).not.toBe(body.page_url);
  });

  it('is the owner’s only: 401 without a token, 404 for a stranger; GraphQL alike', async () => {
    const me = await person();
    expect((await link(me.id)).statusCode).toBe(401);
    const stranger = await t.tokenFor('plan-page-stranger');
    const refused = await link(me.id, stranger);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe('NOT_FOUND');
    expect(
      (await t.inject({ method: 'DELETE', url: `/my/routine_plans/${me.id}/page_link`, token: stranger })).statusCode,
    ).toBe(404);
    const gql = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: me.token,
      payload: {
        query: 'mutation($id: String!) { createRoutinePlanPageLink(id: $id) { pageUrl tonightUrl } }',
        variables: { id: me.id },
      },
    });
    const made = (gql.json() as { data: { createRoutinePlanPageLink: { pageUrl: string } } }).data
      .createRoutinePlanPageLink;
    expect(made.pageUrl).toMatch(/\/p\/plans\/[A-Za-z0-9_-]{32}$/);
    const revoke = await t.inject({
      method: 'POST',
      url: '/graphql',
      token: me.token,
      payload: { query: 'mutation($id: String!) { revokeRoutinePlanPageLink(id: $id) }', variables: { id: me.id } },
    });
    expect(revoke.json()).toEqual({ data: { revokeRoutinePlanPageLink: true } });
    expect((await t.inject({ method: 'GET', url: pathOf(made.pageUrl) })).statusCode).toBe(404);
  });
});

describe('the plan page', () => {
  it('shows the summary first, then the week, the routines with their reasons and the patch tests; noindex', async () => {
    const me = await person();
    const { page_url } = (await link(me.id, me.token)).json() as { page_url: string };
    const page = await t.inject({ method: 'GET', url: pathOf(page_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const escaped = (s: string) => s.replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    // The summary comes before anything else of the plan.
    const at = (s: string) => html.indexOf(escaped(s));
    expect(at(answer.summary)).toBeGreaterThan(0);
    expect(at(answer.summary)).toBeLessThan(html.indexOf('This week'));
    for (const routine of answer.routines) {
      expect(html).toContain(`<h3>${routine.name}</h3>`);
      for (const step of routine.steps) for (const reason of step.reasons) expect(html).toContain(escaped(reason.text));
    }
    // Patch tests, and the restart rule.
    expect(html).toContain('New products, one at a time');
    expect(html).toContain(escaped(answer.schedule.missedNights));
    expect(html).toContain('href="/p/plans/');
  });

  it('shows purchases with their total, what was set aside and why, unmet constraints with their fix, and attention', async () => {
    // Pregnant, owning a retinol serum and no sunscreen, with €12: a purchase, a set-aside, perhaps an unmet budget.
    const shelf = [product({ ...FAMILIES.retinolSerum, id: 'own-retinol', name: 'Own Retinol' })].map((p) =>
      shelfItem(p),
    );
    const buying = planRoutine(
      request({
        shelf,
        catalog: standardCatalog(),
        profile: baseProfile({ pregnancy: 'pregnant', acne: 'severe' }),
        budget: { amount: 12, currency: 'EUR', period: 'once' },
      }),
      loadPlanKnowledge(),
    );
    expect(buying.purchases.items.length).toBeGreaterThan(0);
    expect(buying.setAside.length).toBeGreaterThan(0);
    expect(buying.attention.length).toBeGreaterThan(0);
    expect(buying.unmet.length).toBeGreaterThan(0);
    const me = await person(buying);
    const { page_url } = (await link(me.id, me.token)).json() as { page_url: string };
    const html = (await t.inject({ method: 'GET', url: pathOf(page_url) })).body;
    const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(html).toContain(`Total: ${buying.purchases.total.toFixed(2)} EUR`);
    for (const item of buying.purchases.items) expect(html).toContain(escaped(item.product.name));
    expect(html).toContain('Left out, and why');
    expect(html).toContain('Own Retinol');
    for (const reason of buying.setAside[0].reasons) expect(html).toContain(escaped(reason.text));
    for (const a of buying.attention) expect(html).toContain(escaped(a.text));
    for (const u of buying.unmet) expect(html).toContain(escaped(u.cheapestFix.text));
    // The attention (a referral) comes before the routines.
    expect(html.indexOf(escaped(buying.attention[0].text))).toBeLessThan(html.indexOf('Your routines, step by step'));
  });

  it('is in no sitemap', async () => {
    const me = await person();
    await link(me.id, me.token);
    for (const kind of ['products', 'ingredients', 'comparisons', 'routines']) {
      const sitemap = await t.inject({ method: 'GET', url: `/sitemap/${kind}` });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).not.toContain('/p/plans/');
    }
  });
});

describe('the tonight page', () => {
  it("shows a date's evening first with its steps, the restart line after missed nights, and bad input as a 400 page", async () => {
    const me = await person();
    const { tonight_url } = (await link(me.id, me.token)).json() as { tonight_url: string };
    const tonight = pathOf(tonight_url);
    const page = await t.inject({ method: 'GET', url: `${tonight}?date=2026-12-14` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<h1>Tonight: Retinoid night</h1>');
    expect(page.body).toContain('Starting today, after its patch test');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const restart = await t.inject({ method: 'GET', url: `${tonight}?date=2026-12-30&missed_nights=3` });
    expect(restart.body).toContain('<h1>Tonight: Recovery night</h1>');
    expect(restart.body).toContain('You missed 3 nights: this week follows the previous phase');
    // Today (no date): still a page, in the plan or outside it.
    expect((await t.inject({ method: 'GET', url: tonight })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${tonight}?date=2031-01-01` })).body).toContain('outside the plan');
    for (const query of [
      '?date=2026-02-30',
      '?date=soon',
      '?missed_nights=-2',
      '?missed_nights=lots',
      '?missed_nights=999',
    ]) {
      const bad = await t.inject({ method: 'GET', url: `${tonight}${query}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await t.inject({ method: 'GET', url: '/p/plans/not-a-token/tonight' })).statusCode).toBe(404);
  });
});
