// Text on a pasted label that is not an ingredient: "free of" blocks, marketing copy, disclaimers, footnotes.
// The parser sets it aside with a kind so that a client can show it. Pure: no ORM, no GraphQL.
import { isSpace, trimEdges } from '../../shared/engine/text-edges.js';

/** `heading` ("Ingredients:") and `markup` (HTML tags) account for the layout; the API shows the others. */
export type SetAsideKind = 'free_of' | 'marketing' | 'disclaimer' | 'footnote' | 'other' | 'heading' | 'markup';

/** Kinds that only account for layout, not shown to clients. */
export const LAYOUT_KINDS: ReadonlySet<SetAsideKind> = new Set(['heading', 'markup']);
export const shownSetAside = (items: SetAsideText[]): SetAsideText[] => items.filter((s) => !LAYOUT_KINDS.has(s.kind));

export interface SetAsideText {
  kind: SetAsideKind;
  text: string;
}

/** Words that open or carry a "free of" claim, in the languages labels are pasted in. */
const FREE_OF_CLASS = String.raw`(?:parabens?|sulf|sulph|phthalates?|silicon|mineral|artificial|synthetic|fragrances?|perfumes?|alcohols?|dyes?|colou?r|petrolatum|petroleum|gluten|talc|sls|sles|peg|formaldehyde|oxybenzone|retinyl|animal|gmo|microplastic|nasties|harsh|toxins?|fillers?|essential\s+oils?)`;
const FREE_OF_PREFIX = new RegExp(
  String.raw`\b(?:free\s+(?:of|from)\b|(?:formulated|made|created|crafted|developed)\s+without\b|(?:does|do)\s+not\s+contain\b|contains?\s+no\b|we\s+never\s+use\b|never\s+(?:formulated|made)\s+with\b|without\s*:|without\s+(?=${FREE_OF_CLASS})|no\s+(?:added\s+)?(?=${FREE_OF_CLASS})|(?<!\d|\d[.,])0\s*%\s*(?=${FREE_OF_CLASS})|formule\s+sans\b|sans\s*:|sans\s+(?=${FREE_OF_CLASS}|parab|huile|sulfat|phénox|phenox)|ohne\s+(?=parabene|silikon|mineral|mikroplastik|sulfat|duftstoff|farbstoff|alkohol)|sin\s+(?=parabenos|sulfatos|siliconas|aceites|fragancia|alcohol)|senza\s+(?=parabeni|siliconi|solfati|nichel|profumo))`,
  'i',
);
/** Claims whose items come first: "Paraben-free", "파라벤 프리", "パラベンフリー". */
const FREE_OF_SUFFIX =
  /(?:\b(?!cruelty)[a-z]+-free\b(?=\s*(?:[,.;:|!/•·)]|$)|\s+(?:and|&|or)\s|\s+(?:formula|product|skin\s*care|and)\b)|프리|フリー|無香料|無着色|無添加|무첨가)/im;

export const hasFreeOfClaim = (text: string): boolean => FREE_OF_PREFIX.test(text) || FREE_OF_SUFFIX.test(text);

/** Words that open a sentence of copy, not an ingredient name: where a glued ingredient ends. */
const LEAD_IN = new Set([
  'clean',
  'at',
  'our',
  'we',
  'this',
  'these',
  'all',
  'are',
  'is',
  'the',
  'products',
  'product',
  'formula',
  'formulas',
  'it',
  'its',
  'your',
  'free',
  'formulated',
  'made',
  'contains',
  'contain',
  'does',
  'do',
  'no',
  'never',
  'without',
  'sans',
  'ohne',
  'sin',
  'senza',
  'proudly',
  'always',
  'every',
  'each',
  'a',
  'an',
  'and',
  'or',
  'with',
  'created',
  'crafted',
  'developed',
]);

const DISCLAIMER =
  /\bingredients?\s+(?:lists?\s+)?(?:are|is|may|can|might|could)\s+(?:be\s+)?(?:subject|change|vary|updated|regularly|differ)|subject\s+to\s+change|refer\s+to\s+the\s+(?:ingredient\s+list\s+on\s+the\s+)?(?:product\s+)?packag|up[- ]to[- ]date\s+(?:list|ingredient)|check\s+the\s+packag|read\s+the\s+(?:ingredient\s+)?list\s+on|ingredient\s+lists?\s+may|results\s+may\s+vary|not\s+intended\s+to\s+(?:diagnose|treat)|for\s+informational\s+purposes/i;
const OTHER =
  /^(?:directions|how\s+to\s+use|mode\s+d['’]emploi|conseils|usage|warnings?|cautions?|precautions?|storage|net\s+(?:wt|weight|vol|contents?)|made\s+in|fabriqu[ée]|hergestellt|prodotto|hecho\s+en|fabricado|manufactured|distributed|produced|for\s+external\s+use|keep\s+out|questions|uses?\b|purposes?\b|other\s+information|drug\s+facts|pao\b|batch|lot\b|exp|best\s+before|\d+\s*(?:ml|g|oz|fl))/i;

/** What kind of set-aside text this is. */
export function kindOf(text: string): SetAsideKind {
  if (hasFreeOfClaim(text)) return 'free_of';
  if (DISCLAIMER.test(text)) return 'disclaimer';
  if (OTHER.test(text.trim())) return 'other';
  return 'marketing';
}

const LEAD_PUNCTUATION = (c: number): boolean => isSpace(c) || '-–—•·*:;,.'.includes(String.fromCharCode(c));
const TAIL_PUNCTUATION = (c: number): boolean => isSpace(c) || ':;,'.includes(String.fromCharCode(c));

/** Sets text aside line by line, each with its kind (empty lines and bare headings skipped). */
export function setAsideLines(text: string, into: SetAsideText[], kind?: SetAsideKind): void {
  for (const line of text.split('\n')) {
    const t = trimEdges(line.trim(), LEAD_PUNCTUATION, TAIL_PUNCTUATION);
    if (!/[\p{L}\p{N}]/u.test(t)) continue;
    into.push({ kind: BARE_HEADING.test(t) ? 'heading' : (kind ?? kindOf(t)), text: t });
  }
}
const BARE_HEADING =
  /^(?:full\s+|key\s+)?(?:ingredients?|ingr[ée]dients?|inci|drug\s+facts|composition|inhaltsstoffe|ingredientes|全成分|成分|전성분|성분)$/i;

/** Where a sentence or list item begins before `at` on its line: after a full stop, a comma or the line start. */
function blockStart(text: string, lineStart: number, at: number, commas: boolean): number {
  const before = text.slice(lineStart, at);
  let start = lineStart;
  const sentence =
    /[.!?。](?:\s+|(?=[A-Z])|(?=(?:this|these|our|all|we|it|free|formulated|made|clean|contains?|no)\b))/gi;
  for (let m = sentence.exec(before); m; m = sentence.exec(before)) start = lineStart + m.index + m[0].length;
  if (commas) {
    const comma = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('|'));
    if (lineStart + comma + 1 > start) start = lineStart + comma + 1;
  }
  return start;
}

/** The ingredient-shaped words at the start of `text` before copy begins ("Phenoxyethanol Clean at …" → "Phenoxyethanol"). */
function gluedIngredient(text: string): string {
  const kept: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    if (
      !word ||
      LEAD_IN.has(word.toLowerCase().replace(/[^a-z]/g, '')) ||
      /[:]$/.test(word) ||
      FREE_OF_SUFFIX.test(word)
    )
      break;
    kept.push(word);
  }
  return kept.join(' ');
}

const LIST_HEADING_AHEAD =
  /(?:^|[\s.>])(?:ingredients?|ingr[ée]dients?|inci|inhaltsstoffe|ingredientes|ingredienti|composition|全成分|成分|전성분|성분)\s*:|[[【]\s*(?:全成分|成分|전성분|성분)\s*[\]】]/i;
const MAY_HAVE_CLAIM =
  /fre[ei]|without|contain|never|\bno\s|\b0\s*%|sans|ohne|sin\s|senza|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/i;
const SENTENCE_STOP = /[.!?。](?:\s+|(?=[A-Z])|$)/;
const CJK_CLAIM = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** The claims, searched from a place on (each search sets lastIndex first). */
const GLOBAL_CLAIMS = [
  [new RegExp(FREE_OF_PREFIX.source, 'gi'), true],
  [new RegExp(FREE_OF_SUFFIX.source, 'gi'), false],
] as const;

/** The next claim at or after `from` that is not inside brackets ("Witch Hazel Water (Alcohol-Free)"). */
function nextClaim(text: string, from: number): { index: number; length: number; prefix: boolean } | null {
  const found: Array<{ index: number; length: number; prefix: boolean }> = [];
  for (const [global, prefix] of GLOBAL_CLAIMS) {
    global.lastIndex = from;
    for (let m = global.exec(text); m; m = global.exec(text)) {
      const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
      const before = text.slice(lineStart, m.index);
      if ((before.match(/\(/g) ?? []).length > (before.match(/\)/g) ?? []).length) continue;
      found.push({ index: m.index, length: m[0].length, prefix });
      break;
    }
  }
  found.sort((a, b) => a.index - b.index);
  return found[0] ?? null;
}

/** Substances and classes a "free of" block names ("Parabens", "Sulfates—SLS + SLES", "Coal Tar"). */
const FREE_OF_ITEM =
  /^(?:and\s+|or\s+)?(?:no\s+)?(?:synthetic\s+|artificial\s+|added\s+|harsh\s+)?(?:parabens?|sulf|sulph|sls|sles|phthalat|silicon|mineral\s+oil|petrolat|petroleum|paraffin|formaldehyd|retinyl\s+palmitate|oxybenzone|octinoxate|benzophenone|coal\s+tar|hydroquinone|triclosan|triclocarban|talc|gluten|pegs?\b|fragrances?|perfumes?|parfum|dyes?|colou?rs?|alcohols?|microplastic|micro-?beads|nano|bpa|dea\b|mea\b|tea\b|ethanolamines?|toluene|lead|mercury|aluminum|aluminium|resorcinol|animal|gmo|fillers?|nasties|toxins?|essential\s+oils?|propylene\s+glycol|chemical\s+sunscreens?|lanolin|palm\s+oil|soy|nut|fillers|methylisothiazolinone|butylated|bht|bha\b|hydrogenated\s+cotton)/i;

/** A line of several names that are not what a "free of" block names: an ingredient list of its own. */
function readsAsList(line: string): boolean {
  const items = line
    .split(/[,;|•·]/)
    .map((i) => i.trim())
    .filter(Boolean);
  if (items.length < 3) return false;
  return items.filter((i) => FREE_OF_ITEM.test(i)).length * 2 < items.length;
}

/**
 * The end of the lines a heading governs: the lines after it until the next heading, a blank line after its
 * items, another claim, a line of prose or a line that reads as an ingredient list of its own.
 */
function governedEnd(text: string, lineEnd: number, end: number): number {
  let next = lineEnd;
  let taken = 0;
  while (next < text.length) {
    const lineTo = text.indexOf('\n', next + 1) < 0 ? text.length : text.indexOf('\n', next + 1);
    const line = text.slice(next + 1, lineTo).trim();
    if (!line) {
      if (taken) break;
      next = lineTo;
      continue;
    }
    const separated = /[,;|•·]/.test(line);
    if (LIST_HEADING_AHEAD.test(` ${line}`) || /^[^,;]{1,60}:$/.test(line) || (taken && hasFreeOfClaim(line))) break;
    if ((!separated && line.split(/\s+/).length > 5) || (separated && readsAsList(line))) break;
    next = lineTo;
    end = lineTo;
    taken++;
  }
  return end;
}

/**
 * Takes the "free of" blocks out of the text (before, after or inside the list, after a heading in bold, one item per
 * line under a heading) and sets them aside. An ingredient glued to the start of a block stays in the text.
 */
export function takeFreeOfBlocks(text: string, setAside: SetAsideText[]): string {
  // Most pastes carry no claim: one cheap scan before the full patterns.
  if (!MAY_HAVE_CLAIM.test(text) || (!FREE_OF_PREFIX.test(text) && !FREE_OF_SUFFIX.test(text))) return text;
  let out = text;
  let from = 0;
  for (let guard = 0; guard < 30; guard++) {
    const m = nextClaim(out, from);
    if (!m) break;
    const lineStart = out.lastIndexOf('\n', m.index - 1) + 1;
    const lineEnd = out.indexOf('\n', m.index) < 0 ? out.length : out.indexOf('\n', m.index);
    const cjk = !m.prefix && CJK_CLAIM.test(out.slice(m.index, m.index + m.length));
    // A claim in Korean or Japanese names its items before it: the whole sentence goes.
    const start = blockStart(out, lineStart, m.index, !cjk);
    const head = out.slice(start, m.index);
    const keep = cjk ? '' : gluedIngredient(head);
    const restStart = m.index + m.length;
    const rest = out.slice(restStart, lineEnd);
    const heading = LIST_HEADING_AHEAD.exec(rest);
    const stop = SENTENCE_STOP.exec(rest);
    let cut = rest.length;
    if (stop && (m.prefix || rest.slice(stop.index + 1).split(',').length > 3)) cut = stop.index + 1;
    if (heading && heading.index < cut) cut = heading.index;
    let end = restStart + cut;
    // A heading that ends its line ("Clean at Luma products are formulated without:") governs the lines after it.
    if (/:\s*$/.test(out.slice(m.index, lineEnd)) || !rest.trim()) end = governedEnd(out, lineEnd, end);
    const blockText = out.slice(start + (keep ? head.indexOf(keep) + keep.length : 0), end);
    setAside.push({ kind: 'free_of', text: tidy(blockText) });
    // After the list, the copy that follows on the line goes too ("… Triclocarban. All products are …", "Made in
    // USA.").
    const tailEnd = out.indexOf('\n', end) < 0 ? out.length : out.indexOf('\n', end);
    const tail = out.slice(end, tailEnd);
    const copyAfter =
      start > lineStart || keep || /\b(?:products?|formulas?|skincare|our|we|are|is|made\s+in)\b/i.test(tail);
    if (tail.trim() && copyAfter && !LIST_HEADING_AHEAD.test(tail) && tail.split(',').length < 4) {
      setAsideLines(tail, setAside);
      end = tailEnd;
    }
    const replacement = keep ? `${out.slice(start, start + head.indexOf(keep))}${keep}\n` : '\n';
    out = `${out.slice(0, start)}${replacement}${out.slice(end)}`;
    from = start + replacement.length;
  }
  return out;
}

/** Spaces and punctuation left at the edges of a block: one pass each way. */
const tidy = (text: string): string =>
  trimEdges(
    text.replace(/\s+/g, ' ').trim(),
    (c) => isSpace(c) || '.,;:|'.includes(String.fromCharCode(c)),
    (c) => isSpace(c) || ',;|'.includes(String.fromCharCode(c)),
  );
