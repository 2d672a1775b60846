// Turns an ingredient list as printed on a label into ordered entries. Pure: no ORM, no GraphQL.
import { decodeHTML } from 'entities';
import { canonicalCiNumber } from './normalize.js';

export interface ParsedEntry {
  /** 1-based position in the list as printed (after dropping footnotes and duplicates). */
  position: number;
  /** The entry as printed, cleaned of markers and concentration. */
  input: string;
  /** Names to try, best first: the whole entry, then without parentheses, then each synonym. */
  candidates: string[];
  /** Concentration printed with the entry ("10%"), if any. */
  concentration: string | null;
  /** Listed under "May contain" / "+/-" / "Peut contenir". */
  mayContain: boolean;
  /** Printed with a nano marker. */
  nano: boolean;
  /** Listed under "Active ingredients" (US drug facts). */
  active: boolean;
}

export interface ParsedList {
  entries: ParsedEntry[];
  /** Footnote texts found and set aside ("*Certified organic"). */
  footnotes: string[];
}

// "Ingredients:", "INCI:", "Ingrédients :", "Inhaltsstoffe:", "Composition:" and friends.
const LIST_HEADING = /(?:^|[\s>.\n])(?:full\s+)?(?:ingredients?(?:\s+list)?|ingr[ée]dients?|inci(?:\s+list)?|ctfa|inhaltsstoffe|ingredientes|ingredienti|composition|bestanddelen|składniki)\s*[:：]/gi;
const ACTIVE_HEADING = /\bactive\s+ingredients?\s*(?:\([^)]*\))?\s*[:：]/i;
const INACTIVE_HEADING = /\b(?:inactive|other)\s+ingredients?\s*[:：]/i;
const MAY_CONTAIN = /(?:\[\s*)?(?:\+\s*\/\s*-|±|may\s+contain|peut\s+contenir|kann\s+enthalten|puede\s+contener)\s*(?:\(\s*\+\s*\/\s*-\s*\))?\s*[:：]?/gi;
const FOOTNOTE_MARKER = /^[*†‡°¹²³⁴]+/;
const FOOTNOTE_WORDS = /\b(organic|natural|origin|certified|derived|fair\s*trade|ecocert|cosmos|essential oils?|of\s+the\s+total|wild|biologique|aus\s+kontrolliert|plant[- ]based)\b/i;
const CONCENTRATION = /\s*[([]?\s*(\d+(?:[.,]\d+)?)\s*(%|ppm)\s*(?:w\/w|w\/v)?\s*[)\]]?/i;
const NANO = /\s*[([]\s*nano\s*[)\]]|\bnano\b\s*$/i;

/** Strips markup and layout noise while keeping line structure. */
function clean(text: string): string {
  return decodeHTML(
    text
      .replace(/<\s*(br|\/p|\/li|\/div|li)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[\u00a0\u2007\u202f\u2009\u200b\ufeff]/g, ' ')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ');
}

/** Text from the last list heading on: marketing copy before "Ingredients:" is not part of the list. */
function listSection(text: string): string {
  const active = ACTIVE_HEADING.exec(text);
  if (active) return text.slice(active.index);
  let start = 0;
  for (const match of text.matchAll(LIST_HEADING)) start = match.index + match[0].length;
  return text.slice(start);
}

/** Splits on commas, semicolons, bullets and pipes, but not inside brackets or between digits (1,2-Hexanediol). */
function splitEntries(text: string, linesAreSeparators: boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
    const isComma = ch === ',' && !(/\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? ''));
    const isBreak = ch === '\n' && linesAreSeparators;
    const isOtherSeparator = ch === ';' || ch === '•' || ch === '·' || ch === '●' || ch === '|' || ch === '▪';
    if (depth === 0 && (isComma || isBreak || isOtherSeparator)) {
      parts.push(current);
      current = '';
    } else {
      current += ch === '\n' ? ' ' : ch;
    }
  }
  parts.push(current);
  return parts.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p.length > 0);
}

/** Removes a closing period unless it belongs to an abbreviation such as "Alcohol Denat.". */
function dropTrailingPeriod(entry: string): string {
  if (!entry.endsWith('.')) return entry;
  if (/\b(denat|ext|extr|sp|spp|var|ssp|subsp)\.$/i.test(entry)) return entry;
  return entry.replace(/\.+$/, '').trim();
}

function candidatesOf(input: string): string[] {
  const out: string[] = [input];
  const outside = input.replace(/\s*[([][^)\]]*[)\]]\s*/g, ' ').replace(/\s+/g, ' ').trim();
  if (outside && outside !== input) out.push(outside);
  for (const m of input.matchAll(/[([]([^)\]]+)[)\]]/g)) {
    for (const inner of m[1].split(/\s*(?:\/|\\|,(?!\d))\s*/)) if (inner.trim()) out.push(inner.trim());
  }
  for (const base of [input, outside]) {
    if (/[/\\]/.test(base)) for (const part of base.split(/\s*[/\\]\s*/)) if (part.trim()) out.push(part.trim());
  }
  return [...new Set(out.filter((c) => /[a-z0-9]/i.test(c)))];
}

/** Parses a pasted label into entries in printed order. */
export function parseIngredientList(text: string): ParsedList {
  const cleaned = canonicalCiNumber(clean(text));
  const section = listSection(cleaned);
  const lines = section.split('\n').filter((l) => l.trim());
  // A list pasted one ingredient per line has no commas to speak of.
  const commas = (section.match(/,(?!\d)/g) ?? []).length;
  const linesAreSeparators = lines.length > 2 && commas < lines.length / 2;

  // Mark the drug-facts and may-contain sections with sentinels before splitting.
  const marked = section
    .replace(ACTIVE_HEADING, '\u0001A,')
    .replace(INACTIVE_HEADING, ',\u0001I,')
    .replace(MAY_CONTAIN, ',\u0001M,')
    .replace(/\b(?:purpose|uses|warnings|directions)\s*[:：][\s\S]*?(?=\u0001I|$)/gi, ',');

  const entries: ParsedEntry[] = [];
  const footnotes: string[] = [];
  let mayContain = false;
  let active = false;
  for (let raw of splitEntries(marked, linesAreSeparators)) {
    if (raw.includes('\u0001')) {
      if (raw.includes('\u0001A')) active = true;
      if (raw.includes('\u0001I')) active = false;
      if (raw.includes('\u0001M')) mayContain = true;
      raw = raw.replace(/\u0001[AIM]/g, '').trim();
      if (!raw) continue;
    }
    // A closing "]" of "[+/- ...]" and a final period of the whole list are layout.
    raw = raw.replace(/^\[|\]$/g, '').trim();
    // "Water. *Certified organic" ends the list with a footnote in the same chunk.
    const footnoteStart = raw.search(/\.\s*[*†‡°]+\s*[A-Za-z]/);
    if (footnoteStart > 0) {
      footnotes.push(raw.slice(footnoteStart + 1).trim());
      raw = raw.slice(0, footnoteStart);
    }
    if (FOOTNOTE_MARKER.test(raw) && raw.split(' ').length >= 3 && FOOTNOTE_WORDS.test(raw)) {
      footnotes.push(raw);
      continue;
    }
    let entry = raw.replace(FOOTNOTE_MARKER, '').replace(/[*†‡°¹²³⁴]+$/g, '').trim();
    entry = dropTrailingPeriod(entry).replace(/[*†‡°]+$/g, '').trim();
    let concentration: string | null = null;
    const conc = CONCENTRATION.exec(entry);
    if (conc && /[a-z]/i.test(entry.replace(CONCENTRATION, ''))) {
      concentration = `${conc[1].replace(',', '.')}${conc[2].toLowerCase() === 'ppm' ? ' ppm' : '%'}`;
      entry = entry.replace(CONCENTRATION, ' ').replace(/\s+/g, ' ').trim();
    }
    let nano = false;
    if (NANO.test(entry)) {
      nano = true;
      entry = entry.replace(NANO, '').trim();
    }
    entry = entry.replace(/^[-–—:.\s]+|[-–—:,\s]+$/g, '').trim();
    if (!/[a-z0-9]/i.test(entry) || entry.length > 200) continue;
    entries.push({
      position: entries.length + 1,
      input: entry,
      candidates: candidatesOf(entry),
      concentration,
      mayContain,
      nano,
      active,
    });
  }
  return { entries, footnotes };
}
