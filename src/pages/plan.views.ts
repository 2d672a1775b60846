// The phone pages of a shared plan (issue 41): the plan, and one day of it ("tonight"). Read on a small screen by
// someone tired in the evening: what to do comes first, in order, then why; the rest (the week, new products,
// purchases, what was left out) below. Pure: data in (the operations' snake_case answers), HTML out.
import { html, type Html, type HtmlPart } from './html.js';

interface ProductRef {
  id: string;
  name: string;
  brand: string | null;
}
interface Reason {
  text: string;
  reference: string | null;
}
export interface PlanStepData {
  position: number;
  step_type: string;
  product: ProductRef;
  new_from: string | null;
  spf: number | null;
  prescribed: boolean;
  reasons: Reason[];
}
type Week = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', string>;
interface Introduction {
  product: ProductRef;
  patch_test: { from: string; to: string; how: string } | null;
  first_full_use: string;
  why: string;
}
export interface SharedPlanData {
  start_on: string;
  horizon_weeks: number;
  summary: string;
  routines: Array<{ key: string; time_of_day: string; name: string; steps: PlanStepData[] }>;
  schedule: {
    phases: Array<{ from: string; to: string; mornings: Week; nights: Week; why: string }>;
    missed_nights: string;
  };
  introductions: Introduction[];
  purchases: {
    items: Array<{
      product: ProductRef;
      offer: { retailer: string; price: number; currency: string; compared_price: number; compared_currency: string };
      cost_per_month: number | null;
      reasons: Reason[];
    }>;
    total: number;
    currency: string | null;
    budget: number | null;
    period: string | null;
    rates_note: string;
  };
  cost_per_month: { amount: number; currency: string; unknown_for: ProductRef[] } | null;
  set_aside: Array<{ product: ProductRef; until: string | null; reasons: Reason[] }>;
  not_used: Array<{ product: ProductRef; reasons: Reason[] }>;
  unmet: Array<{ constraint: string; text: string; cheapest_fix: { text: string } }>;
  attention: Array<{ kind: string; text: string }>;
}
export interface PlanDayData {
  date: string;
  in_plan: boolean;
  morning: { name: string; steps: PlanStepData[] } | null;
  evening: { name: string; steps: PlanStepData[] } | null;
  starts_today: Introduction[];
  patch_tests: Introduction[];
  restart: string | null;
}

const DAYS: Array<[keyof Week, string]> = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
];

/** "8 Dec 2026": dates as people read them, in UTC like the plan's. */
export const readableDate = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const productName = (p: ProductRef): string => (p.brand ? `${p.name} (${p.brand})` : p.name);
const money = (amount: number, currency: string | null): string =>
  currency ? `${amount.toFixed(2)} ${currency}` : amount.toFixed(2);

const reasons = (list: Reason[]): HtmlPart =>
  list.length
    ? html`<ul class="notes">${list.map(
        (r) => html`<li>${r.text}${r.reference ? html` <span class="hint">(${r.reference})</span>` : ''}</li>`,
      )}</ul>`
    : '';

const steps = (list: PlanStepData[], withReasons: boolean): Html =>
  html`<ol class="entries">${list.map(
    (s) => html`<li class="entry"><span class="name">${productName(s.product)}</span>
<p class="hint">${[
      s.step_type,
      s.spf ? `SPF ${s.spf}` : null,
      s.prescribed ? 'prescribed' : null,
      s.new_from ? `from ${readableDate(s.new_from)}, after its patch test` : null,
    ]
      .filter(Boolean)
      .join(' · ')}</p>${withReasons ? reasons(s.reasons) : ''}</li>`,
  )}</ol>`;

const introduction = (i: Introduction): Html =>
  html`<li><strong>${productName(i.product)}</strong>: ${
    i.patch_test
      ? `patch test ${readableDate(i.patch_test.from)} to ${readableDate(i.patch_test.to)} (${i.patch_test.how}); first full use ${readableDate(i.first_full_use)}. `
      : `from ${readableDate(i.first_full_use)}. `
  }<span class="hint">${i.why}</span></li>`;

/** The phase holding `today`: before the plan its first, after it its last (the steady week goes on). */
function phaseFor(plan: SharedPlanData, today: string) {
  const phases = plan.schedule.phases;
  return phases.find((p) => p.from <= today && today <= p.to) ?? (today < plan.start_on ? phases[0] : phases.at(-1));
}

export function sharedPlanPage(plan: SharedPlanData, today: string, tonightHref: string): Html {
  const nameOf = (key: string) => plan.routines.find((r) => r.key === key)?.name ?? key;
  const phase = phaseFor(plan, today);
  const mornings = plan.routines.filter((r) => r.time_of_day === 'morning');
  const evenings = plan.routines.filter((r) => r.time_of_day !== 'morning');
  return html`<h1>Your routine plan</h1>
<p class="lead">${plan.summary}</p>
${plan.attention.length ? html`<div class="notice" role="note"><ul>${plan.attention.map((a) => html`<li>${a.text}</li>`)}</ul></div>` : ''}
<p><a href="${tonightHref}">What to do tonight</a></p>
${
  phase
    ? html`<section aria-labelledby="week">
<h2 id="week">This week</h2>
<p class="hint">${readableDate(phase.from)} to ${readableDate(phase.to)}: ${phase.why}</p>
<div class="scroll"><table><thead><tr><th scope="col">Day</th><th scope="col">Morning</th><th scope="col">Evening</th></tr></thead>
<tbody>${DAYS.map(([d, label]) => html`<tr><th scope="row">${label}</th><td>${nameOf(phase.mornings[d])}</td><td>${nameOf(phase.nights[d])}</td></tr>`)}</tbody></table></div>
<p class="hint">${plan.schedule.missed_nights}</p>
</section>`
    : ''
}
<section aria-labelledby="routines">
<h2 id="routines">Your routines, step by step</h2>
${[...mornings, ...evenings].map((r) => html`<h3>${r.name}</h3>${steps(r.steps, true)}`)}
</section>
${
  plan.introductions.some((i) => i.patch_test)
    ? html`<section aria-labelledby="new"><h2 id="new">New products, one at a time</h2><ul>${plan.introductions.filter((i) => i.patch_test).map(introduction)}</ul></section>`
    : ''
}
${
  plan.purchases.items.length
    ? html`<section aria-labelledby="buy"><h2 id="buy">To buy</h2><ul>${plan.purchases.items.map(
        (p) =>
          html`<li><strong>${productName(p.product)}</strong>: ${money(p.offer.price, p.offer.currency)} at ${p.offer.retailer}${
            p.offer.currency !== p.offer.compared_currency
              ? ` (about ${money(p.offer.compared_price, p.offer.compared_currency)})`
              : ''
          }${p.cost_per_month !== null ? `; ${money(p.cost_per_month, p.offer.compared_currency)} a month` : ''}${reasons(p.reasons)}</li>`,
      )}</ul>
<p><strong>Total: ${money(plan.purchases.total, plan.purchases.currency)}</strong>${
        plan.purchases.budget !== null
          ? ` of a budget of ${money(plan.purchases.budget, plan.purchases.currency)}${plan.purchases.period === 'month' ? ' a month' : ''}`
          : ''
      }. <span class="hint">${plan.purchases.rates_note}</span></p></section>`
    : ''
}
${plan.cost_per_month ? html`<p>About ${money(plan.cost_per_month.amount, plan.cost_per_month.currency)} a month at the plan's doses${plan.cost_per_month.unknown_for.length ? ` (not counted: ${plan.cost_per_month.unknown_for.map(productName).join(', ')}, cost per month unknown)` : ''}.</p>` : ''}
${
  plan.set_aside.length || plan.not_used.length
    ? html`<section aria-labelledby="aside"><h2 id="aside">Left out, and why</h2><ul>${[
        ...plan.set_aside.map(
          (n) =>
            html`<li><strong>${productName(n.product)}</strong>: set aside${n.until ? ` until ${n.until.replace('after_', 'after ').replace('_', ' ')}` : ''}.${reasons(n.reasons)}</li>`,
        ),
        ...plan.not_used.map(
          (n) => html`<li><strong>${productName(n.product)}</strong>: not used.${reasons(n.reasons)}</li>`,
        ),
      ]}</ul></section>`
    : ''
}
${
  plan.unmet.length
    ? html`<section aria-labelledby="unmet"><h2 id="unmet">What the plan could not do</h2><ul>${plan.unmet.map(
        (u) => html`<li>${u.text} <strong>Cheapest fix:</strong> ${u.cheapest_fix.text}</li>`,
      )}</ul></section>`
    : ''
}`;
}

export function planDayPage(
  day: PlanDayData,
  links: { plan: string; day: (date: string, missed?: number) => string },
  missed: number,
): Html {
  const previous = new Date(Date.parse(`${day.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const nav = html`<p><a href="${links.day(previous)}">Previous day</a> · <a href="${links.day(next)}">Next day</a> · <a href="${links.plan}">The whole plan</a></p>`;
  if (!day.in_plan || !day.evening || !day.morning)
    return html`<h1>${readableDate(day.date)}</h1><p class="lead">This date is outside the plan.</p>${nav}`;
  return html`<h1>Tonight: ${day.evening.name}</h1>
<p class="lead">${readableDate(day.date)} · ${day.evening.steps.length} steps</p>
${day.restart ? html`<p class="notice" role="note">${day.restart}</p>` : ''}
${day.starts_today.length ? html`<p class="notice">Starting today, after its patch test: ${day.starts_today.map((i) => productName(i.product)).join(', ')}.</p>` : ''}
${steps(day.evening.steps, true)}
${day.patch_tests.length ? html`<section aria-labelledby="patch"><h2 id="patch">Patch tests running</h2><ul>${day.patch_tests.map(introduction)}</ul></section>` : ''}
<section aria-labelledby="morning"><h2 id="morning">This morning: ${day.morning.name}</h2>${steps(day.morning.steps, false)}</section>
<form method="get" action="${links.day(day.date).split('?')[0]}" aria-label="Missed nights">
<input type="hidden" name="date" value="${day.date}">
<label for="missed">Nights missed in a row</label>
<input id="missed" name="missed_nights" type="number" min="0" max="182" inputmode="numeric" value="${String(missed)}">
<button type="submit">Show how to restart</button>
</form>
${nav}`;
}
