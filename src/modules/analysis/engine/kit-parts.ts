// Kits and sets: one pasted section holding the lists of several products ("Cleanser: …. Toner: …",
// "Step 1 … Step 2 …", a name in bold above each list). Pure: no ORM, no GraphQL.
import { isSpace, skipChars, trimEndOf } from '../../shared/engine/text-edges.js';

export interface LabelPart {
  /** The part as printed ("Toner", "Step 2 Toner"), or null for a label that is not a kit. */
  name: string | null;
  /** The text naming the part as printed ("Product Name: Daily Wash", "2. Serum:"). */
  marker?: string;
  text: string;
}

/** The last word of a product's name in a kit. */
const PRODUCT_TYPE =
  /(?:cleanser|cleansing\s+\w+|wash|toner|tonic|serum|moisturi[sz]er|cream|cr[eè]me|lotion|essence|mask|masque|balm|oil|gel|mist|spf\s*\d+|sunscreen|exfoliant|exfoliator|peel|treatment|primer|water|foam|emulsion|ampoule|scrub|shampoo|conditioner|pads?|concentrate|fluid|butter|stick|lip\s+\w+|eye\s+\w+)$/i;
const LIST_WORDS =
  /^(?:full\s+|complete\s+|key\s+|other\s+|inactive\s+|active\s+)?(?:ingredients?|ingr[ée]dients?|inci|composition|inhaltsstoffe|ingredientes)$/i;

// Each marker is tried at every line and sentence start, so each pattern reads a bounded stretch of one line (or a
// single line break) from there: no two quantifiers share spaces or line breaks, and the name of a part ends on a
// character that is not a space, so nothing is read twice (a long run of line breaks once cost cubic time).
/** "Step 2", then the name (`stepMarker`). */
const STEP_HEAD = /step\s*(\d+)/iy;
const STEP_PUNCTUATION = ':.)-–—';
const STEP_NAME_STOP = '\n:,';
const INGREDIENTS_AHEAD = /\bingredients?\s*:/iy;
// Any case: a label typed out in capitals or in lower case names its parts the same way.
const NAMED =
  /(\p{L}[\p{L}\p{N}_'’&+ -]{0,39}?[\p{L}\p{N}_'’&+-])[ \t]*(?:\n[ \t]*)?(?:\([^)\n]{1,24}\)[ \t]*(?:\n[ \t]*)?)?(?:\bingredients?\b[ \t]*(?:\n[ \t]*)?)?:\s*/iuy;

interface Marker {
  at: number;
  end: number;
  name: string;
}

const commas = (text: string): number => (text.match(/,(?!\d)|，|、/g) ?? []).length;

/** A field label naming the product, as a retailer's page prints it above each product of a kit. */
const PRODUCT_FIELD =
  /(?:product[ \t]+name|product|item)[ \t]*:[ \t]*([^\s:][^\n:]{0,58}?[^\s:])[ \t]*(?:\n|$|(?=\b(?:(?:active|inactive|other)\s*)?ingredients?\s*:))/iy;
/** A numbered part: "1. Gentle Cleanser: …", "2) Evening Ritual" above its list. */
const NUMBERED = /\d{1,2}\s*[.)]\s+(?=\p{L})/uy;
const NUMBERED_NAMED =
  /(\p{L}[^\n:,;.]{0,39}?[^\s:,;.])[ \t]*(?:\n[ \t]*)?(?:\([^)\n]{1,24}\)[ \t]*(?:\n[ \t]*)?)?:\s*/uy;

const NUMBERED_RUN_ON = /[ \t](?=\d{1,2}[.)][ \t]+\p{L}[^\n:,;.]{0,39}:)/gu;

/** How far a product's name line reaches, in characters. */
const NAME_LINE_REACH = 300;
/** How long a step's name may be ("Step 2 Brightening Vitamin C Night Serum"). */
const STEP_NAME_REACH = 120;

/** A name alone on its line (no separators, six words at most) whose next line is a list: the end of that line, or -1. */
function nameLineEnd(text: string, at: number, name: (line: string) => boolean): number {
  // A name line is short: looked for within reach only, since this runs at every line and sentence start (reading
  // each long line to its end from each of its sentences cost the square of its length).
  const lineEnd = text.slice(at, at + NAME_LINE_REACH + 1).indexOf('\n');
  if (lineEnd <= 0) return -1;
  return nameLineFrom(text, at, at + lineEnd, name);
}

function nameLineFrom(text: string, at: number, lineEnd: number, name: (line: string) => boolean): number {
  const line = text.slice(at, lineEnd).trim();
  if (!line || /[,:;]/.test(line) || line.split(/\s+/).length > 6 || !name(line)) return -1;
  // The next line that is not blank: the run of blank lines is read once, by the line above it alone.
  const next = skipChars(text, lineEnd + 1);
  const nextEnd = text.indexOf('\n', next);
  const nextLine = text.slice(next, nextEnd < 0 ? text.length : nextEnd);
  return commas(nextLine) >= 2 || /^ingredients?\s*:/i.test(nextLine) ? lineEnd + 1 : -1;
}

/** "Formula 1:", "Formule 2." : the products of a duo named by number or letter. */
const FORMULA_PART = /(f[oó]rmul[ae])[ \t]*(\d{1,2}|[a-z]|[ivx]{1,4})[ \t]*[:.)][ \t]*(?:\n[ \t]*)?/iuy;

function markerAt(text: string, at: number): Marker | null {
  FORMULA_PART.lastIndex = at;
  const formula = FORMULA_PART.exec(text);
  if (formula) return { at, end: FORMULA_PART.lastIndex, name: `${formula[1]} ${formula[2]}` };
  PRODUCT_FIELD.lastIndex = at;
  const field = PRODUCT_FIELD.exec(text);
  if (field) return { at, end: PRODUCT_FIELD.lastIndex, name: field[1].trim() };
  NUMBERED.lastIndex = at;
  if (NUMBERED.exec(text)) {
    // The number says it is a part: its name need not end in a product word.
    const from = NUMBERED.lastIndex;
    NUMBERED_NAMED.lastIndex = from;
    const named = NUMBERED_NAMED.exec(text);
    if (named && !LIST_WORDS.test(named[1].trim()) && named[1].trim().split(/\s+/).length <= 6)
      return { at, end: NUMBERED_NAMED.lastIndex, name: named[1].trim() };
    const end = nameLineEnd(text, from, () => true);
    if (end > 0) return { at, end, name: text.slice(from, end).trim() };
  }
  const step = stepMarker(text, at);
  if (step) return step;
  NAMED.lastIndex = at;
  const m = NAMED.exec(text);
  if (m && PRODUCT_TYPE.test(m[1].trim()) && !LIST_WORDS.test(m[1].trim()))
    return { at, end: NAMED.lastIndex, name: m[1].trim() };
  // A product name alone on its line ("<b>Gentle Cleanser</b>") with its list on the next.
  const end = nameLineEnd(text, at, (line) => PRODUCT_TYPE.test(line));
  return end > 0 ? { at, end, name: text.slice(at, end).trim() } : null;
}

/**
 * "Step 2 Toner", "Step 1:\nGentle Cleanser" (the name on the next line), "Step 3 - Serum Ingredients:": read in one
 * pass over the marker's line. The name runs to the line's end, to a colon or dash followed by a space, or to an
 * "Ingredients:" heading; a name that runs into a comma is none ("Step 1 Water, Glycerin" is no marker), unless the
 * step stood alone on its line above.
 */
function stepMarker(text: string, at: number): Marker | null {
  STEP_HEAD.lastIndex = at;
  const head = STEP_HEAD.exec(text);
  if (!head) return null;
  const afterNumber = STEP_HEAD.lastIndex;
  let from = skipChars(text, afterNumber);
  if (from < text.length && STEP_PUNCTUATION.includes(text[from])) from = skipChars(text, from + 1);
  const marker = (name: string, end: number): Marker => {
    const named = trimEndOf(name, isSpace);
    const dash = named.length - 1;
    // "Step 2 Toner -": a dash left at the end of the name (after a space) is no part of it.
    const bare =
      dash > 0 && '-–—'.includes(named[dash]) && isSpace(named.charCodeAt(dash - 1)) ? named.slice(0, dash) : named;
    const clean = bare.trim();
    return { at, end, name: `Step ${head[1]}${clean && !LIST_WORDS.test(clean) ? ` ${clean}` : ''}` };
  };
  for (let end = from; ; ) {
    const next = skipChars(text, end);
    const ch = next < text.length ? text[next] : '';
    if (ch && ':-–—'.includes(ch) && next + 1 < text.length && isSpace(text.charCodeAt(next + 1)))
      return marker(text.slice(from, end), skipChars(text, next + 1));
    if (!ch) return marker(text.slice(from, end), text.length);
    INGREDIENTS_AHEAD.lastIndex = next;
    if (INGREDIENTS_AHEAD.test(text)) return marker(text.slice(from, end), next);
    const lineBreak = lastLineBreak(text, end, next);
    if (lineBreak >= 0) return marker(text.slice(from, end), lineBreak + 1);
    if (next > end) {
      // Spaces inside the name: the same stop is tried after them.
      end = next;
      continue;
    }
    if (STEP_NAME_STOP.includes(ch) || end - from >= STEP_NAME_REACH) break;
    end++;
  }
  // No name: the step alone, on its line above the list.
  const lineBreak = lastLineBreak(text, afterNumber, from);
  return lineBreak >= 0 ? marker('', lineBreak + 1) : null;
}

/** The last line break in text[from, to), or -1 (lastIndexOf would read on before `from`). */
function lastLineBreak(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (text.charCodeAt(i) === 10) return i;
  return -1;
}

/** The parts of a kit and the text before the first (copy), or one part without a name when the label holds one list. */
export function kitParts(text: string): { parts: LabelPart[]; before: string } {
  const single = { parts: [{ name: null, text }], before: '' };
  if (!/step\s*\d|:|\n|\d[.)]\s/i.test(text)) return single;
  const markers: Marker[] = [];
  const starts = [0];
  // Line starts, sentence starts, and a product field wherever it stands (a page runs it into the list before).
  for (const m of text.matchAll(/\n|\.\s+(?=\p{L}|\d{1,2}[.)]\s)/gu)) starts.push(m.index + m[0].length);
  if (/product\s+name\s*:/i.test(text))
    for (const m of text.matchAll(/[ \t](?=product\s+name\s*:)/gi)) starts.push(m.index + 1);
  // "… Sodium Benzoate 2. Moisturizer: Water, …": the next numbered part run on after the last name of a list.
  if (/^\s*1\s*[.)]\s/.test(text)) for (const m of text.matchAll(NUMBERED_RUN_ON)) starts.push(m.index + 1);
  starts.sort((a, b) => a - b);
  for (const at of starts) {
    const marker = markerAt(text, skipChars(text, at, ' \t'));
    if (marker && (!markers.length || marker.at >= markers[markers.length - 1].end)) markers.push(marker);
  }
  // One product named before its list ("Sulfate-Free Cleanser: Water, …"): the name is no entry.
  if (markers.length === 1 && !text.slice(0, markers[0].at).trim() && commas(text.slice(markers[0].end)) >= 2)
    return { parts: [{ name: null, text: text.slice(markers[0].end) }], before: text.slice(0, markers[0].end) };
  if (markers.length < 2) return single;
  const parts: LabelPart[] = [];
  for (let i = 0; i < markers.length; i++) {
    const body = text.slice(markers[i].end, i + 1 < markers.length ? markers[i + 1].at : text.length);
    parts.push({ name: markers[i].name, marker: text.slice(markers[i].at, markers[i].end), text: body });
  }
  // Each part of a kit holds a list; a name above copy is no part.
  if (parts.some((p) => commas(p.text) < 2)) return single;
  return { parts, before: text.slice(0, markers[0].at) };
}
