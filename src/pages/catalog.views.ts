// The product and ingredient pages: what the API knows of each, linking onward (other products,
// ingredients, a list's versions, retailers). Pure: data in, HTML out.
import { slugify } from '../modules/shared/ids.js';
import { pagePaths } from '../modules/shared/page-paths.js';
import { html, type Html, type HtmlPart } from './html.js';
import {
  entryItem,
  flagSection,
  label,
  skinTypeSection,
  type Brand,
  type Entry,
  type Labels,
  type SkinTypeVerdict,
} from './page.views.js';

/** "4 January 2024" from a date or a YYYY-MM-DD day. */
export const dayText = (value: string | Date): string =>
  new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "£7.07": an amount in its currency, with the currency's code where the symbol is shared ("US$"). */
export const money = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

export interface ProductData {
  alias: string;
  name: string;
  description?: string | null;
  brand: Brand | null;
  category: { name: string } | null;
  size?: { amount: number; unit: { symbol: string } | null } | null;
  ingredients: Entry[];
  product_image?: { large: string; width?: number | null; height?: number | null } | null;
  brand_attestation?: { attested_at: string; attested_by: { username: string } | null } | null;
}
export interface ProductAnalysisData {
  skin_types: SkinTypeVerdict[];
  unmatched: string[];
}
export interface OffersData {
  items: Array<{
    retailer: string;
    price: number | null;
    currency: string | null;
    compared_price: number | null;
    compared_currency: string | null;
    rates_date: string | null;
  }>;
  compared_currency: string;
  rates_source: string;
  rates_date: string;
}
interface ProductRef {
  alias: string;
  name: string;
  brand?: { name: string } | null;
  category?: { name: string } | null;
}
export interface SimilarData {
  items: Array<{ score: number; product: ProductRef }>;
}
export interface AlternativesData {
  items: Array<{ product: ProductRef; similarity: number; kind: string; reasons: Array<{ text: string }> }>;
}
export interface VersionsData {
  items: Array<{ version: number; source: string; created_at: string }>;
  next_cursor: string | null;
}

/** Where the prices are converted to and why: the page's form shows it and offers the others. */
export interface CurrencyView {
  currency: string;
  /** Why this currency, in words ("from your browser's language, en-GB"). */
  why: string;
  choices: string[];
  /** A ?currency= or ?country= the rates do not know, set aside. */
  notKnown?: { what: 'currency' | 'country'; code: string };
}

const productLink = (p: ProductRef): Html =>
  html`<a href="${pagePaths.product(p.alias)}">${p.name}</a>${p.brand ? ` by ${p.brand.name}` : ''}`;

function offersSection(product: ProductData, offers: OffersData, currency: CurrencyView): Html {
  const buy = (retailer: string) =>
    `/buy/${encodeURIComponent(product.alias)}/retailer?retailer=${encodeURIComponent(slugify(retailer))}&currency=${offers.compared_currency}`;
  const price = (o: OffersData['items'][number]): HtmlPart => {
    if (o.price == null || !o.currency) return 'price not given';
    const own = money(o.price, o.currency);
    if (o.compared_price == null || o.compared_currency === o.currency) return own;
    return html`${own}, about <strong>${money(o.compared_price, o.compared_currency!)}</strong> <span class="hint">(converted at the reference rates of ${dayText(o.rates_date!)})</span>`;
  };
  return html`<section aria-labelledby="offers">
<h2 id="offers">Where to buy</h2>
${currency.notKnown ? html`<p class="notice" role="status">${currency.notKnown.what === 'currency' ? `The currency code “${currency.notKnown.code}” is not one we have exchange rates for` : `The country code “${currency.notKnown.code}” is not one we know a currency for`}, so prices are shown in ${offers.compared_currency}. Choose a currency below.</p>` : ''}
${
  offers.items.length
    ? html`<ul class="offers">${offers.items.map((o) => html`<li><a href="${buy(o.retailer)}" rel="nofollow">${o.retailer}</a>: ${price(o)}</li>`)}</ul>
<p class="hint">Cheapest first once converted into ${offers.compared_currency} (${currency.why}), with the ${offers.rates_source} of ${dayText(offers.rates_date)}.</p>`
    : html`<p>No retailer offer is on record for this product.</p>`
}
<form class="currency" method="get" action="${pagePaths.product(product.alias)}">
<label for="currency">Show prices in</label>
<select id="currency" name="currency">${currency.choices.map((c) => html`<option value="${c}"${c === offers.compared_currency ? html` selected` : ''}>${c}</option>`)}</select>
<button type="submit">Convert</button>
</form>
</section>`;
}

function attestation(product: ProductData): Html {
  const a = product.brand_attestation;
  if (!a)
    return html`<p class="hint">${product.brand ? `${product.brand.name} has not confirmed this product and its list.` : 'No brand has confirmed this product.'}</p>`;
  return html`<p class="notice">${product.brand?.name ?? 'Its brand'} confirmed this product is theirs on ${dayText(a.attested_at)}${a.attested_by ? ` (account ${a.attested_by.username})` : ''}.</p>`;
}

const SOURCES: Record<string, string> = {
  backfill: 'the list on record when versions began to be kept',
  product_created: 'the product as created',
  draft_approved: 'an approved draft',
  open_beauty_facts: 'Open Beauty Facts',
  demo: 'the demo catalog',
};

function versionsSection(product: ProductData, versions: VersionsData): Html {
  const items = versions.items;
  return html`<section aria-labelledby="versions">
<h2 id="versions">Versions of its ingredient list</h2>
${
  items.length
    ? html`<ul>${items.map((v) => html`<li>Version ${v.version}, ${dayText(v.created_at)} (from ${SOURCES[v.source] ?? label({}, v.source)})${v.version > 1 ? html`: <a href="${pagePaths.productChanges(product.alias, v.version - 1, v.version)}">what changed since version ${v.version - 1}</a>` : ': the first one on record'}</li>`)}</ul>
${versions.next_cursor ? html`<p class="hint">Older versions: <code>GET /products/${product.alias}/ingredient_list_versions</code>.</p>` : ''}`
    : html`<p>No earlier version is on record: the list shown is the only one we know.</p>`
}
</section>`;
}

export function productPage(
  product: ProductData,
  analysis: ProductAnalysisData,
  labels: Labels,
  more: {
    offers: OffersData;
    currency: CurrencyView;
    similar: SimilarData;
    alternatives: AlternativesData;
    versions: VersionsData;
  },
): Html {
  const size = product.size ? `${product.size.amount} ${product.size.unit?.symbol ?? ''}`.trim() : null;
  const { similar, alternatives } = more;
  return html`<h1>${product.name}</h1>
<p class="lead">${[product.brand?.name, product.category?.name, size].filter(Boolean).join(' · ')}</p>
${attestation(product)}
${product.product_image ? html`<img class="product" src="${product.product_image.large}" alt="${product.name}" ${product.product_image.width ? html`width="${product.product_image.width}" height="${product.product_image.height ?? ''}"` : ''}>` : ''}
${product.description ? html`<p>${product.description}</p>` : ''}
<section aria-labelledby="entries">
<h2 id="entries">Ingredients</h2>
${product.ingredients.length ? html`<ol class="entries">${product.ingredients.map((e) => entryItem(e, labels))}</ol>` : html`<p>No ingredient list on record.</p>`}
</section>
${flagSection(product.ingredients, labels)}
${skinTypeSection(analysis.skin_types)}
${offersSection(product, more.offers, more.currency)}
<section aria-labelledby="similar">
<h2 id="similar">Similar products</h2>
${similar.items.length ? html`<ul>${similar.items.map((s) => html`<li>${productLink(s.product)}: ${Math.round(s.score * 100)}% similar list</li>`)}</ul>` : html`<p>No product of the catalog has a similar list.</p>`}
</section>
<section aria-labelledby="alternatives">
<h2 id="alternatives">Better alternatives</h2>
${alternatives.items.length ? html`<ul>${alternatives.items.map((a) => html`<li>${productLink(a.product)}${a.product.category ? ` (${a.product.category.name})` : ''}${a.reasons.length ? html`<p class="hint">${a.reasons.map((r) => r.text).join(' ')}</p>` : ''}</li>`)}</ul>` : html`<p>No alternative is known for this product.</p>`}
</section>
${versionsSection(product, more.versions)}
<p><a href="/">Analyse another product's list</a></p>`;
}

export interface IngredientData {
  alias: string;
  name: string;
  other_names: string[];
  description?: string | null;
  functions: string[];
  effects: string[];
  flags: string[];
  groups: string[];
  comedogenic?: number | null;
  irritancy?: number | null;
  rating_source?: string | null;
  cas_number?: string | null;
}
export interface IngredientProductsData {
  items: ProductRef[];
  next_cursor: string | null;
}
export interface OpinionsData {
  items: Array<{
    id: string;
    text: string;
    endorsement_count: number;
    author: { username: string; display_name?: string | null; user_type: string } | null;
    created_at: string;
    updated_at: string;
  }>;
  next_cursor: string | null;
}

/** The page's address with one cursor changed (the other kept): each list pages on its own. */
export type PageLink = (name: 'cursor' | 'opinions_cursor', cursor: string | null) => string;

export function ingredientPage(
  i: IngredientData,
  labels: Labels,
  more: {
    products: IngredientProductsData;
    opinions: OpinionsData;
    paged: { products: boolean; opinions: boolean };
    link: PageLink;
  },
): Html {
  const facts: Array<[string, HtmlPart]> = [
    ['What it does', i.functions.map((f) => label(labels.functions, f)).join(', ') || 'No function on record'],
    ['Effects', i.effects.map((e) => label(labels.effects, e)).join(', ')],
    ['Flags', i.flags.length ? i.flags.map((f) => html`<span class="flag">${label(labels.flags, f)}</span> `) : 'None'],
    ['Groups', i.groups.map((g) => label(labels.groups, g)).join(', ')],
    ['Comedogenic rating (0-5)', i.comedogenic ?? null],
    ['Irritancy rating (0-5)', i.irritancy ?? null],
    ['Source of the ratings', i.rating_source ?? null],
    ['CAS number', i.cas_number ?? null],
    ['Other names', i.other_names.join(', ')],
  ];
  const { products, opinions, paged, link } = more;
  const expert = (a: OpinionsData['items'][number]['author']) =>
    a ? `${a.display_name || a.username}${a.user_type === 'expert' ? ', expert' : ''}` : 'a former expert';
  return html`<h1>${i.name}</h1>
${i.description ? html`<p class="lead">${i.description}</p>` : ''}
<dl class="facts">${facts.filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<section aria-labelledby="products">
<h2 id="products">Products that contain it</h2>
${products.items.length ? html`<ul>${products.items.map((p) => html`<li>${productLink(p)}${p.category ? ` (${p.category.name})` : ''}</li>`)}</ul>` : html`<p>${paged.products ? 'No more products.' : 'No published product of the catalog lists it yet.'}</p>`}
${products.next_cursor || paged.products ? html`<p class="pager">${paged.products ? html`<a href="${link('cursor', null)}">First products</a>` : ''}${paged.products && products.next_cursor ? ' · ' : ''}${products.next_cursor ? html`<a href="${link('cursor', products.next_cursor)}">More products</a>` : ''}</p>` : ''}
</section>
<section aria-labelledby="opinions">
<h2 id="opinions">What experts say</h2>
${
  opinions.items.length
    ? html`<ul class="opinions">${opinions.items.map(
        (o) => html`<li><blockquote><p>${o.text}</p></blockquote>
<p class="hint">${expert(o.author)}, ${dayText(o.updated_at)}${o.endorsement_count ? ` · endorsed by ${o.endorsement_count} other expert${o.endorsement_count === 1 ? '' : 's'}` : ''}</p></li>`,
      )}</ul>`
    : html`<p>${paged.opinions ? 'No more opinions.' : 'No expert has written about it yet.'}</p>`
}
${opinions.next_cursor || paged.opinions ? html`<p class="pager">${paged.opinions ? html`<a href="${link('opinions_cursor', null)}">First opinions</a>` : ''}${paged.opinions && opinions.next_cursor ? ' · ' : ''}${opinions.next_cursor ? html`<a href="${link('opinions_cursor', opinions.next_cursor)}">More opinions</a>` : ''}</p>` : ''}
</section>
<p><a href="/">Analyse a list with it</a></p>`;
}
