// The analysis page: what the API answers for the analysis (GetSharedAnalysis, the operation of
// GET /analyze/shared/:token), nothing read from elsewhere: the flags of each entry as worked out
// for this list at its dose and product type (not the catalogue's), the flag summary, estimates
// and EU law alerts. The verdict comes first (a phone shows it on its first screen), then each
// entry in printed order. Pure: data in, HTML out.
import { atMostOnePercent } from '../modules/analysis/engine/concentration.js';
import { html, type Html, type HtmlPart } from './html.js';
import {
  ingredientLink,
  label,
  list,
  skinTypeSection,
  type Entry,
  type IngredientRef,
  type Labels,
  type SkinCalcData,
} from './page.views.js';

export interface RegulationNote {
  class: string;
  relation?: string;
  condition?: string | null;
  source: string;
  annex: string;
  entry: string | null;
  published: string;
  max_percent: number | null;
  products: string | null;
  exceeded: boolean;
}
export interface AnalysedEntry extends Entry {
  active?: boolean;
  part?: string | null;
  unread?: boolean;
  also_printed_as?: string[];
  concentration_estimate: { min: number; max: number; basis: string };
  /** Its flags as the analysis reads them in this list (dose, product type, EU law). */
  flags: string[];
  comedogenic: number | null;
  irritancy: number | null;
  rating_source: string | null;
  regulation: RegulationNote[];
  notes: string[];
}
export interface AnalysisData {
  token: string;
  product_type?: string | null;
  product_type_basis?: string | null;
  unread: boolean;
  parts: string[];
  part_readings: Array<{ part: string; product_type: string; product_type_basis: string }>;
  ingredients: AnalysedEntry[];
  unmatched: string[];
  duplicates: string[];
  footnotes: string[];
  set_aside: Array<{ kind: string; text: string }>;
  regulatory_alerts: Array<{ position: number; input: string; message: string }>;
  flag_summary: FlagSummary[];
}
export interface FlagSummary {
  flag: string;
  label: string;
  entries: Array<{ position: number; input: string; ingredient: IngredientRef }>;
}

/** The rating sources of data/ingredients/README.md, as a reader can look them up. */
export const RATING_SOURCES: Record<string, string> = {
  'fulton-1989':
    'Fulton JE, “Comedogenicity and irritancy of commonly used ingredients in skin care products”, J Soc Cosmet Chem ' +
    '40:321-333 (1989): rabbit-ear tests',
  'fulton-1976':
    'Fulton JE, Pay SR, Fulton JE 3rd, “Comedogenicity of current therapeutic products, cosmetics, and ingredients in the rabbit ear”, J Am Acad Dermatol 10:96-105 (1984)',
  'fulton-1989-tables':
    'Fulton 1989 (J Soc Cosmet Chem 40:321-333) as reproduced in the comedogenicity tables derived from it, not ' +
    'checked against the paper',
  community: 'Widely circulated comedogenicity tables where no single primary study is known',
};
const sourceName = (id: string): string =>
  ({
    'fulton-1989': 'Fulton 1989',
    'fulton-1976': 'Fulton et al. 1984',
    'fulton-1989-tables': 'Fulton 1989, as tabulated',
    community: 'community tables',
  })[id] ?? id;

const REGULATION_CLASSES: Record<string, string> = {
  prohibited: 'Prohibited in EU cosmetics',
  restricted: 'Restricted in EU cosmetics',
  fragrance_allergen: 'Fragrance allergen the EU names on labels',
  fragrance_allergen_2023: 'Fragrance allergen the EU names on labels from 2026 (added in 2023)',
  colorant: 'Colorant the EU allows',
  preservative: 'Preservative the EU allows',
  uv_filter: 'UV filter the EU allows',
  uv_filter_not_permitted: 'UV filter the EU does not allow',
};
const ACT = 'Regulation (EC) No 1223/2009';

const number = (n: number): string => String(n >= 10 ? Math.round(n * 10) / 10 : Number(n.toPrecision(2)));

/** "2%", "at most 1%", "3-33%": the band the list allows. */
export function doseText(e: { min: number; max: number }): string {
  if (e.min === e.max) return `${number(e.max)}%`;
  if (e.min === 0) return `at most ${number(e.max)}%`;
  return `${number(e.min)}-${number(e.max)}%`;
}

function lawLine(note: RegulationNote): Html {
  const where = `Annex ${note.annex}${note.entry ? `, entry ${note.entry}` : ''} of ${ACT}`;
  const limit =
    note.max_percent != null
      ? `; at most ${number(note.max_percent)}%${note.products ? ` in ${note.products}` : ''}`
      : '';
  return html`<li><strong>${note.relation === 'may_concern' ? 'May concern: ' : ''}${REGULATION_CLASSES[note.class] ?? label({}, note.class)}</strong>: ${where}${limit}${note.exceeded ? html` <span class="flag">printed above this maximum</span>` : ''}
<span class="hint">(${note.source}; text of ${note.published})</span></li>`;
}

function analysedEntry(entry: AnalysedEntry, labels: Labels, flagLabel: (flag: string) => string): Html {
  const i = entry.ingredient;
  const tags: HtmlPart[] = [
    entry.concentration ? html`<span class="tag">${entry.concentration}</span> ` : '',
    entry.active ? html`<span class="tag">active ingredient</span> ` : '',
    entry.may_contain ? html`<span class="tag">may contain</span> ` : '',
    entry.nano ? html`<span class="tag">nano</span> ` : '',
    entry.unread ? html`<span class="flag">could not be read</span> ` : '',
  ];
  const printed =
    i && entry.input.trim().toLowerCase() !== i.name.toLowerCase()
      ? html` <span class="printed">printed “${entry.input}”</span>`
      : '';
  const also = entry.also_printed_as?.length
    ? html` <span class="printed">also printed as ${entry.also_printed_as.map((n) => `“${n}”`).join(', ')}</span>`
    : '';
  const functions = (i?.functions ?? []).map((f) => label(labels.functions, f));
  const estimate = entry.concentration_estimate;
  const ratings = [
    entry.comedogenic != null ? `comedogenic ${entry.comedogenic}/5` : null,
    entry.irritancy != null ? `irritancy ${entry.irritancy}/5` : null,
  ].filter(Boolean);
  return html`<li class="entry" id="entry-${entry.position}"><span class="name">${i ? ingredientLink(i) : entry.input}</span>${printed}${also} ${tags}
<p class="does">${i ? (functions.length ? functions.join(', ') : 'No function on record') : entry.unread ? 'Words run together that could not be read as ingredient names.' : 'Not in our knowledge base yet.'}</p>
<p class="dose">Amount: ${doseText(estimate)} of the product. <span class="hint">${estimate.basis}</span></p>
${ratings.length ? html`<p>Ratings (0-5): ${ratings.join(', ')}${entry.rating_source ? html` <span class="hint">(source: <a href="#rating-sources">${sourceName(entry.rating_source)}</a>)</span>` : ''}</p>` : ''}
${entry.flags.length ? html`<p class="flags">${entry.flags.map((f) => html`<span class="flag">${flagLabel(f)}</span> `)}</p>` : ''}
${entry.regulation.length ? html`<ul class="law" aria-label="EU law on ${i?.name ?? entry.input}">${entry.regulation.map(lawLine)}</ul>` : ''}
${entry.notes.length ? html`<ul class="notes">${entry.notes.map((n) => html`<li>${n}</li>`)}</ul>` : ''}</li>`;
}

/**
 * One product's entries in printed order, split at the 1% line: from the first entry after which
 * every estimate is at most 1%, the law lets a label list them in any order.
 */
function entriesWithLine(entries: AnalysedEntry[], labels: Labels, flagLabel: (flag: string) => string): Html {
  let line = entries.length;
  while (line > 0 && atMostOnePercent(entries[line - 1].concentration_estimate)) line -= 1;
  const above = entries.slice(0, line);
  const below = entries.slice(line);
  const start = entries[0]?.position ?? 1;
  return html`${above.length ? html`<ol class="entries" start="${start}">${above.map((e) => analysedEntry(e, labels, flagLabel))}</ol>` : ''}
${
  below.length
    ? html`<p class="one-percent">The 1% line: ${above.length ? 'from here on, each ingredient' : 'each ingredient of this list'} is at most 1% of the product, and a label may list these in any order.</p>
<ol class="entries" start="${below[0].position}">${below.map((e) => analysedEntry(e, labels, flagLabel))}</ol>`
    : html`<p class="one-percent">The list does not show a 1% line: no entry is certainly at most 1%.</p>`
}`;
}

const productTypeText = (type: string): string =>
  type === 'rinse_off' ? 'a rinse-off product' : type === 'leave_on' ? 'a leave-on product' : label({}, type);

/** The flags the analysis raises (its flag_summary), each with the entries raising it. */
function flagSection(summary: FlagSummary[]): Html {
  return html`<section aria-labelledby="flags">
<h2 id="flags">Flags</h2>
${
  summary.length === 0
    ? html`<p>No ingredient of this list raises a flag at its amount in this kind of product.</p>`
    : html`<dl class="flag-list">${summary.map(
        (f) => html`<dt>${f.label}</dt><dd>${list(f.entries.map((e) => ingredientLink(e.ingredient)))}</dd>`,
      )}</dl>`
}
</section>`;
}

const VERDICT_WORD: Record<string, string> = { good: 'good', neutral: 'neutral', caution: 'caution' };

/** The verdict in a few lines, first on the page: a phone shows it before the long list. */
function summarySection(analysis: AnalysisData, skinCalc: SkinCalcData): Html {
  const alerts = analysis.regulatory_alerts.length;
  return html`<section aria-labelledby="summary" class="summary">
<h2 id="summary">In short</h2>
<ul class="summary-lines">
<li>Skin types: ${list(
    skinCalc.skin_types.map(
      (s) =>
        html`<span class="skin">${s.label}</span> <span class="verdict ${s.verdict}">${VERDICT_WORD[s.verdict] ?? s.verdict}</span>`,
    ),
    ', ',
  )} <a href="#skin-types">why</a></li>
<li>${
    analysis.flag_summary.length
      ? html`Flags: ${analysis.flag_summary.map((f) => f.label).join(', ')} <a href="#flags">which ingredients</a>`
      : 'No flag raised at these amounts in this kind of product.'
  }</li>
${alerts ? html`<li>EU law: <span class="flag">${alerts} ${alerts === 1 ? 'alert' : 'alerts'}</span> <a href="#law">read them</a></li>` : ''}
</ul>
</section>`;
}

export function analysisPage(analysis: AnalysisData, skinCalc: SkinCalcData, labels: Labels, shareUrl: string): Html {
  const entries = analysis.ingredients;
  const matched = entries.filter((e) => e.ingredient).length;
  const kit = analysis.parts.length > 1;
  const readings = new Map(analysis.part_readings.map((r) => [r.part, r]));
  const sources = [...new Set(entries.flatMap((e) => (e.rating_source ? [e.rating_source] : [])))];
  const alertsByPosition = analysis.regulatory_alerts;
  const setAside = analysis.set_aside.filter((s) => s.kind !== 'footnote');
  const flagLabels = new Map(analysis.flag_summary.map((f) => [f.flag, f.label]));
  const flagLabel = (flag: string) => flagLabels.get(flag) ?? label(labels.flags, flag);
  return html`<h1>Ingredient analysis</h1>
<p class="lead">${entries.length} ingredients, ${matched} recognised${kit ? html`, in a kit of ${analysis.parts.length} parts: ${analysis.parts.join(', ')}` : ''}.</p>
${analysis.unread ? html`<p class="notice">Some of this list could not be read: words run together that we could not split into ingredient names (marked “could not be read” below). What we could not read may hold anything, so no “free of” claim can be checked on this list.</p>` : ''}
${summarySection(analysis, skinCalc)}
${
  alertsByPosition.length
    ? html`<section aria-labelledby="law">
<h2 id="law">What EU law says</h2>
<ul class="alerts">${alertsByPosition.map((a) => html`<li>${a.message} <a href="#entry-${a.position}">See ${a.input} in the list</a></li>`)}</ul>
</section>`
    : ''
}
${flagSection(analysis.flag_summary)}
${skinTypeSection(skinCalc.skin_types)}
<section aria-labelledby="entries">
<h2 id="entries">Ingredients, in printed order</h2>
<p class="hint">Amounts are what the list allows, in % of the product: ingredients above 1% are listed from the most to the least, and the law caps some of them.</p>
${
  kit
    ? analysis.parts.map((part, n) => {
        const reading = readings.get(part);
        return html`<h3 id="part-${n + 1}">Part ${n + 1}: ${part}</h3>
${reading ? html`<p>Read as ${productTypeText(reading.product_type)}: ${reading.product_type_basis}</p>` : ''}
${entriesWithLine(
  entries.filter((e) => e.part === part),
  labels,
  flagLabel,
)}`;
      })
    : html`${analysis.product_type ? html`<p>Read as ${productTypeText(analysis.product_type)}${analysis.product_type_basis ? `: ${analysis.product_type_basis}` : '.'}</p>` : ''}
${entriesWithLine(entries, labels, flagLabel)}`
}
${analysis.unmatched.length ? html`<p>Not recognised: ${analysis.unmatched.join(', ')}.</p>` : ''}
${analysis.duplicates.length ? html`<p>Printed more than once (kept once): ${analysis.duplicates.join(', ')}.</p>` : ''}
${analysis.footnotes.length ? html`<p>Footnotes on the label: ${analysis.footnotes.join(' · ')}</p>` : ''}
${
  setAside.length
    ? html`<p>Set aside as not ingredients: ${list(
        setAside.map((s) => html`${label({}, s.kind)} “${s.text}”`),
        '; ',
      )}.</p>`
    : ''
}
</section>
<section aria-labelledby="rating-sources">
<h2 id="rating-sources">Where the ratings come from</h2>
${sources.length ? html`<ul>${sources.map((s) => html`<li><strong>${sourceName(s)}</strong>: ${RATING_SOURCES[s] ?? s}</li>`)}</ul>` : html`<p>No ingredient of this list has a published comedogenic or irritancy rating.</p>`}
<p class="hint">EU law is read from the annexes of ${ACT} as published in the European Commission's CosIng database.</p>
</section>
<p class="share">Share this analysis: <a href="${shareUrl}">${shareUrl}</a></p>
<p><a href="/">Analyse another list</a></p>`;
}
