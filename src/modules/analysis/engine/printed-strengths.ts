import { trimEndOf } from '../../shared/engine/text-edges.js';

// Strengths printed outside the ingredient list: "-5% Benzoyl Peroxide: Has acne-fighting ingredients.", "-Adapalene
// 0.1%: …", "Zinc Oxide 7%, Titanium Dioxide 4.069%", "ナイアシンアミド5%配合". The parser finds them in the text it sets
// aside (copy, name lines, bullets); the analysis (analyze.ts) reads the names with the matcher. Pure: no ORM, no
// GraphQL.

/** A strength printed outside the list, with the names it may belong to. */
export interface PrintedStrength {
  /** The names the strength may be printed with, most words first ("Salicylic Acid unclogs", "Salicylic Acid", …). */
  names: string[];
  /** As the analysis stores strengths: "5%", "0.3%" (a decimal comma read as a point). */
  strength: string;
  /** The kit part whose text printed it; null for one product, or above a kit's first part. */
  part: string | null;
}

// The digits of a strength: linear (one run of digits, an optional decimal part, spaces, the sign).
const PERCENT = /(\d{1,3}(?:[.,]\d{1,3})?)[ \t]*%/g;
/** Characters that end a name: punctuation of copy, brackets, bullets, line breaks. */
const STOP = new Set([...':;,.!?()[]{}|•·●▪►✓✔+/–—*"“”\n\u0005\u3002\u3001']);
/** Words that come between a name and its strength, or begin the copy after it: never part of a name. */
const STOP_BEFORE = new Set([
  'with',
  'contains',
  'containing',
  'featuring',
  'and',
  '&',
  'of',
  'by',
  'plus',
  'our',
  'in',
  'at',
  'new',
  'the',
  'a',
  'to',
  'up',
  'over',
  'than',
  'only',
  'powered',
  'formulated',
  'infused',
  'enriched',
]);
const STOP_AFTER = new Set([
  'for',
  'to',
  'that',
  'which',
  'helps',
  'help',
  'with',
  'in',
  'and',
  '&',
  'plus',
  'of',
  'from',
  'is',
  'are',
  'at',
  'on',
  'after',
  'over',
  'within',
  'in',
  'formula',
  'solution',
  'serum',
  'cream',
  'gel',
  'lotion',
  'toner',
]);
/** Words of claims and results, never of a name: a strength next to them names no ingredient. */
const CLAIM_WORDS = new Set([
  'users',
  'user',
  'people',
  'women',
  'men',
  'participants',
  'saw',
  'said',
  'agreed',
  'felt',
  'reported',
  'more',
  'less',
  'fewer',
  'reduction',
  'reduced',
  'increase',
  'improvement',
  'improved',
  'natural',
  'naturally',
  'derived',
  'origin',
  'organic',
  'ingredients',
  'ingredient',
  'skin',
  'hydration',
  'moisture',
  'smoother',
  'softer',
  'brighter',
  'recycled',
  'recyclable',
  'plastic',
  'vegan',
  'pure',
  'off',
  'discount',
  'sale',
]);
const MAX_WORDS = 6;

const isStop = (ch: string): boolean => STOP.has(ch);
/** A dash that is a bullet or a separator (at the start, or between spaces), not one inside a name ("3-O-Ethyl"). */
const isLooseDash = (text: string, at: number): boolean =>
  (text[at] === '-' || text[at] === '–') &&
  (at === 0 || /\s/.test(text[at - 1]) || at + 1 >= text.length || /\s/.test(text[at + 1]));

/** The words before `end` back to a stop, the nearest last; words from a stop word on are dropped. */
function wordsBefore(text: string, end: number): string[] {
  let at = end;
  while (at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\t' || text[at - 1] === '(' || text[at - 1] === '['))
    at--;
  let start = at;
  while (start > 0 && !isStop(text[start - 1]) && !isLooseDash(text, start - 1) && at - start < 120) start--;
  const words = text.slice(start, at).split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < MAX_WORDS; i--) {
    if (STOP_BEFORE.has(words[i].toLowerCase())) break;
    kept.unshift(words[i]);
  }
  return kept;
}

/** The words after `from` up to a stop, the nearest first; words from a stop word on are dropped. */
function wordsAfter(text: string, from: number): string[] {
  let at = from;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  let end = at;
  while (end < text.length && !isStop(text[end]) && !isLooseDash(text, end) && end - at < 120) end++;
  const words = text.slice(at, end).split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    if (kept.length >= MAX_WORDS || STOP_AFTER.has(word.toLowerCase())) break;
    kept.push(word);
  }
  return kept;
}

/**
 * Whether the strength found at `at` stands in brackets holding other words as well ("(10% Retinoid Ester in
 * Dimethyl Isosorbide)", "(2% in Squalane)"): a raw material's strength, not the product's. "(47%)", "[5 %]" and a
 * strength outside brackets are the entry's.
 */
export function describesRawMaterial(text: string, at: number): boolean {
  let open = -1;
  // A bracket a strength stands in opens within a name's reach: looked for that far only (reading back to the start
  // from every strength of a long text cost the square of its length).
  const reach = Math.max(0, at - BRACKET_REACH);
  for (let i = Math.min(at + 2, text.length - 1); i >= reach; i--) {
    const c = text[i];
    if ((c === ')' || c === ']') && i < at) break;
    if (c === '(' || c === '[') {
      open = i;
      break;
    }
  }
  if (open < 0) return false;
  const within = text.slice(open, open + 2 * BRACKET_REACH);
  const close = within.search(/[)\]]/);
  const inside = close < 0 ? within.slice(1) : within.slice(1, close);
  return /\p{L}/u.test(inside.replace(/%|ppm|w\/[wv]|v\/v/giu, ''));
}

const hasClaimWord = (words: string[]): boolean => words.some((w) => CLAIM_WORDS.has(w.toLowerCase()));

/**
 * The strengths a line of copy prints with a name next to them: "N% Name" or "Name N%", a strength in brackets after
 * a name ("Niacinamide (10%)"). None for 0 % ("0% alcohol" is a claim that something is absent) or 100 % ("100%
 * naturally derived"), a strength in brackets with other words (a raw material's), or one whose nearest words are
 * those of a claim or result ("95% saw smoother skin", "99% of users").
 */
export function strengthsIn(text: string): Array<{ names: string[]; strength: string }> {
  if (!text.includes('%')) return [];
  const found: Array<{ names: string[]; strength: string }> = [];
  for (const m of text.matchAll(PERCENT)) {
    const digits = m[1].replace(',', '.');
    const value = Number(digits);
    if (!(value > 0 && value < 100)) continue;
    // A digit or a decimal point right before: part of a longer number ("1,000%"), not a strength.
    if (m.index > 0 && /[\d.,]/.test(text[m.index - 1])) continue;
    if (describesRawMaterial(text, m.index)) continue;
    let words = wordsBefore(text, m.index);
    let before = true;
    if (!words.length) {
      words = wordsAfter(text, m.index + m[0].length);
      before = false;
    }
    if (!words.length || hasClaimWord(words.slice(0, before ? words.length : 2))) continue;
    // Most words first: "Salicylic Acid unclogs pores" is tried whole, then without its last words; a name before
    // the strength without its first words ("Daily Retinol" → "Retinol").
    const names: string[] = [];
    for (let k = words.length; k >= 1; k--)
      names.push((before ? words.slice(words.length - k) : words.slice(0, k)).join(' '));
    found.push({ names, strength: `${digits}%` });
  }
  return found;
}

/** Acronyms of copy ("2% BHA", "10% AHA", "TXA"): BHA is also butylated hydroxyanisole's INCI name; never resolved. */
export const isAcronym = (name: string): boolean => /^[A-Z]{2,4}s?$/.test(name);

/** How far before a strength the bracket it stands in may open, in characters. */
const BRACKET_REACH = 160;

/** Head nouns of ingredient names, and the endings of chemical names (after three letters at least). */
const HEAD_NOUNS = new Set(['acid', 'oxide', 'dioxide', 'peroxide', 'extract', 'oil', 'ester', 'complex', 'peptide']);
const CHEMICAL_ENDINGS = ['ate', 'ide', 'ol', 'ene', 'ine', 'one', 'ane', 'in', 'ium', 'yl', 'ose', 'oid'];
const endsShaped = (word: string): boolean => {
  const w = trimEndOf(word, '™®©').toLowerCase();
  return (
    HEAD_NOUNS.has(w) || (/^[a-z]+$/.test(w) && CHEMICAL_ENDINGS.some((e) => w.endsWith(e) && w.length - e.length >= 3))
  );
};

/**
 * Whether an unrecognised name reads as an ingredient's ("Lumiplex Complex", "Azeloglicina", an acronym): four Latin
 * words at most, no word of a claim, ending as names of substances end. "naturally derived ingredients" does not.
 */
export function ingredientShaped(name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length > 4 || !/^[\p{L}\d]/u.test(name) || /[^\x00-\x7f]/.test(name) || hasClaimWord(words)) return false;
  return isAcronym(name) || endsShaped(words[words.length - 1]);
}

/**
 * The actives a US label lists apart, under "Drug Facts", with their strength: a retailer's page may show their
 * strength in its copy and the inactive ingredients alone. A strength printed outside the list for one of them is an
 * active of the product even when the list shown lacks it; for any other ingredient the list is the product's, and a
 * name it lacks is reported, not added. Sources: 21 CFR 352.10 (sunscreen active ingredients), 21 CFR 333.310 (topical
 * acne drug products), 21 CFR 347.10 (skin protectants), 21 CFR 358.710 (dandruff), 21 CFR 348.10 (hydrocortisone),
 * FDA approval of adapalene 0.1 % gel for over-the-counter use (NDA 020380, 2016).
 */
export const DRUG_FACTS_ACTIVES = [
  'Aminobenzoic Acid',
  'Avobenzone',
  'Cinoxate',
  'Dioxybenzone',
  'Ensulizole',
  'Homosalate',
  'Meradimate',
  'Octinoxate',
  'Octisalate',
  'Octocrylene',
  'Oxybenzone',
  'Padimate O',
  'Sulisobenzone',
  'Titanium Dioxide',
  'Trolamine Salicylate',
  'Zinc Oxide',
  'Benzoyl Peroxide',
  'Resorcinol',
  'Resorcinol Monoacetate',
  'Salicylic Acid',
  'Sulfur',
  'Adapalene',
  'Allantoin',
  'Calamine',
  'Colloidal Oatmeal',
  'Dimethicone',
  'Kaolin',
  'Petrolatum',
  'Zinc Acetate',
  'Zinc Carbonate',
  'Coal Tar',
  'Pyrithione Zinc',
  'Zinc Pyrithione',
  'Selenium Sulfide',
  'Hydrocortisone',
  'Hydroquinone',
];
