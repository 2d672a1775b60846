// Turns an ingredient list as printed on a label into ordered entries. Pure: no ORM, no GraphQL.
import { takeCopyAfterList } from './after-list-copy.js';
import { decodeHTML } from 'entities';
import { kitParts } from './kit-parts.js';
import { canonicalCiNumber } from './normalize.js';
import { isSpace, skipChars, trimEdges, trimEndOf, trimStartOf } from '../../shared/engine/text-edges.js';
import { nameLineOf } from './product-type-words.js';
import { describesRawMaterial, strengthsIn, type PrintedStrength } from './printed-strengths.js';
import {
  kindOf,
  LAYOUT_KINDS,
  setAsideLines,
  takeFreeOfBlocks,
  type SetAsideKind,
  type SetAsideText,
} from './set-aside.js';

export interface ParsedEntry {
  /** 1-based position in the list as printed (after dropping footnotes and duplicates). */
  position: number;
  /** The entry as printed, cleaned of markers and concentration. */
  input: string;
  /** Concentration printed with the entry ("10%"), if any. */
  concentration: string | null;
  /** Listed under "May contain" / "+/-" / "Peut contenir". */
  mayContain: boolean;
  /** Printed with a nano marker. */
  nano: boolean;
  /** Listed under "Active ingredients" (US drug facts). */
  active: boolean;
  /** The part of a kit or set the entry belongs to ("Toner", "Step 2 Toner"); null for a single product. */
  part: string | null;
  /**
   * When the entry may be several run together ("Cetyl Alcohol & Stearyl Alcohol", a line break
   * inside a comma-separated list): the entries it splits into. The analysis uses them when the
   * entry as a whole matches nothing and every piece matches something.
   */
  pieces?: ParsedEntry[];
}

export interface ParsedList {
  entries: ParsedEntry[];
  /** Footnote texts found and set aside ("*Certified organic"). */
  footnotes: string[];
  /** Text that is not an ingredient (marketing copy, "Made in France", directions), set aside. */
  ignored: string[];
  /** Everything set aside (footnotes, "free of" blocks, marketing, disclaimers…), each with its kind, in the order found. */
  setAside: SetAsideText[];
  /** The parts of a kit or set in printed order; empty for a single product. */
  parts: string[];
  /**
   * A single product's name line above its list when it says how the product is used ("Gentle Milk Cleanser
   * 200 ml"): read as the list's heading for its product type (engine/product-type.ts, nameLineOf). Null otherwise.
   */
  nameLine: string | null;
  /**
   * Strengths printed outside the list, in copy, bullets and name lines ("-5% Benzoyl Peroxide: …"), with the names
   * they may belong to: the analysis reads them with the matcher (analyze.ts).
   */
  printedStrengths: PrintedStrength[];
}

// --- Markup and layout ------------------------------------------------------------------------

/** Tags that end a paragraph: the text on either side reads as blocks apart (a blank line between). */
const PARAGRAPH_TAG =
  /^<\s*(?:\/\s*)?(?:p|div|ul|ol|h[1-6]|section|article|table|tbody|thead|header|footer|blockquote)\b/i;
/** Tags that start a line: list items, cells, line breaks. */
const LINE_TAG = /^<\s*(?:br|li|tr|td|th|dd|dt)\b/i;
/** A tag, or one left open at a cut (what follows `<` up to the next `>` or the end). */
const TAG = /<\s*(?:\/\s*)?[a-z][^<>]*(?:>|$)/iy;
const SCRIPT_OPEN = /<(script|style)\b/iy;
const CLOSE: Record<string, RegExp> = { script: /<\/script\s*>/gi, style: /<\/style\s*>/gi };
const INLINE_TAG = /^<\s*(?:\/\s*)?(?:span|b|strong|em|i|u|a|sup|sub|font|small|mark|abbr)\b/i;

/**
 * Replaces each tag, comment and script or style block (with its content) by what `replace` gives for it, leftmost
 * first. A comment or script left open reads as text. Linear: the closing `-->` or `</script>` after a place is
 * looked for once (a pattern with `[\s\S]*?-->` read the rest of the text again at each "<!--" left open).
 */
function replaceTags(text: string, replace: (tag: string) => string): string {
  const closers = new Map<string, { from: number; at: number; length: number }>();
  /** The first closer at or after `from` (its index and length), -1 when none; searches never overlap. */
  const closerAfter = (kind: string, from: number): { at: number; length: number } => {
    const known = closers.get(kind);
    if (known && known.from <= from && (known.at < 0 || known.at >= from)) return known;
    let found: { at: number; length: number };
    if (kind === 'comment') {
      const at = text.indexOf('-->', from);
      found = { at, length: 3 };
    } else {
      const close = CLOSE[kind];
      close.lastIndex = from;
      const m = close.exec(text);
      found = m ? { at: m.index, length: m[0].length } : { at: -1, length: 0 };
    }
    closers.set(kind, { from, ...found });
    return found;
  };
  let out = '';
  let from = 0;
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i)) {
    let end = -1;
    SCRIPT_OPEN.lastIndex = i;
    const script = SCRIPT_OPEN.exec(text);
    if (script) {
      const close = closerAfter(script[1].toLowerCase(), SCRIPT_OPEN.lastIndex);
      if (close.at >= 0) end = close.at + close.length;
    }
    if (end < 0 && text.startsWith('<!--', i)) {
      const close = closerAfter('comment', i + 4);
      if (close.at >= 0) end = close.at + close.length;
    }
    if (end < 0) {
      TAG.lastIndex = i;
      if (TAG.test(text)) end = TAG.lastIndex;
    }
    if (end < 0) {
      i++;
      continue;
    }
    out += text.slice(from, i) + replace(text.slice(i, end));
    from = end;
    i = end;
  }
  return from === 0 ? text : out + text.slice(from);
}
/** Where tags stood: paragraph and line marks, collapsed into blank lines and line breaks once the tags are gone. */
const PARAGRAPH = '\u0003';
const LINE = '\u0004';
// From the first space of a run only (a run of spaces not followed by a break was read again from each of its spaces).
const LAYOUT_RUN = /(?<![ \t])[ \t]*[\n\u0003\u0004][\s\u0003\u0004]*/g;

/**
 * Strips markup and layout noise while keeping the layout: a paragraph tag (</p><p>, <div>, <ul>) or two line
 * breaks make a blank line, one <br> or <li> a line break. The tags removed (a tag left open at a cut included)
 * are collected into `markup`.
 */
function clean(text: string, markup: string[] = []): string {
  let out = text;
  if (out.includes('<')) {
    out = replaceTags(out, (tag) => {
      markup.push(tag.replace(/\s+/g, ' '));
      if (PARAGRAPH_TAG.test(tag)) return PARAGRAPH;
      if (LINE_TAG.test(tag)) return LINE;
      // An inline tag (<b>, <span>) joins; script, style and comments leave a space.
      return INLINE_TAG.test(tag) ? '' : ' ';
    });
    if (out.includes(PARAGRAPH) || out.includes(LINE)) {
      out = out.replace(LAYOUT_RUN, (run) => {
        // "<br>\n" in the page's source is one break; "<br><br>" or a blank line in the text is two.
        const blank = run.includes(PARAGRAPH) || run.split(LINE).length > 2 || run.split('\n').length > 2;
        return blank ? '\n\n' : '\n';
      });
    }
  }
  if (out.includes('&')) out = decodeHTML(out);
  if (out.includes('\r')) out = out.replace(/\r\n?/g, '\n');
  // Most pastes are plain ASCII: nothing more to fold.
  if (!/[^\x20-\x7e\n]/.test(out)) return glueBreaks(out.includes('  ') ? out.replace(/ {2,}/g, ' ') : out);
  return glueBreaks(
    out
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, ' ')
      .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
      .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t\f\v]/g, ' ')
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/[（]/g, '(')
      .replace(/[）]/g, ')')
      .replace(/[［【〔]/g, '[')
      .replace(/[］】〕]/g, ']')
      .replace(/[，、]/g, ',')
      .replace(/[；]/g, ';')
      .replace(/[：]/g, ':')
      .replace(/[‐‑‒]/g, '-')
      // Full-width digits and per cent sign ("５％配合"): strengths as any label prints them.
      .replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
      .replace(/[％﹪]/g, '%')
      .replace(/ {2,}/g, ' '),
  );
}

/** Where a printed strength runs into the next name ("Octocrylene 2.70%Water"): the two are apart. */
export const GLUE = '\u0005';
const GLUED_PERCENT = /(\d\s*%)(?=\p{L})(?![wv]\/[wv])/gu;
const glueBreaks = (text: string): string => (text.includes('%') ? text.replace(GLUED_PERCENT, `$1${GLUE}`) : text);

// --- Headings and sections ----------------------------------------------------------------------

// "Ingredients:", "INCI:", "Ingrédients :", "Inhaltsstoffe:", "Composition:", "Ingredients (INCI):" and friends.
const LIST_HEADING =
  /(?:^|[\s>.(/|])(?:full\s+|complete\s+)?(?:ingredients?(?:\s+list)?|ingr[ée]dients?|inci(?:\s+(?:list|names?))?|ctfa|inhaltsstoffe|ingredientes|ingredienti|composition|bestanddelen|składniki|sastojci|what['’]?s\s+inside|全成分|成分|전성분|성분)\s*(?:\((?:inci|ctfa|eu|us|int)\)\s*)?:/gi;
/** A heading alone on its line without a colon, or in brackets: "INGREDIENTS", "[Ingredients]", "【成分】". */
const LIST_HEADING_LINE =
  /(?:^|\n)[ ]*(?:full\s+)?(?:ingredients?(?:\s+list)?|ingr[ée]dients|inci|what['’]?s\s+inside|全成分|成分|전성분|성분)[ ]*(?=\n)|\[\s*(?:full\s+)?(?:ingredients?(?:\s+list)?|ingr[ée]dients|inci|全成分|成分|전성분|성분)\s*\]/gi;
/** Headings that introduce a selection, not the list. */
const NOT_THE_LIST = /\b(?:key|hero|star|main|featured|highlighted|powerful|clean|active)\s*$/i;
const NOT_THE_ACTIVES = /\b(?:key|hero|star|main|featured|highlighted|powerful|clean)\s*$/i;
/** "Actives: … 2 %": a colon, then a strength before the next colon. */
const ACTIVES_COLON = /actives?\s*:(?=[^:]{0,160}\d\s*%)/iy;
const ACTIVE_WORD = /\bactive/gi;
const INGREDIENT_WORD = /ingredients?/iy;
const PURPOSE_WORD = /purposes?\b/iy;

function wordAt(word: RegExp, text: string, at: number): number {
  word.lastIndex = at;
  return word.test(text) ? word.lastIndex : -1;
}

/**
 * Where the heading ends in a run of white space [from, to): at `to` on a colon (taken) or before "Purpose", else at
 * the run's last line break (the heading's line ends there), else nowhere (-1).
 */
function headingEndIn(text: string, from: number, to: number): number {
  if (text[to] === ':') return to + 1;
  if (wordAt(PURPOSE_WORD, text, to) >= 0) return to;
  const lastBreak = text.lastIndexOf('\n', to - 1);
  return lastBreak >= from ? lastBreak : -1;
}

/**
 * The end of an actives' heading starting at `at`, or -1: "Active Ingredient(s)" with an optional bracket, then a
 * colon, a "Purpose" column or the end of its line; or "Actives:" followed by a strength. Read in one pass over the
 * white space, where a regular expression let two runs of it trade characters (quadratic on a run of line breaks);
 * the match is the one `/\bactive\s+ingredients?\s*(?:\([^)\n]*\))?\s*(?::|(?=\s*purposes?\b)|(?=[ ]*\n))
 * (?:\s*purposes?\b)?|actives?\s*:(?=[^:]{0,160}\d\s*%)/i` finds (test/analysis-engine.test.ts compares them).
 */
function activeHeadingEnd(text: string, at: number): number {
  const afterActive = at + 'active'.length;
  const wordStart = skipChars(text, afterActive);
  const afterWord = wordStart > afterActive ? wordAt(INGREDIENT_WORD, text, wordStart) : -1;
  if (afterWord >= 0) {
    const spaces = skipChars(text, afterWord);
    let end = -1;
    const close = text[spaces] === '(' ? text.indexOf(')', spaces) : -1;
    if (close >= 0 && !text.slice(spaces, close).includes('\n'))
      end = headingEndIn(text, close + 1, skipChars(text, close + 1));
    if (end < 0) end = headingEndIn(text, afterWord, spaces);
    if (end >= 0) {
      const purpose = wordAt(PURPOSE_WORD, text, skipChars(text, end));
      return purpose >= 0 ? purpose : end;
    }
  }
  ACTIVES_COLON.lastIndex = at;
  return ACTIVES_COLON.test(text) ? ACTIVES_COLON.lastIndex : -1;
}

/** Every actives' heading of a text, in order, as `matchAll` would give them. */
export function activeHeadings(text: string): { index: number; heading: string }[] {
  const found: { index: number; heading: string }[] = [];
  let from = 0;
  for (const m of text.matchAll(ACTIVE_WORD)) {
    if (m.index < from) continue;
    const end = activeHeadingEnd(text, m.index);
    if (end < 0) continue;
    found.push({ index: m.index, heading: text.slice(m.index, end) });
    from = end;
  }
  return found;
}
// A Japanese quasi-drug prints その他の成分 ("other ingredients") after its 有効成分 ("active ingredients").
const INACTIVE_HEADING =
  /\b(?:inactive\s+ingredients?\s*:?|inactives?\s*:|other\s+ingredients?\s*:|(?<!active\s)ingredients\s*:)|その他の成分[ \t]*:?/i;
/** A Japanese quasi-drug's actives heading: 有効成分 ("active ingredients"), with or without a colon. */
const JAPANESE_ACTIVES = /有効成分[ \t]*:?/;
/** Drug facts sections other than the ingredients. */
const DRUG_FACTS_SECTION =
  /(?:^|\s)(?:other\s+information|do\s+not\s+use|stop\s+use|when\s+using|keep\s+out\s+of\s+reach|ask\s+a\s+doctor|for\s+external\s+use|questions\s+or\s+comments)\b|(?:^|\n(?![ \t]*\n)|[.;]\s)\s*(?:purposes?|uses?|warnings?|directions|questions\??)\b|\b(?:purposes?|uses|warnings?|directions|questions)\s*[:?]/i;
/**
 * What follows a list on a label or a shop page. A run of blank lines is read from its last line break only: read
 * from each of its line breaks, it cost the square of its length.
 */
const AFTER_THE_LIST =
  /(?:^|\n(?![ \t]*\n)|[.!?;]\s)\s*(?:directions(?:\s+for\s+use)?|how\s+to\s+use|mode\s+d['’]emploi|usage|warnings?|cautions?|precautions?|storage|key\s+ingredients|hero\s+ingredients|benefits|features|questions|description|net\s+(?:wt|weight|vol|contents?)|made\s+in|manufactured|distributed|produced\s+(?:by|in)|for\s+external\s+use|keep\s+out\s+of|free\s+(?:of|from)|formulated\s+without|does\s+not\s+contain|contains\s+no|dermatologi(?:st|cally)\s+tested|cruelty[- ]free|please\s+(?:note|refer|check|be\s+aware)|ingredients?\s+(?:lists?\s+)?(?:are|is|may|can|might|could|subject)\b|this\s+ingredient\s+list|results\s+may|clean\s+at\s|key\s+benefits|contains\s+\d+|non[- ]comedogenic|hypoallergenic|step\s*1\b|what\s+it\s+is|why\s+we\s+love|how\s+it\s+works|good\s+to\s+know|suitable\s+for|not\s+tested\s+on|this\s+(?:formula|product)\b|fabriqu[ée]\s+en|hergestellt\s+in|prodotto\s+in|hecho\s+en|fabricado\s+en|conseils\s+d['’]utilisation|anwendung|modo\s+de\s+(?:empleo|uso)|f\.?\s?i\.?\s?l\.?\s|iln\s?\d|pao|best\s+before|batch|lot\s+(?:no|number)|exp(?:iry)?\s+date)\b/i;

const STRENGTH_THEN_WORD = /(\d[ \t]*%)[ \t]+(?=\p{L})(?![wv]\/[wv])/giu;

interface Section {
  text: string;
  active: boolean;
}

/** Where the list starts after its last heading and where that heading begins, or -1 without a heading. */
function listStart(text: string): { start: number; heading: number } {
  let start = -1;
  let heading = -1;
  for (const pattern of [LIST_HEADING, LIST_HEADING_LINE]) {
    // A heading ends with a colon, or stands on a line of its own or in brackets: a text without any cannot hold one.
    if (pattern === LIST_HEADING ? !text.includes(':') : !text.includes('\n') && !text.includes('[')) continue;
    pattern.lastIndex = 0;
    for (const m of text.matchAll(pattern)) {
      if (NOT_THE_LIST.test(text.slice(Math.max(0, m.index - 20), m.index + (m[0].match(/^[\s>.(/|]/) ? 1 : 0))))
        continue;
      if (m.index + m[0].length > start) {
        start = m.index + m[0].length;
        heading = m.index;
      }
    }
  }
  return { start, heading };
}

const SEPARATORS = /[,;•·●▪◦‣|]/g;

/** A line of copy above a list: a bullet, a "Name: benefit." line, a sentence. */
function looksLikeCopyLine(line: string): boolean {
  const t = line.trim();
  if (!t) return true;
  if (/^[-–—•·*✓✔►▪]\s*/.test(t)) return true;
  if (/^[^,:]{2,40}:\s+\S/.test(t) && /[.!]$/.test(t)) return true;
  return /[.!?]$/.test(t) && looksLikeProse(trimEndOf(t, '.!?'));
}

/** Without a heading: lines of marketing copy above the list (lines with no separator, bullets, sentences, before one with several). */
function dropCopyAbove(whole: string, setAside: SetAsideText[], above: string[]): string {
  const text = headingOnListLine(whole, setAside, above);
  const lines = text.split('\n');
  // The list is the first line with several commas (or, failing that, several separators of any kind) that is not copy.
  let listLine = lines.findIndex((l) => (l.match(/[,;]/g) ?? []).length >= 2 && !looksLikeCopyLine(l));
  if (listLine < 0) listLine = lines.findIndex((l) => (l.match(SEPARATORS) ?? []).length >= 2);
  if (listLine <= 0) return text;
  const copy = lines.slice(0, listLine);
  if (copy.some((l) => /[,;]/.test(l) && !looksLikeCopyLine(l))) return text;
  for (const l of copy) setAsideLines(l, setAside);
  above.push(...copy);
  return lines.slice(listLine).join('\n');
}

/** A short line ending in a full stop before the list's first name, on the same line: "Vitamin C. Water/Aqua/Eau, …". */
const HEADING_ON_LIST_LINE = /^\s*(\p{L}[^,;:.()\n]{0,38}[^\s,;:.()])\.[ \t]+(?=\S)/u;

/**
 * Sets aside a heading that ends in a full stop at the start of a list's line ("Vitamin C. Water/Aqua/Eau, 3-O-Ethyl
 * Ascorbic Acid, …"): four words at most, no abbreviation ("Alcohol Denat."), and the rest of the line a list
 * separated by commas, not by full stops ("Water. Glycerin. Niacinamide." stays a list).
 */
function headingOnListLine(text: string, setAside: SetAsideText[], above: string[]): string {
  const m = HEADING_ON_LIST_LINE.exec(text);
  if (!m || countWords(m[1]) > 4 || ABBREVIATION_BEFORE.test(m[1])) return text;
  const lineEnd = text.indexOf('\n', m[0].length);
  const rest = text.slice(m[0].length, lineEnd < 0 ? text.length : lineEnd);
  if (separatorCount(rest) < 2 || (rest.match(/\.\s/g) ?? []).length >= 2) return text;
  setAside.push({ kind: 'heading', text: m[1] });
  above.push(m[1]);
  return text.slice(m[0].length);
}

/** Cuts the list where copy after it begins, and sets that copy aside. */
function cutAfter(text: string, pattern: RegExp, setAside: SetAsideText[]): string {
  const m = pattern.exec(text);
  if (!m) return text;
  setAsideLines(text.slice(m.index), setAside);
  return text.slice(0, m.index);
}

/** A purpose printed before the active's name, the table flattened ("Sunscreen Octinoxate 7.5%"). */
export const PURPOSE_BEFORE_NAME =
  /^(?:sunscreen|skin\s+protectant|acne\s+(?:treatment|medication)|anti[- ]?(?:acne|itch|dandruff|perspirant|fungal|septic|bacterial)|antiperspirant|antifungal|antiseptic|(?:external\s+)?analgesic|astringent|anesthetic|lip\s+protectant)\s+(?=\p{L})/iu;

/** Purposes printed next to drug-facts actives ("Zinc Oxide 20% Sunscreen"), alone in a table cell. */
const PURPOSE =
  /^(?:purposes?|sunscreen|skin\s+protectant|acne\s+(?:treatment|medication)|anti[- ]?(?:acne|itch|dandruff|perspirant|fungal|septic|bacterial|cavity|gingivitis)|antiperspirant|antifungal|antiseptic|first\s+aid\s+antiseptic|(?:external\s+)?analgesic|astringent|anesthetic|anticavity|dandruff|lip\s+protectant|moisturizer)$/i;

function setAsideHeading(text: string, setAside: SetAsideText[]): void {
  const t = trimEdges(
    text,
    (c) => isSpace(c) || '>.(/|['.includes(String.fromCharCode(c)),
    (c) => isSpace(c) || ':]'.includes(String.fromCharCode(c)),
  );
  if (/[\p{L}\p{N}]/u.test(t)) setAside.push({ kind: 'heading', text: t });
}

/**
 * Actives printed without an "Inactive ingredients" heading: where the inactive list begins. Either a strength
 * glued to a name that has no strength of its own ("Benzoyl Peroxide 2.50%Water, Glycerin"), or, after the
 * actives' lines, a line of several names none of which has a strength. -1 when the text holds actives only.
 */
function activesEnd(text: string): number {
  for (let at = text.indexOf(GLUE); at >= 0; at = text.indexOf(GLUE, at + 1)) {
    const next = text.slice(at + 1).split(/[,;\n\u0005]/, 1)[0];
    // "Zinc Oxide 12%Sunscreen": the purpose column, glued on; the actives go on.
    if (next.trim() && !/\d\s*%/.test(next) && !PURPOSE.test(next.trim())) return at + 1;
  }
  let offset = 0;
  let sawStrength = false;
  for (const line of text.split('\n')) {
    if (sawStrength && (line.match(/,(?!\d)|;/g) ?? []).length >= 2 && !/\d\s*%/.test(line)) return offset;
    if (/\d\s*%/.test(line)) sawStrength = true;
    offset += line.length + 1;
  }
  return -1;
}

/** The list's sections; the text above the list goes to `above` as well as being set aside. */
function sections(text: string, setAside: SetAsideText[], above: string[]): Section[] {
  const japanese = text.includes('有効成分') ? JAPANESE_ACTIVES.exec(text) : null;
  const active =
    activeHeadings(text).find((m) => !NOT_THE_ACTIVES.test(text.slice(Math.max(0, m.index - 20), m.index))) ??
    (japanese ? { index: japanese.index, heading: japanese[0] } : undefined);
  if (active) {
    setAsideLines(text.slice(0, active.index), setAside);
    above.push(text.slice(0, active.index));
    setAsideHeading(active.heading, setAside);
    const rest = text.slice(active.index + active.heading.length);
    const inactive = INACTIVE_HEADING.exec(rest);
    if (inactive) setAsideHeading(inactive[0], setAside);
    let activeText = inactive ? rest.slice(0, inactive.index) : rest;
    let inactiveText = inactive ? rest.slice(inactive.index + inactive[0].length) : null;
    if (!inactive) {
      const end = activesEnd(activeText);
      if (end >= 0) {
        inactiveText = activeText.slice(end);
        activeText = activeText.slice(0, end);
      }
    }
    const out: Section[] = [{ text: cutAfter(activeText, DRUG_FACTS_SECTION, setAside), active: true }];
    if (inactiveText !== null) {
      out.push({
        text: takeCopyAfterList(
          cutAfter(cutAfter(inactiveText, DRUG_FACTS_SECTION, setAside), AFTER_THE_LIST, setAside),
          setAside,
        ),
        active: false,
      });
    }
    return out;
  }
  const { start, heading } = listStart(text);
  if (start >= 0) {
    setAsideLines(text.slice(0, heading), setAside);
    above.push(text.slice(0, heading));
    setAsideHeading(text.slice(heading, start), setAside);
  }
  const body = start >= 0 ? text.slice(start) : dropCopyAbove(text, setAside, above);
  return [{ text: takeCopyAfterList(cutAfter(body, AFTER_THE_LIST, setAside), setAside), active: false }];
}

/**
 * "Phase A:", "Phase 2." at a line's start or after a separator: the phases of one formula, not products of a kit.
 * Set aside as headings; a separator takes their place.
 */
const PHASE_HEADING = /(?:^|(?<=[\n,;.]))[ \t]*phase[ \t]+(?:[a-z]|\d{1,2}|[ivx]{1,4})[ \t]*[:.)–-][ \t]*/gim;

function takePhaseHeadings(text: string, setAside: SetAsideText[]): string {
  if (!/phase/i.test(text)) return text;
  return text.replace(PHASE_HEADING, (heading) => {
    setAside.push({ kind: 'heading', text: trimEndOf(heading.trim(), ':.)–-').trim() });
    return ', ';
  });
}

// --- Footnotes -----------------------------------------------------------------------------------

const MARK = '*†‡°¹²³⁴⁵⁶⁷⁸⁹⁰^~';
const MARKS = `[${MARK}]+`;
const LEADING_MARKER = new RegExp(`^(?:${MARKS}|\\(\\s*(?:\\*+|\\d)\\s*\\)|\\d\\))\\s*(?:=\\s*)?`);

/**
 * The entry without a footnote marker at its end ("Aloe Vera*", "Shea Butter (1)", "Jojoba Oil [2]") and the spaces
 * before it. Read backwards from the end: a pattern anchored at the end is tried at every position of a long run of
 * marks (quadratic).
 */
function withoutTrailingMarker(text: string): string {
  let at = text.length;
  while (at > 0 && MARK.includes(text[at - 1])) at--;
  if (at === text.length) {
    const close = text[at - 1];
    if (close !== ')' && close !== ']') return text;
    at = skipBack(text, at - 1);
    if (close === ')' && text[at - 1] === '*') while (text[at - 1] === '*') at--;
    else if (isDigit(text[at - 1])) at--;
    else return text;
    at = skipBack(text, at);
    if (text[at - 1] !== (close === ')' ? '(' : '[')) return text;
    at--;
  }
  return text.slice(0, skipBack(text, at));
}

/** Where the spaces before `at` begin. */
function skipBack(text: string, at: number): number {
  let i = at;
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
  return i;
}
const FOOTNOTE_WORDS =
  /\b(organic(?:ally)?|natural(?:ly)?|origin|certified|derived|fair\s*trade|ecocert|cosmos|soil\s+association|usda|of\s+the\s+total|wild(?:crafted)?|biologique|bio|agricultur\w*|farming|essential\s+oils?|components?|constituents?|issus?|grown|harvested|plant[- ]based|sustainabl\w*|upcycled)\b/i;
/** Words a footnote uses and an ingredient name does not. */
const FOOTNOTE_GRAMMAR =
  /\b(ingredients?|farming|agricultur\w*|certified|origin|derived|from|of|the|grown|harvested|components?|constituents?|issus?|de|du|des|occurring|naturally)\b|=|%/i;
/** Footnote text following the last entry: "Tocopherol. *Certified organic", "Tocopherol *Organic". */
// A footnote may open with a share ("*100% Naturally Derived", "**95% organic"): a claim, not a concentration.
const FOOTNOTE_OPENING = String.raw`\s*(?:[A-Za-zÀ-ÿ]|\d+(?:[.,]\d+)?\s*%\s*[A-Za-zÀ-ÿ])`;
const INLINE_FOOTNOTE = new RegExp(`(?:\\.\\s*|\\s+)(?=(?:${MARKS}|\\(\\s*\\*+\\s*\\))${FOOTNOTE_OPENING})`);
/** Where one footnote of several ends: "*Certified organic **Fair trade †Natural origin". */
const NEXT_FOOTNOTE = new RegExp(`\\s+(?=(?:${MARKS}|\\(\\s*(?:\\*+|\\d)\\s*\\))${FOOTNOTE_OPENING})`);

/** What a starred note under a claim says: "*Consumer test on 104 women", "**Clinical study, 4 weeks". */
const RESULT_FOOTNOTE =
  /\b(?:consumer|clinical(?:ly)?|instrumental|self[- ]assessment|stud(?:y|ies)|survey|panel|tested|test|results?)\b/i;

function looksLikeFootnote(text: string): boolean {
  const body = text.replace(LEADING_MARKER, '');
  if (RESULT_FOOTNOTE.test(body) && body !== text) return true;
  if (!FOOTNOTE_WORDS.test(body)) return false;
  return body.split(/\s+/).length <= 2 || FOOTNOTE_GRAMMAR.test(body);
}

function addFootnotes(text: string, footnotes: string[]): void {
  for (const part of text.split(NEXT_FOOTNOTE)) if (part.trim()) footnotes.push(part.trim().replace(/[.;,]$/, ''));
}

/** "99% of the total ingredients are from natural origin", "21% du total des ingrédients…": a claim, not an entry. */
const SHARE_CLAIM = /^\d+(?:[.,]\d+)?\s*%\s+(?:of|du|des|de|aus|dei|del)\b/i;
const INLINE_SHARE_CLAIM = /\.\s+(?=\d+(?:[.,]\d+)?\s*%\s+(?:of|du|des|de|aus|dei|del)\b)/i;

/**
 * A line that is a share claim or a result, not an entry with its strength: "-100% naturally derived ingredients",
 * "95% saw smoother skin", "Up to 30% more hydration" (a bullet first, or none).
 */
const RESULT_CLAIM_LINE =
  /^(?:[-–•·*✔✓►]\s*)?(?:up\s+to\s+)?\d{1,3}(?:[.,]\d{1,3})?\s*%\s+(?:of|naturally|natural|organic|plant|derived|saw|said|agreed|felt|reported|more|less|fewer|reduction|increase|improvement|off)\b/i;

/** Takes out lines that are footnotes ("*Certified organic", "(1) Ingrédient issu de l'agriculture biologique"). */
function takeFootnoteLines(text: string, footnotes: string[]): string {
  if (!text.includes('\n')) return text;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (LEADING_MARKER.test(t) && /[a-z]/i.test(t) && looksLikeFootnote(t)) addFootnotes(t, footnotes);
    else if (SHARE_CLAIM.test(t) || RESULT_CLAIM_LINE.test(t)) footnotes.push(t);
    else kept.push(line);
  }
  return kept.join('\n');
}

// --- Splitting -----------------------------------------------------------------------------------

const MAY_CONTAIN =
  /(?:\+\s*\/\s*-|±|\bmay\s+contain|\bpeut\s+contenir|\bkann\s+enthalten|\bpuede\s+contener|\bpode\s+conter|\bpu[oò]\s+contenere)\s*(?:\(\s*\+\s*\/\s*-\s*\))?\s*:?/gi;
const MAY = '\u0001';
/** Marks a place where an entry may be two run together (a line break, " & ", " and "). */
const SOFT = '\u0002';

/** Brackets that open and close in the text (opening index → closing index); a stray one is plain text. */
function bracketPairs(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123) stack.push(i);
    else if (ch === 41 || ch === 93 || ch === 125) {
      // The opening bracket of ")" "]" "}" is one or two code units before it: "(" 40, "[" 91, "{" 123.
      const want = ch === 41 ? 40 : ch - 2;
      let at = stack.length - 1;
      while (at >= 0 && text.charCodeAt(stack[at]) !== want) at--;
      if (at >= 0) {
        pairs.set(stack[at], i);
        stack.length = at;
      }
    }
  }
  return pairs;
}

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * Splits on commas, semicolons, bullets and pipes, but not inside brackets or between digits
 * (1,2-Hexanediol). Line breaks split when the list is printed one per line; otherwise they,
 * " & " and " and " are marked SOFT.
 */
function splitEntries(text: string, linesAreSeparators: boolean): string[] {
  const pairs = bracketPairs(text);
  // "[+/-: CI 77891, CI 77491]", "(May contain: …)": the brackets hold a section, not a synonym.
  const literal = new Set<number>();
  if (text.includes(MAY))
    for (const [open, close] of pairs) {
      if (/^[\s,]*\u0001/.test(text.slice(open + 1, open + 8))) {
        literal.add(open);
        literal.add(close);
      }
    }
  const parts: string[] = [];
  let depth = 0;
  const closeAt: number[] = [];
  let current = '';
  let from = 0;
  // Stop only at the characters that can matter; at spaces only when " and " or " & " occurs at all.
  const spaces = /\s(?:and|&)\s/i.test(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 ? !SPECIAL_ASCII[code] && !(spaces && code === 32) : !SPECIAL_OTHER.has(code)) continue;
    if (literal.has(i)) {
      current += `${text.slice(from, i)} `;
      from = i + 1;
      continue;
    }
    const closing = pairs.get(i);
    if (closing !== undefined) {
      depth++;
      closeAt.push(closing);
    } else if (depth > 0 && closeAt[closeAt.length - 1] === i) {
      depth--;
      closeAt.pop();
    }
    if (code === 10) {
      // A line break: a separator, a SOFT mark at the top level, a space inside brackets.
      current += text.slice(from, i);
      from = i + 1;
      if (depth > 0) current += ' ';
      else if (linesAreSeparators) {
        parts.push(current);
        current = '';
      } else current += ` ${SOFT}`;
      continue;
    }
    if (depth > 0) continue;
    if (code === 32) {
      if (/^ (?:&|and) \S/i.test(text.slice(i, i + 6))) {
        current += text.slice(from, i);
        from = i;
        if (current.trim()) current += ` ${SOFT}`;
      }
      continue;
    }
    if (code === 44 && isDigit(text[i - 1]) && isDigit(text[i + 1])) continue; // 1,2-Hexanediol
    if (code === 40 || code === 41 || code === 91 || code === 93 || code === 123 || code === 125) continue;
    parts.push(current + text.slice(from, i));
    current = '';
    from = i + 1;
  }
  parts.push(current + text.slice(from));
  return parts;
}

/** The characters splitEntries stops at: separators, line breaks and brackets (and spaces when " and " occurs). */
const SPECIAL_ASCII = new Uint8Array(128);
for (const ch of ',;|\n()[]{}') SPECIAL_ASCII[ch.charCodeAt(0)] = 1;
const SPECIAL_OTHER = new Set([...'•·●▪◦‣・'].map((ch) => ch.charCodeAt(0)));

// --- Entries -------------------------------------------------------------------------------------

const CONCENTRATION = /\s*[([]?\s*(\d+(?:[.,]\d+)?)\s*(%|ppm)\s*(?:w\/w|w\/v|v\/v)?\s*[)\]]?/i;
const NANO = /\s*[([]\s*nano\s*[)\]]|\bnano\b\s*$/i;
const ABBREVIATION_END = /\b(?:denat|ext|extr|sp|spp|var|ssp|subsp|no|ph\.\s*eur)\.$/i;
/** Words of sentences, not of ingredient names. */
const PROSE_WORDS = new Set([
  'the',
  'your',
  'you',
  'our',
  'we',
  'for',
  'with',
  'is',
  'are',
  'this',
  'that',
  'it',
  'its',
  'all',
  'not',
  'helps',
  'help',
  'apply',
  'use',
  'which',
  'will',
  'can',
  'skin',
  'without',
  'made',
  'product',
  'formula',
  'gently',
  'leaves',
  'into',
]);
const PROSE_WORD_MIN = Math.min(...[...PROSE_WORDS].map((w) => w.length));
const PROSE_WORD_MAX = Math.max(...[...PROSE_WORDS].map((w) => w.length));
const NOT_AN_INGREDIENT =
  /^(?:\(?f\.?\s?i\.?\s?l\.?\s|iln\s?\d|made\s+in|manufactured|distributed|produced\s+(?:by|in)|free\s+(?:of|from)|formulated\s+without|dermatolog|cruelty|vegan\b|net\s+(?:wt|weight|vol)|pao\b|exp\b|batch\b|lot\s*(?:no|number|#)|www\.|https?:|©|®|™|tel\b|phone\b|\d{1,4}\s*(?:ml|g|oz|fl\.?\s*oz)\b)/i;

const ANY_MARKER = /[*†‡°¹²³⁴⁵⁶⁷⁸⁹⁰^~]|\(\s*\d\s*\)|\[\s*\d\s*\]/;

function countWords(text: string): number {
  let n = 1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) n++;
  return n;
}

function looksLikeProse(text: string): boolean {
  if (/[!?]$/.test(text)) return true;
  // The words are the runs of [a-z'] in the lower-cased text, walked in place: no arrays, and only words as long as
  // a prose word is are looked up.
  const lower = text.toLowerCase();
  let words = 0;
  let prose = 0;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const code = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((code >= 97 && code <= 122) || code === 39) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    words++;
    if (i - start >= PROSE_WORD_MIN && i - start <= PROSE_WORD_MAX && PROSE_WORDS.has(lower.slice(start, i))) prose++;
    start = -1;
  }
  if (words < 4) return false;
  return prose >= 2 || (words >= 7 && prose >= 1);
}

const BRACKET_KINDS = [
  ['(', ')'],
  ['[', ']'],
] as const;

function occurrences(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** Drops a bracket the text does not open or close (left over from "[+/-: …]"). */
function stripStrayBrackets(text: string): string {
  if (!/[()[\]]/.test(text)) return text;
  let out = text;
  for (const [open, close] of BRACKET_KINDS) {
    const opens = occurrences(out, open);
    const closes = occurrences(out, close);
    if (closes > opens && out.endsWith(close)) out = out.slice(0, -1);
    else if (opens > closes && out.startsWith(open)) out = out.slice(1);
    else if (opens > closes && out.endsWith(open)) out = out.slice(0, -1);
  }
  return out.trim();
}

/** The first leader (two full stops or more, or "…") with the spaces before it, and what follows it on the line. */
function leaderDots(entry: string): { index: number; after: string } | null {
  const dots = entry.indexOf('..');
  const ellipsis = entry.indexOf('…');
  const at = dots < 0 ? ellipsis : ellipsis < 0 ? dots : Math.min(dots, ellipsis);
  if (at < 0) return null;
  let end = at + 1;
  if (entry[at] === '.') while (entry[end] === '.') end++;
  const lineEnd = entry.slice(end).search(/[\n\r\u2028\u2029]/);
  // What follows must run to the end without a line break (as `.*$` reads it); entries have theirs folded.
  if (lineEnd >= 0) return null;
  return { index: skipBack(entry, at), after: entry.slice(end) };
}

/** Removes a closing period unless it belongs to an abbreviation such as "Alcohol Denat.". */
function dropTrailingPeriod(entry: string): string {
  if (!entry.endsWith('.')) return entry;
  if (ABBREVIATION_END.test(entry)) return entry;
  return trimEndOf(entry, '.').trim();
}

interface Context {
  active: boolean;
  mayContain: boolean;
  part: string | null;
  footnotes: string[];
  ignored: string[];
  /** Words read as layout, not names: a drug fact's purpose, "May contain", numbering, "w/w". */
  layout: SetAsideText[];
}

/** What reading one printed entry gives: the entry (without its context's marks) and the text it set aside. */
interface EntryReading {
  entry: Pick<ParsedEntry, 'input' | 'concentration' | 'nano'> | null;
  footnotes: string[];
  ignored: string[];
  layout: SetAsideText[];
}

/**
 * Readings of printed entries, by the entry's text, for entries outside and inside an "Active ingredients" section.
 * A label repeats the names of thousands of others ("Water", "Butyrospermum Parkii (Shea) Butter"): each is read
 * once. Bounded: emptied when full.
 */
const entryReadings = [new Map<string, EntryReading>(), new Map<string, EntryReading>()];
let entryCacheSize = 20_000;

/** Sets how many entry readings are kept (0: none, every entry read anew). For measuring the parser cold. */
export function setEntryCacheSize(size: number): void {
  entryCacheSize = size;
  for (const cache of entryReadings) cache.clear();
}

/** One printed entry, or null when it is a footnote, noise or empty. */
function toEntry(raw: string, ctx: Context): ParsedEntry | null {
  if (entryCacheSize === 0) return readEntry(raw, ctx);
  const cache = entryReadings[ctx.active ? 1 : 0];
  let reading = cache.get(raw);
  if (!reading) {
    // What the entry reads as depends only on its text and on the section being the actives: its other marks
    // (may contain, kit part) are the context's, put on below.
    const scratch: Context = {
      active: ctx.active,
      mayContain: false,
      part: null,
      footnotes: [],
      ignored: [],
      layout: [],
    };
    const entry = readEntry(raw, scratch);
    reading = {
      entry: entry && { input: entry.input, concentration: entry.concentration, nano: entry.nano },
      footnotes: scratch.footnotes,
      ignored: scratch.ignored,
      layout: scratch.layout,
    };
    if (cache.size >= entryCacheSize) cache.clear();
    cache.set(raw, reading);
  }
  for (const text of reading.footnotes) ctx.footnotes.push(text);
  for (const text of reading.ignored) ctx.ignored.push(text);
  for (const item of reading.layout) ctx.layout.push({ kind: item.kind, text: item.text });
  return reading.entry && newEntry(reading.entry.input, reading.entry.concentration, reading.entry.nano, ctx);
}

/** Reads one printed entry: the entry, or null when it is a footnote, noise or empty. */
function readEntry(raw: string, ctx: Context): ParsedEntry | null {
  let text = raw.trim();
  if (/\s\s|[\t\n]/.test(text)) text = text.replace(/\s+/g, ' ');
  text = stripStrayBrackets(text);
  if (!text) return null;
  if (ctx.active && PURPOSE.test(text)) {
    ctx.layout.push({ kind: 'other', text });
    return null;
  }
  // Most entries are a plain name of a few words: nothing to take off, nothing to set aside.
  if (
    text.length <= MAX_ENTRY_LENGTH &&
    PLAIN_NAME.test(text) &&
    !/nano/i.test(text) &&
    countWords(text) < 4 &&
    !NOT_AN_INGREDIENT.test(text) &&
    !/^(?:and|&)\s/i.test(text)
  ) {
    return newEntry(text, null, false, ctx);
  }
  const hasPercent = text.includes('%');
  if (hasPercent) {
    const claim = INLINE_SHARE_CLAIM.exec(text);
    if (claim) {
      ctx.footnotes.push(text.slice(claim.index + claim[0].length).trim());
      text = text.slice(0, claim.index + 1).trim();
    }
    if (SHARE_CLAIM.test(text)) {
      ctx.footnotes.push(text);
      return null;
    }
  }
  const hasMarker = ANY_MARKER.test(text);
  if (hasMarker) {
    // Footnote text after the last entry.
    const inline = INLINE_FOOTNOTE.exec(text);
    if (inline && inline.index > 0) {
      const rest = text.slice(inline.index + inline[0].length);
      if (looksLikeFootnote(rest)) {
        addFootnotes(rest, ctx.footnotes);
        text = text.slice(0, inline.index).trim();
      }
    }
  }
  const startsOdd = !/^[A-Za-z]/.test(text);
  if (startsOdd && LEADING_MARKER.test(text) && looksLikeFootnote(text)) {
    addFootnotes(text, ctx.footnotes);
    return null;
  }
  const words = countWords(text);
  // "99% of the total ingredients are from natural origin": a footnote without a marker. A name with a qualifier in
  // brackets after it ("Limonene (Fragrances of Botanical Origin)") is an entry: only the words outside the
  // brackets can make a footnote.
  const outer = qualifiedNameOf(text);
  const judged = outer ?? text;
  if (
    countWords(judged) >= 5 &&
    FOOTNOTE_WORDS.test(judged) &&
    FOOTNOTE_GRAMMAR.test(judged) &&
    /\b(?:of|from|are|is)\b/i.test(judged)
  ) {
    ctx.footnotes.push(text);
    return null;
  }
  // "1. Water", "2) Glycerin": numbering of a retyped list.
  const numbering = startsOdd ? /^\d{1,3}[.)]\s+(?=[A-Za-z])/.exec(text) : null;
  if (numbering) ctx.layout.push({ kind: 'heading', text: numbering[0].trim() });
  let entry = numbering ? text.slice(numbering[0].length) : text;
  if (hasMarker || startsOdd || /[.)\]]$/.test(entry)) {
    for (let i = 0; i < 3; i++) {
      const next = dropTrailingPeriod(withoutTrailingMarker(entry.replace(LEADING_MARKER, '')).trim());
      if (next === entry) break;
      entry = next;
    }
  }
  if (ctx.active) {
    // "Zinc Oxide 6.5% ........ Sunscreen": the purpose column after the leader dots.
    const leader = leaderDots(entry);
    if (leader) {
      if (/\p{L}/u.test(leader.after))
        ctx.layout.push({
          kind: 'other',
          text: trimStartOf(leader.after, (c) => isSpace(c) || c === 46 || c === 8230).trim(),
        });
      entry = entry.slice(0, leader.index);
    }
  }
  let concentration: string | null = null;
  const found = hasPercent || /ppm/i.test(entry) ? CONCENTRATION.exec(entry) : null;
  // "Hydroxypinacolone Retinoate (10% Retinoid Ester in …)": a strength in brackets with other words describes the
  // raw material, not the product: the entry keeps its bracket, and no strength.
  const conc = found && !describesRawMaterial(entry, found.index) ? found : null;
  if (conc) {
    const before = entry.slice(0, conc.index);
    const after = entry.slice(conc.index + conc[0].length);
    // Drug facts print the purpose after the strength: "Avobenzone 3% Sunscreen".
    const purpose = ctx.active && /\p{L}/u.test(before);
    let name = purpose ? before : `${before} ${after}`;
    const lead = purpose ? PURPOSE_BEFORE_NAME.exec(name.trim()) : null;
    if (lead) {
      ctx.layout.push({ kind: 'other', text: lead[0].trim() });
      name = name.trim().slice(lead[0].length);
    }
    if (purpose && /\p{L}/u.test(after)) ctx.layout.push({ kind: 'other', text: after.trim() });
    if (/w\/[wv]|v\/v/i.test(conc[0])) ctx.layout.push({ kind: 'heading', text: conc[0].trim() });
    // Any script's name: "병풀추출물(47%)" keeps its 47%.
    if (/\p{L}/u.test(name)) {
      // "1,000ppm" groups thousands; "0,5%" is a decimal comma.
      const amount = /^\d{1,3}(?:,\d{3})+$/.test(conc[1]) ? conc[1].replace(/,/g, '') : conc[1].replace(',', '.');
      concentration = `${amount}${conc[2].toLowerCase() === 'ppm' ? ' ppm' : '%'}`;
      entry = name.replace(/\s+/g, ' ').trim();
    }
  }
  let nano = false;
  if (/nano/i.test(entry) && NANO.test(entry)) {
    nano = true;
    entry = entry.replace(NANO, '').trim();
  }
  if (!/^[A-Za-z0-9][\s\S]*[A-Za-z0-9.)\]]$/.test(entry) || /^(?:and|&)\s/i.test(entry)) {
    entry = dropTrailingPeriod(
      trimEdges(
        entry.replace(/^(?:and|&)\s+/i, ''),
        (c) => isSpace(c) || '-–—:.'.includes(String.fromCharCode(c)),
        (c) => isSpace(c) || '-–—:,'.includes(String.fromCharCode(c)),
      ).trim(),
    );
    entry = stripStrayBrackets(entry);
  }
  if (!LETTER_OR_DIGIT.test(entry)) return null;
  if (ctx.active && PURPOSE.test(entry)) {
    ctx.layout.push({ kind: 'other', text: entry });
    return null;
  }
  if (entry.length > MAX_ENTRY_LENGTH || NOT_AN_INGREDIENT.test(entry) || (words >= 4 && looksLikeProse(entry))) {
    ctx.ignored.push(text);
    return null;
  }
  return newEntry(entry, concentration, nano, ctx);
}

/**
 * The name before a qualifier in brackets closing the entry ("Limonene" of "Limonene (Fragrances of Botanical
 * Origin)"), or null when the entry is not a name followed by one bracket group.
 */
function qualifiedNameOf(text: string): string | null {
  if (!text.endsWith(')')) return null;
  const open = text.indexOf('(');
  if (open <= 0 || text.indexOf(')') !== text.length - 1) return null;
  const name = text.slice(0, open).trim();
  return /^\p{L}/u.test(name) ? name : null;
}

/** Longer than this, an entry is no name but copy: set aside, never matched (the matcher reads names, not pages). */
const MAX_ENTRY_LENGTH = 200;

const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9 ,'/-]*[A-Za-z0-9]$/;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function newEntry(input: string, concentration: string | null, nano: boolean, ctx: Context): ParsedEntry {
  return { position: 0, input, concentration, mayContain: ctx.mayContain, nano, active: ctx.active, part: ctx.part };
}

/** Words after which a full stop belongs to the name ("Alcohol Denat.", "Aloe Ext."). */
const ABBREVIATION_BEFORE = /\b(?:denat|ext|extr|sp|spp|var|ssp|subsp|no|eur|ph)$/i;

const NEXT_NAME = /[\p{L}\p{N})\]]\.\s+(?:[\p{Lu}\d(]|[a-z]-)/u;
const NEXT_NAME_LOWER = /[\p{L}\p{N})\]]\.\s+[\p{L}\d(]/u;
const AFTER_PERIOD = /([\p{L}\p{N})\]])\.\s+(?=((?:[\p{Lu}\d(]|[a-z]-)[^.,;\n]*))/gu;
const AFTER_PERIOD_LOWER = /([\p{L}\p{N})\]])\.\s+(?=([\p{L}\d(][^.,;\n]*))/gu;

/**
 * Entries separated by full stops ("Water. Glycerin. Niacinamide."): a full stop followed by an ingredient-shaped
 * name becomes a comma. One followed by a sentence or a footnote stays.
 */
function periodsAsSeparators(text: string): string {
  if (!text.includes('. ') && !text.includes('.\n')) return text;
  // A name starts with a capital; in a text typed all in lower case, with any letter.
  const next = /\p{Lu}/u.test(text.replace(/\bCI \d/g, '')) ? NEXT_NAME : NEXT_NAME_LOWER;
  if (!next.test(text)) return text;
  return text.replace(
    next === NEXT_NAME ? AFTER_PERIOD : AFTER_PERIOD_LOWER,
    (all, last: string, next: string, offset: number) => {
      const before = text.slice(Math.max(0, offset - 8), offset + 1);
      // "Alcohol Denat." ends its name: what follows is the next entry. Other abbreviations go on ("Aloe Ext. Leaf").
      const denatured = /\bdenat$/i.test(before);
      if (!denatured && ABBREVIATION_BEFORE.test(before)) return all;
      // "1. Water": the numbering of a retyped list.
      if (/(?:^|\n)\s*\d{1,3}$/.test(text.slice(Math.max(0, offset - 6), offset + 1))) return all;
      const name = next.trim();
      const words = name.split(/\s+/).length;
      if (
        words > 6 ||
        looksLikeProse(name) ||
        NOT_AN_INGREDIENT.test(name) ||
        (FOOTNOTE_WORDS.test(name) && FOOTNOTE_GRAMMAR.test(name))
      )
        return all;
      if (SHARE_CLAIM.test(name) || /^\d{1,3}[.)]/.test(name)) return all;
      return denatured ? `${last}., ` : `${last}, `;
    },
  );
}

/** Commas not followed by a digit (not "1,2-Hexanediol"), and semicolons. */
function separatorCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 59) n++;
    else if (code === 44) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next < 48 || next > 57) n++;
    }
  }
  return n;
}

let listsParsed = 0;

/** How many lists this process has parsed: tests count that a read parses none. */
export const parsedListCount = (): number => listsParsed;

/** Parses a pasted label into entries in printed order. */
export function parseIngredientList(text: string): ParsedList {
  listsParsed++;
  const footnotes: string[] = [];
  const ignored: string[] = [];
  const setAside: SetAsideText[] = [];
  const layout: SetAsideText[] = [];
  const entries: ParsedEntry[] = [];
  const markup: string[] = [];
  const cleaned = takeFreeOfBlocks(takeFootnoteLines(canonicalCiNumber(clean(text, markup)), footnotes), setAside);
  // The tags account for their part of the input: set aside as markup, one item for all.
  if (markup.length) setAside.push({ kind: 'markup', text: markup.join(' ') });
  const kit = kitParts(takePhaseHeadings(cleaned, setAside));
  setAsideLines(kit.before, setAside);
  const above = [kit.before];
  // Where each part's set-aside text begins: a strength printed in a part's copy belongs to that part.
  const partFrom: Array<{ part: string | null; setAside: number; ignored: number }> = [];
  for (const part of kit.parts) {
    partFrom.push({ part: part.name, setAside: setAside.length, ignored: ignored.length });
    if (part.marker) setAsideHeading(part.marker, setAside);
    for (const section of sections(part.text, setAside, above)) {
      let sectionText = periodsAsSeparators(
        section.text.includes(GLUE) ? section.text.replaceAll(GLUE, ', ') : section.text,
      );
      // "Avobenzone 3% Sunscreen Octinoxate 7.5% Sunscreen": a drug facts table flattened into one line; each
      // strength ends an active (its purpose, after it, goes on the next line and is set aside there).
      if (section.active && sectionText.indexOf('%') !== sectionText.lastIndexOf('%'))
        sectionText = sectionText.replace(STRENGTH_THEN_WORD, '$1\n');
      const lines = sectionText.split('\n').filter((l) => l.trim());
      // A list pasted one ingredient per line has no commas to speak of; drug facts print one active a line.
      const commas = separatorCount(sectionText);
      const linesAreSeparators =
        (lines.length > 2 && commas < lines.length / 2) || (section.active && lines.length > 1);
      const marked = sectionText.replace(/\(\s*and\s*\)/gi, ',').replace(MAY_CONTAIN, (words) => {
        if (/\p{L}/u.test(words)) layout.push({ kind: 'heading', text: words.trim() });
        return `,${MAY},`;
      });
      const ctx: Context = { active: section.active, mayContain: false, part: part.name, footnotes, ignored, layout };
      for (const raw of splitEntries(marked, linesAreSeparators)) {
        let chunk = raw;
        if (chunk.includes(MAY)) {
          ctx.mayContain = true;
          chunk = chunk.replaceAll(MAY, '');
        }
        if (!chunk.trim()) continue;
        if (!chunk.includes(SOFT)) {
          const entry = toEntry(chunk, ctx);
          if (entry) entries.push(entry);
          continue;
        }
        // A piece that is a footnote or noise ("Ethylhexylglycerin.\nMade in the UK") is set aside first.
        let raws = chunk.split(SOFT).filter((p) => LETTER_OR_DIGIT.test(p));
        const scratch: Context = { ...ctx, footnotes: [], ignored: [], layout: [] };
        let pieces = raws.map((p) => toEntry(p, scratch));
        if (pieces.some((p) => p === null) && scratch.footnotes.length + scratch.ignored.length > 0) {
          ctx.footnotes.push(...scratch.footnotes);
          ctx.ignored.push(...scratch.ignored);
          raws = raws.filter((_, i) => pieces[i] !== null);
          pieces = pieces.filter((p) => p !== null);
        }
        if (!raws.length) continue;
        const entry = toEntry(raws.join(' '), ctx);
        if (!entry) continue;
        if (pieces.length > 1) entry.pieces = pieces as ParsedEntry[];
        entries.push(entry);
      }
    }
  }
  for (const [i, e] of entries.entries()) e.position = i + 1;
  const printedStrengths = strengthsOutside(setAside, ignored, partFrom);
  setAside.push(...layout);
  for (const text of ignored) setAside.push({ kind: kindOf(text), text });
  for (const text of footnotes) setAside.push({ kind: 'footnote', text });
  const parts = kit.parts.flatMap((p) => (p.name ? [p.name] : []));
  return {
    entries,
    footnotes,
    ignored: setAside.filter((s) => s.kind !== 'footnote' && !LAYOUT_KINDS.has(s.kind)).map((s) => s.text),
    setAside,
    parts,
    // A kit's parts are named by their own headings; the line above them names the set.
    nameLine: parts.length ? null : nameLineOf(above),
    printedStrengths,
  };
}

/** Set-aside kinds whose text may print an active's strength: copy, name lines, directions. */
const MAY_PRINT_STRENGTH: ReadonlySet<SetAsideKind> = new Set(['marketing', 'other', 'heading']);

/**
 * The strengths printed in the text set aside (copy, bullets, name lines, entries read as prose), each with the kit
 * part whose text printed it. Claims that something is absent, disclaimers and footnotes print none.
 */
function strengthsOutside(
  setAside: SetAsideText[],
  ignored: string[],
  partFrom: Array<{ part: string | null; setAside: number; ignored: number }>,
): PrintedStrength[] {
  const found: PrintedStrength[] = [];
  const partAt = (index: number, key: 'setAside' | 'ignored'): string | null => {
    let part: string | null = null;
    for (const p of partFrom) if (p[key] <= index) part = p.part;
    return part;
  };
  const read = (text: string, part: string | null) => {
    for (const s of strengthsIn(text)) found.push({ ...s, part });
  };
  for (let i = 0; i < setAside.length; i++)
    if (MAY_PRINT_STRENGTH.has(setAside[i].kind) && setAside[i].text.includes('%'))
      read(setAside[i].text, partAt(i, 'setAside'));
  for (let i = 0; i < ignored.length; i++)
    if (ignored[i].includes('%') && MAY_PRINT_STRENGTH.has(kindOf(ignored[i]))) read(ignored[i], partAt(i, 'ignored'));
  return found;
}
