// The pages' HTML, from the answers of the named operations (snake_case, as REST sees them).
// Pure: data in, HTML out.
import { html, type Html, type HtmlPart } from './html.js';
import { pagePaths } from '../modules/shared/page-paths.js';

export interface Labels {
  functions: Record<string, string>;
  effects: Record<string, string>;
  flags: Record<string, string>;
  groups: Record<string, string>;
}

export interface IngredientRef {
  id: string;
  alias: string;
  name: string;
}
export interface IngredientSummary extends IngredientRef {
  functions?: string[];
  flags?: string[];
}
export interface Entry {
  position: number;
  input: string;
  match: string;
  concentration?: string | null;
  may_contain?: boolean;
  nano?: boolean;
  /** The entry's flags as the analysis reads them in its product (dose, product type); else its ingredient's. */
  flags?: string[];
  ingredient: IngredientSummary | null;
}

/** What an entry flags: the product's reading of it where the answer has one, else its ingredient's own flags. */
const entryFlags = (entry: Entry): string[] => entry.flags ?? entry.ingredient?.flags ?? [];
export interface Reason {
  reason: string;
  ingredient: IngredientRef;
}
export interface SkinTypeVerdict {
  skin_type: string;
  label: string;
  verdict: string;
  good: Reason[];
  caution: Reason[];
}
export interface SkinCalcData {
  skin_types: SkinTypeVerdict[];
}

export const ingredientLink = (i: IngredientRef): Html =>
  html`<a href="${pagePaths.ingredient(i.alias)}">${i.name}</a>`;
export const list = (items: HtmlPart[], separator = ', '): HtmlPart[] =>
  items.flatMap((item, i) => (i ? [separator, item] : [item]));
export const label = (labels: Record<string, string>, code: string): string => labels[code] ?? code.replace(/_/g, ' ');

export const PASTE_LIMIT = 20_000;

/** The paste box: a labelled textarea that posts to the analysis, with its error when there is one. */
export function pasteForm(options: { value?: string; error?: string } = {}): Html {
  const { value = '', error } = options;
  return html`<form class="paste" method="post" action="/p/analyze">
<label for="ingredient_list">Ingredient list, as printed on the product</label>
<p class="hint" id="ingredient_list_hint">Paste everything after “Ingredients:”; up to ${PASTE_LIMIT.toLocaleString('en')} characters.</p>
${error ? html`<p class="error" id="ingredient_list_error" role="alert">${error}</p>` : ''}
<textarea id="ingredient_list" name="ingredient_list" rows="6" maxlength="${PASTE_LIMIT}" required
 aria-describedby="ingredient_list_hint${error ? ' ingredient_list_error' : ''}"${error ? html` aria-invalid="true"` : ''}
 placeholder="Aqua (Water), Glycerin, Niacinamide, Parfum…">${value}</textarea>
<button type="submit">Analyse the list</button>
</form>`;
}

export function homePage(
  options: { invitedBy?: { name: string; username: string } | null; formError?: string; formValue?: string } = {},
): Html {
  const { invitedBy } = options;
  return html`${invitedBy ? html`<p class="notice">${invitedBy.name} invited you. Welcome: no account is needed to look things up.</p>` : ''}
<h1>What is in your skincare?</h1>
<p class="lead">Paste the ingredient list printed on a product. You see what each ingredient does, which flags it raises
(fragrance, drying alcohol, pregnancy caution…) and how the list suits each skin type. The page you get has its own link to share.</p>
${pasteForm({ value: options.formValue, error: options.formError })}
<section aria-labelledby="for-developers">
<h2 id="for-developers">For developers</h2>
<p>Everything here is an API first: products, ingredients, routines that don't clash, experts and comparisons.</p>
<ul class="links">
<li><a href="/docs">REST API reference</a> (Swagger UI)</li>
<li><a href="/graphiql">GraphiQL</a>, with the service's own operations to try</li>
<li><a href="/openapi.json">OpenAPI description</a> (JSON; <a href="/openapi.yaml">YAML</a>)</li>
</ul>
</section>`;
}

export function entryItem(entry: Entry, labels: Labels): Html {
  const i = entry.ingredient;
  const notes: HtmlPart[] = [
    entry.concentration ? html`<span class="tag">${entry.concentration}</span>` : '',
    entry.may_contain ? html`<span class="tag">may contain</span>` : '',
    entry.nano ? html`<span class="tag">nano</span>` : '',
  ];
  if (!i) {
    return html`<li class="entry unmatched"><span class="name">${entry.input}</span> ${notes}<p class="does">Not in our knowledge base yet.</p></li>`;
  }
  const printed =
    entry.input.trim().toLowerCase() !== i.name.toLowerCase()
      ? html` <span class="printed">printed “${entry.input}”</span>`
      : '';
  const functions = (i.functions ?? []).map((f) => label(labels.functions, f));
  return html`<li class="entry"><span class="name">${ingredientLink(i)}</span>${printed} ${notes}
<p class="does">${functions.length ? functions.join(', ') : 'No function on record'}</p>
${entryFlags(entry).length ? html`<p class="flags">${entryFlags(entry).map((f) => html`<span class="flag">${label(labels.flags, f)}</span> `)}</p>` : ''}</li>`;
}

export function flagSection(entries: Entry[], labels: Labels): Html {
  const byFlag = new Map<string, IngredientRef[]>();
  for (const entry of entries) {
    if (!entry.ingredient) continue;
    for (const flag of entryFlags(entry)) {
      const raising = byFlag.get(flag) ?? [];
      if (!raising.some((r) => r.id === entry.ingredient!.id)) raising.push(entry.ingredient!);
      byFlag.set(flag, raising);
    }
  }
  return html`<section aria-labelledby="flags">
<h2 id="flags">Flags</h2>
${
  byFlag.size === 0
    ? html`<p>No ingredient of this list raises a flag.</p>`
    : html`<dl class="flag-list">${[...byFlag].map(
        ([flag, raising]) => html`<dt>${label(labels.flags, flag)}</dt><dd>${list(raising.map(ingredientLink))}</dd>`,
      )}</dl>`
}
</section>`;
}

const VERDICT_TEXT: Record<string, string> = { good: 'Good', neutral: 'Neutral', caution: 'Caution' };

export function skinTypeSection(skinTypes: SkinTypeVerdict[]): Html {
  return html`<section aria-labelledby="skin-types">
<h2 id="skin-types">Skin types</h2>
<ul class="verdicts">${skinTypes.map(
    (s) => html`<li>
<span class="skin">${s.label}</span> <span class="verdict ${s.verdict}">${VERDICT_TEXT[s.verdict] ?? s.verdict}</span>
${
  s.caution.length
    ? html`<p>Caution: ${list(
        s.caution.map((r) => html`${ingredientLink(r.ingredient)} (${r.reason})`),
        '; ',
      )}</p>`
    : ''
}
${
  s.good.length
    ? html`<p>In favour: ${list(
        s.good.map((r) => html`${ingredientLink(r.ingredient)} (${r.reason})`),
        '; ',
      )}</p>`
    : ''
}
</li>`,
  )}</ul>
</section>`;
}

export interface Brand {
  name: string;
  alias: string;
  country?: string | null;
  website?: string | null;
}

interface ComparisonRow {
  name: string;
  label: string;
  /** `answer`: rules only, passes, fails or unknown. */
  items: Array<{ present: boolean; answer?: string | null; ingredients: IngredientRef[] }>;
}
export interface ComparisonData {
  token: string | null;
  items: Array<{
    kind: string;
    analysis_token?: string | null;
    product: { alias: string; name: string; brand?: Brand | null } | null;
    /** The name and brand when shared: kept for a product deleted since (removed). */
    name?: string | null;
    brand_name?: string | null;
    removed?: boolean;
    ingredient_count: number;
    only_here: IngredientRef[];
  }>;
  shared: IngredientRef[];
  overlap: Array<{ a: number; b: number; jaccard: number }>;
  flags: ComparisonRow[];
  effects: ComparisonRow[];
  rules: ComparisonRow[];
}

export function comparisonPage(c: ComparisonData, shareUrl: string): Html {
  // A product deleted since the comparison was shared keeps the name it had then, said to be removed.
  const names = c.items.map((item, n) => {
    const name = item.product?.name ?? item.name ?? null;
    const brand = item.product?.brand?.name ?? item.brand_name ?? null;
    const shown = name ? `${name}${brand ? ` (${brand})` : ''}` : `pasted list ${n + 1}`;
    return item.removed ? `removed: ${shown}` : name ? shown : `Pasted list ${n + 1}`;
  });
  const removed = c.items.filter((item) => item.removed).length;
  // A flag or effect cell: Yes with the ingredients behind it, or No.
  const has = (cell: ComparisonRow['items'][number]): Html =>
    cell.present
      ? html`Yes${cell.ingredients.length ? html`: ${list(cell.ingredients.map(ingredientLink))}` : ''}`
      : html`No`;
  // A free-of cell says the API's answer: present is "passes"; the ingredients are those that break it.
  const freeOf = (cell: ComparisonRow['items'][number]): Html => {
    const answer = cell.answer ?? (cell.present ? 'passes' : cell.ingredients.length ? 'fails' : 'unknown');
    if (answer === 'passes') return html`<span class="rule passes">Free</span>`;
    if (answer === 'unknown')
      return html`<span class="rule unknown">Unknown</span>: part of the list could not be read`;
    return html`<span class="rule fails">Breaks it</span>${cell.ingredients.length ? html`: ${list(cell.ingredients.map(ingredientLink))}` : ''}`;
  };
  const table = (
    id: string,
    title: string,
    rows: ComparisonRow[],
    cellOf: (cell: ComparisonRow['items'][number]) => Html,
  ) => html`<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
${
  rows.length === 0
    ? html`<p>None for these items.</p>`
    : html`<div class="scroll" role="region" aria-label="${title}, item by item" tabindex="0"><table>
<thead><tr><th scope="col">${title}</th>${names.map((n) => html`<th scope="col">${n}</th>`)}</tr></thead>
<tbody>${rows.map((row) => html`<tr><th scope="row">${row.label}</th>${row.items.map((cell) => html`<td>${cellOf(cell)}</td>`)}</tr>`)}</tbody>
</table></div>`
}
</section>`;
  return html`<h1>Comparison</h1>
<p class="lead">${c.items.length} items compared ingredient by ingredient. Share it: <a href="${shareUrl}">${shareUrl}</a></p>
${removed ? html`<p class="notice">${removed === 1 ? 'One item was' : `${removed} items were`} deleted after this comparison was shared: ${removed === 1 ? 'it is' : 'they are'} shown with the name and ingredients ${removed === 1 ? 'it' : 'they'} had then, marked “removed”.</p>` : ''}
<ol class="items">${c.items.map((item, n) => html`<li>${item.product ? html`<a href="${pagePaths.product(item.product.alias)}">${names[n]}</a>` : names[n]}: ${item.ingredient_count} ingredients${item.only_here.length ? html`; only here: ${list(item.only_here.map(ingredientLink))}` : ''}</li>`)}</ol>
<section aria-labelledby="shared">
<h2 id="shared">In every item</h2>
<p>${c.shared.length ? list(c.shared.map(ingredientLink)) : 'No ingredient is in all of them.'}</p>
${c.overlap.length ? html`<ul>${c.overlap.map((o) => html`<li>${names[o.a]} and ${names[o.b]}: ${Math.round(o.jaccard * 100)}% of their ingredients in common</li>`)}</ul>` : ''}
</section>
${table('cmp-flags', 'Flags', c.flags, has)}
${table('cmp-effects', 'Effects', c.effects, has)}
${table('cmp-rules', 'Free of', c.rules, freeOf)}
<p><a href="/">Analyse another list</a></p>`;
}

export interface EmailLinkData {
  purpose: string;
  email: string;
  username: string;
  state: string;
  expiresAt?: string;
  expires_at?: string;
}

export function emailConfirmPage(link: EmailLinkData | null, token: string, error?: string): Html {
  if (link?.state !== 'valid') {
    const why = !link
      ? 'This link is not valid: it may be mistyped, or replaced by a newer one.'
      : link.state === 'used'
        ? 'This link was already used: each link works once. If the address was confirmed then, nothing more is needed.'
        : 'This link has expired: links work for 24 hours.';
    return html`<h1>Confirm an e-mail address</h1>
<p class="error" role="alert">${why}</p>
<p>To get a new link, sign in to the Skincare app, open your account settings and enter the e-mail address again.
We send a new link to that address; it works once, for 24 hours, and only the newest link works.</p>`;
  }
  const what = link.purpose === 'email_change' ? 'use this address for' : 'verify this address of';
  return html`<h1>Confirm an e-mail address</h1>
<p class="lead">Confirm that you want to ${what} the Skincare account <strong>${link.username}</strong>:</p>
<p class="address">${link.email}</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="/p/email/confirm">
<input type="hidden" name="token" value="${token}">
<button type="submit">Confirm ${link.email}</button>
</form>
<p class="hint">Nothing changes until you press the button. If you did not ask for this, close this page.</p>`;
}

export function emailConfirmedPage(link: EmailLinkData): Html {
  return html`<h1>Address confirmed</h1>
<p class="notice" role="status">${link.email} is now the confirmed address of the account <strong>${link.username}</strong>.</p>
<p><a href="/">Go to the home page</a></p>`;
}

// Reformulation watch
export function reformulationUnsubscribePage(token: string): Html {
  return html`<h1>Stop reformulation e-mails</h1>
<p class="lead">Stop the e-mails that tell you when a product you favour or use changes its ingredients.</p>
<form method="post" action="/p/reformulation/unsubscribe">
<input type="hidden" name="token" value="${token}">
<button type="submit">Stop these e-mails</button>
</form>
<p class="hint">Nothing changes until you press the button. Your alerts stay in your account. Changed your mind later? Open this same link again: after stopping, the page has a button to switch the e-mails back on.</p>`;
}

/** After the unsubscribe or its undo: says which it is, with the button for the other. */
export function reformulationUnsubscribedPage(username: string, token: string, enabled = false): Html {
  return html`<h1>${enabled ? 'Reformulation e-mails are on' : 'Reformulation e-mails stopped'}</h1>
<p class="notice" role="status">${enabled ? html`The account <strong>${username}</strong> gets reformulation digests again.` : html`The account <strong>${username}</strong> gets no more reformulation digests.`}</p>
<form method="post" action="${enabled ? '/p/reformulation/unsubscribe' : '/p/reformulation/resubscribe'}">
<input type="hidden" name="token" value="${token}">
<button type="submit">${enabled ? 'Stop these e-mails' : 'Switch them back on'}</button>
</form>
<p><a href="/">Go to the home page</a></p>`;
}

/**
 * A routine the reader cannot open: missing, deleted or private (the page cannot tell which to
 * anyone, so it is the same page for all three; a browser sends no sign-in, so even the owner of a
 * private routine lands here) with what the owner can do.
 */
export function routineUnavailablePage(): Html {
  return html`<h1>This routine is not shared</h1>
<p class="lead">No routine is shared at this address. The link may be mistyped, or the routine was deleted or made private.</p>
<section aria-labelledby="yours">
<h2 id="yours">Is it your routine?</h2>
<p>A routine you have not published is private: only you can see it, in the Skincare app where you are signed in,
under your routines. A web page like this one does not know who you are, so it cannot show it.</p>
<p>To open it from this link, or to share it, publish the routine in the app: from then on this link shows it to everyone.</p>
</section>
<p><a href="/">Go to the home page</a></p>`;
}

export function errorPage(status: number, message: string): Html {
  const title =
    status === 404
      ? 'Not found'
      : status === 429
        ? 'Too many requests'
        : status >= 500
          ? 'Something went wrong'
          : 'That did not work';
  return html`<h1>${title}</h1>
<p class="error">${message}</p>
<p><a href="/">Go to the home page</a></p>`;
}

// E-mailed links: the routine an expert answered with, and what changed in a list.
interface RoutineStep {
  position: number;
  step_type: string;
  note?: string | null;
  product: { alias: string; name: string; brand?: { name: string } | null } | null;
  tutorial?: { title: string } | null;
}
export interface RoutineData {
  id: string;
  name: string;
  description?: string | null;
  time_of_day: string;
  status: string;
  owner: { username: string; display_name?: string | null } | null;
  favorite_count?: number | null;
  steps: RoutineStep[];
}

/** A code as the start of a sentence: "evening" → "Evening", "eye_cream" → "Eye cream". */
const sentence = (code: string): string => {
  const words = label({}, code);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function routinePage(r: RoutineData): Html {
  const owner = r.owner ? r.owner.display_name || r.owner.username : null;
  return html`<h1>${r.name}</h1>
<p class="lead">${[`${sentence(r.time_of_day)} routine`, owner ? `by ${owner}` : null, r.status === 'published' ? null : 'private: only you see it'].filter(Boolean).join(' · ')}</p>
${r.description ? html`<p>${r.description}</p>` : ''}
<section aria-labelledby="steps">
<h2 id="steps">Steps, in order</h2>
${
  r.steps.length
    ? html`<ol class="entries">${r.steps.map(
        (s) => html`<li class="entry"><span class="name">${sentence(s.step_type)}</span>
${s.product ? html`<p><a href="${pagePaths.product(s.product.alias)}">${s.product.name}</a>${s.product.brand ? ` by ${s.product.brand.name}` : ''}</p>` : html`<p>No product chosen.</p>`}
${s.note ? html`<p class="does">${s.note}</p>` : ''}${s.tutorial ? html`<p class="hint">Tutorial: ${s.tutorial.title}</p>` : ''}</li>`,
      )}</ol>`
    : html`<p>This routine has no steps yet.</p>`
}
</section>
<p><a href="/">Analyse a product's list</a></p>`;
}

interface ListChange {
  ingredient: IngredientRef | null;
  input: string;
  from_position: number | null;
  to_position: number | null;
  to_below_one_percent?: boolean | null;
  direction?: string | null;
}
export interface ListDiffData {
  from: number;
  to: number;
  identical: boolean;
  added: ListChange[];
  removed: ListChange[];
  moved: ListChange[];
  crossed_one_percent: ListChange[];
}

const changeName = (c: ListChange): HtmlPart => (c.ingredient ? ingredientLink(c.ingredient) : c.input);

export function productChangesPage(product: { alias: string; name: string }, d: ListDiffData): Html {
  const group = (id: string, title: string, changes: ListChange[], say: (c: ListChange) => HtmlPart) =>
    changes.length
      ? html`<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
<ul>${changes.map((c) => html`<li>${changeName(c)}${say(c)}</li>`)}</ul>
</section>`
      : '';
  return html`<h1>What changed in ${product.name}</h1>
<p class="lead">Its ingredient list, version ${d.from} compared with version ${d.to}.</p>
${d.identical ? html`<p>The two versions list the same ingredients in the same order.</p>` : ''}
${group('added', 'Added', d.added, (c) => ` (position ${c.to_position ?? '?'})`)}
${group('removed', 'Removed', d.removed, (c) => ` (was at position ${c.from_position ?? '?'})`)}
${group('moved', 'Moved', d.moved, (c) => ` (from position ${c.from_position ?? '?'} to ${c.to_position ?? '?'})`)}
${group('crossed', 'Crossed the 1% line', d.crossed_one_percent, (c) => (c.to_below_one_percent ? ': now below 1%' : ': now above 1%'))}
<p><a href="${pagePaths.product(product.alias)}">See ${product.name} and its full list</a></p>`;
}
