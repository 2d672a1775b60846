// Pure text normalisation shared by the parser and the matcher. No ORM, no GraphQL.
import { isSpace, trimEndOf } from '../../shared/engine/text-edges.js';

/** British, older and foreign spellings printed on labels, folded to the INCI spelling (word by word). */
const SPELLING: Record<string, string> = {
  glycerine: 'glycerin',
  glycerol: 'glycerin',
  sulphate: 'sulfate',
  sulphates: 'sulfates',
  sulphur: 'sulfur',
  sulphite: 'sulfite',
  sulphonate: 'sulfonate',
  sulphosuccinate: 'sulfosuccinate',
  sulphonic: 'sulfonic',
  aluminium: 'aluminum',
  colour: 'color',
  flavour: 'flavor',
  hydrolysed: 'hydrolyzed',
  hydrolised: 'hydrolyzed',
  vitamine: 'vitamin',
  extrait: 'extract',
  extrakt: 'extract',
  extr: 'extract',
  ext: 'extract',
  oel: 'oil',
  // The older spelling of the genus Schisandra, still printed ("Schizandra Chinensis Fruit Extract").
  schizandra: 'schisandra',
};

/** Writes CI numbers one way: "C.I. 77891", "CI77891", "Ci 77891" → "CI 77891". */
export function canonicalCiNumber(text: string): string {
  return text.replace(/\bC\.?\s?I\.?\s*(\d{5})\b/gi, 'CI $1');
}

/**
 * The lookup key of a name: lowercase ASCII words and numbers separated by single spaces.
 * Punctuation differences ("PEG-100" / "PEG 100", "Caprylic/Capric") do not matter.
 */
export function nameKey(name: string): string {
  let text = /\d{5}/.test(name) ? canonicalCiNumber(name) : name;
  // Only text outside plain ASCII needs Unicode folding (accents: "Glycérine", full-width "ＢＧ").
  if (/[^\x00-\x7f]/.test(text)) {
    text = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    // Korean and Japanese names keep their letters (NFKD takes Hangul syllables and kana apart; put them back).
    if (CJK.test(text))
      return text.normalize('NFC').toLowerCase().replace(/&/g, ' and ').replace(NOT_A_KEY_CHARACTER_CJK, ' ').trim();
  }
  text = text.toLowerCase();
  if (text.includes('&')) text = text.replace(/&/g, ' and ');
  return text.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Hangul, kana and CJK ideographs: label names in Korean and Japanese. */
const CJK = /[\u1100-\u11ff\u3040-\u30fa\u30fc-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const NOT_A_KEY_CHARACTER_CJK =
  /[^a-z0-9\u1100-\u11ff\u3040-\u30fa\u30fc-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+/g;

/** The key with label spelling variants folded (glycerine → glycerin, sulphate → sulfate). */
const MAY_BE_SPELLED = new RegExp(`\\b(?:${Object.keys(SPELLING).join('|')})\\b`);

export function spellingKey(key: string): string {
  if (!MAY_BE_SPELLED.test(key)) return key;
  let changed = false;
  const words = key.split(' ');
  for (let i = 0; i < words.length; i++) {
    const folded = SPELLING[words[i]];
    if (folded !== undefined) {
      words[i] = folded;
      changed = true;
    }
  }
  return changed ? words.join(' ') : key;
}

/**
 * The name without its parenthesised parts: "Simmondsia Chinensis (Jojoba) Seed Oil" → "Simmondsia Chinensis Seed Oil".
 * Brackets that are chemical notation stay: "Hydrogenated Poly(C6-14 Olefin)", "Bis(C13-15 Alkoxy) PG-Amodimethicone".
 */
export function withoutParentheses(name: string): string {
  return name
    .replace(
      /(\S?)\s*([([])([^)\]]*)([)\]])\s*/g,
      (all, before: string, open: string, inside: string, close: string) =>
        /[A-Za-z0-9]/.test(before) && all[1] === open && /\d/.test(inside) && !/^\s*CI\s?\d{5}\s*$/i.test(inside)
          ? `${before}${open}${inside}${close} `
          : `${before} `,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

// Words printed around an INCI name that are not part of it: "Organic Shea Butter", "Glycerin USP".
const QUALIFIER_BEFORE =
  /^(?:(?:alcohol|fragrance)[- ]free|(?:certified\s+)?organic|wildcrafted|wild[- ]harvested|cold[- ]pressed|extra[- ]virgin|virgin|unrefined|refined|pure|fair[- ]?trade|non[- ]gmo|kosher|bio)\s+/i;
const QUALIFIER_AFTER = /\s+(?:usp|nf|bp|ph\.?\s*eur\.?|ep|fcc|bio|organic|clay)\.?$/i;

/** The name without qualifiers such as "Organic …", "… USP", "Kaolin Clay", "Lavender Essential Oil", or null. */
/** Whether the name may carry a qualifier: cheap anchored tests before the full ones. */
const MAY_BE_QUALIFIED = {
  test: (name: string): boolean =>
    /^(?:certified|organic|wild|cold|extra|virgin|unrefined|refined|pure|fair|non|kosher|bio|alcohol[- ]free|fragrance[- ]free)/i.test(
      name,
    ) ||
    /\s(?:usp|nf|bp|ph\.?\s*eur\.?|ep|fcc|bio|organic|clay)\.?$/i.test(name) ||
    /essential\s+oils?$/i.test(name),
};

export function withoutQualifiers(name: string): string | null {
  if (!MAY_BE_QUALIFIED.test(name)) return null;
  let out = name;
  for (let i = 0; i < 3; i++) {
    const next = out
      .replace(QUALIFIER_BEFORE, '')
      .replace(QUALIFIER_AFTER, '')
      .replace(/\bessential\s+(?=oils?$)/i, '');
    if (next === out) break;
    out = next;
  }
  return out !== name && /[a-z]/i.test(out) ? out.trim() : null;
}

/** How an entry can name an ingredient: the parts the matcher tries, in order of trust. */
export interface NameParts {
  /** The entry as printed. */
  whole: string;
  /** Without its parenthesised parts ("Aqua (Water)" → "Aqua"), or null when it has none. */
  outside: string | null;
  /** The whole or outside without qualifiers ("Organic Shea Butter" → "Shea Butter"). */
  unqualified: string[];
  /** Synonyms printed with slashes or backslashes ("Water/Aqua/Eau"), when the entry has them. */
  slashParts: string[];
  /** What brackets closing the entry hold, split on slashes and commas ("(Water)", "[CI 77491]"). */
  inner: string[];
  /** What each closing bracket holds, unsplit ("(Caprylic/Capric Triglyceride)"). */
  innerGroups: string[];
}

const SLASH = /\s*[/\\]\s*/;

/** Breaks an entry into the names it may be printed as. */
/** "Titanium Dioxide CI 77891": a colour index number printed after the name, as if in brackets. */
const CI_AT_END = /CI\s?\d{5}$/;

/** The name and the colour index number printed after it, or null. Read from the end: linear in the name. */
function trailingCi(printed: string): [string, string] | null {
  const ci = CI_AT_END.exec(printed);
  if (!ci || ci.index === 0 || !isSpace(printed.charCodeAt(ci.index - 1))) return null;
  const name = trimEndOf(printed.slice(0, ci.index), isSpace);
  return /[A-Za-z]/.test(name) && !/[\n\r\u2028\u2029]/.test(name) ? [name, ci[0]] : null;
}

export function nameParts(input: string): NameParts {
  const printed = input.trim();
  const ci = trailingCi(printed);
  const whole = ci ? `${ci[0]} (${ci[1]})` : printed;
  const hasBrackets = /[([]/.test(whole);
  const outsideText = hasBrackets ? withoutParentheses(whole) : whole;
  const outside = outsideText && outsideText !== whole ? outsideText : null;
  const unqualified: string[] = [];
  for (const base of outside ? [whole, outside] : [whole]) {
    const stripped = withoutQualifiers(base);
    if (stripped && !unqualified.includes(stripped)) unqualified.push(stripped);
  }
  const slashParts: string[] = [];
  const slashBase = outside ?? whole;
  if (/[/\\]/.test(slashBase))
    for (const part of slashBase.split(SLASH)) if (/[a-z0-9]/i.test(part)) slashParts.push(part.trim());
  const inner: string[] = [];
  const innerGroups: string[] = [];
  if (hasBrackets) {
    // Only brackets that close the entry hold synonyms ("Aqua (Water)", "Iron Oxides [CI 77491]"); one in the
    // middle is part of the name ("Mel (Honey) Extract", "Simmondsia Chinensis (Jojoba) Seed Oil").
    const trailing = /\s*[([]([^()[\]]+)[)\]]\s*$/;
    let rest = whole;
    const groups: string[] = [];
    for (let m = trailing.exec(rest); m && m.index > 0; m = trailing.exec(rest)) {
      groups.unshift(m[1]);
      rest = rest.slice(0, m.index);
    }
    for (const group of groups) {
      innerGroups.push(group.trim());
      for (const part of group.split(/\s*(?:\/|\\|,(?!\d))\s*/)) if (/[a-z0-9]/i.test(part)) inner.push(part.trim());
    }
  }
  return { whole: printed, outside, unqualified, slashParts, inner, innerGroups };
}

/** Every name of `nameParts` in order, without repeats. */
export function candidateNames(input: string): string[] {
  if (!/[([/\\]/.test(input) && !MAY_BE_QUALIFIED.test(input) && !trailingCi(input.trim())) return [input.trim()];
  const p = nameParts(input);
  const out = [p.whole, ...(p.outside ? [p.outside] : []), ...p.unqualified, ...p.inner, ...p.slashParts];
  return [...new Set(out.filter((c) => /[a-z0-9]/i.test(c)))];
}

/** Damerau-Levenshtein (optimal string alignment) distance, giving up past `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = new Array<number>(cols);
  for (let j = 0; j < cols; j++) prev[j] = j;
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j < cols; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = prev[j - 1] + (ca === cb ? 0 : 1);
      if (prev[j] + 1 < value) value = prev[j] + 1;
      if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prevPrev[j - 2] + 1 < value)
        value = prevPrev[j - 2] + 1;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const t = prevPrev;
    prevPrev = prev;
    prev = current;
    current = t;
  }
  return prev[cols - 1];
}

/** The digits of a key in order: two names that differ in a number are different ingredients. */
export const digitsOf = (key: string): string =>
  key
    .replace(/[^0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const isLetter = (c: string): boolean => c >= 'a' && c <= 'z';

/**
 * Whether `typed` is `known` with one typing slip, and that slip could not make another name.
 * A slip never touches the first two letters of a word (Ethyl-/Methylparaben, Di-/Trisodium),
 * never replaces a letter in the last three (Sulfite/Sulfate, Chloride/Chlorite, Squalene/Squalane),
 * and only happens in words of six letters or more. Dropping or adding a final letter is allowed
 * (Niacinamid, Chlorid, Dimethicon).
 */
export function isWordSlip(typed: string, known: string): boolean {
  if (typed === known) return false;
  const length = Math.max(typed.length, known.length);
  if (length < 6) return false;
  if (isPluralOf(typed, known)) return true;
  if (typed.length === known.length) {
    let first = -1;
    let last = -1;
    for (let i = 0; i < known.length; i++) {
      if (typed[i] !== known[i]) {
        if (first < 0) first = i;
        last = i;
      }
    }
    if (first < 2) return false;
    if (first === last) {
      // One letter replaced.
      return isLetter(typed[first]) && isLetter(known[first]) && first <= known.length - 4;
    }
    // Two neighbouring letters swapped.
    return (
      last === first + 1 &&
      typed[first] === known[last] &&
      typed[last] === known[first] &&
      isLetter(typed[first]) &&
      isLetter(typed[last])
    );
  }
  if (Math.abs(typed.length - known.length) !== 1) return false;
  // One letter left out or added.
  const [longer, shorter] = typed.length > known.length ? [typed, known] : [known, typed];
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i++;
  if (longer.slice(i + 1) !== shorter.slice(i)) return false;
  // The letter at i of the longer word is the extra one (or the last of a doubled run ending at i).
  return i >= 2 && isLetter(longer[i]);
}

/** The stem and chemical ending of a word ("cetoyl" → "cet" + "oyl"), or null. */
function splitEnding(word: string): [stem: string, ending: string] | null {
  const m = CHEMICAL_ENDING.exec(word);
  return m && m.index >= 3 ? [word.slice(0, m.index), m[0]] : null;
}

/**
 * Whether a slip between two words leaves their chemistry alone: the same chemical ending (an acyl "-oyl"
 * is no alkyl "-yl") on the same stem end ("Linolenate" is no "Linoleate"). A final "e" (Glycerine,
 * Chlorid) and a doubled letter (Dimethiccone) are spelling, not chemistry.
 */
function keepsChemistry(typed: string, known: string): boolean {
  if (typed === `${known}e` || known === `${typed}e`) return true;
  const a = splitEnding(typed);
  const b = splitEnding(known);
  if (!a || !b) return true;
  if (a[1] !== b[1]) return false;
  const [x, y] = [a[0], b[0]];
  if (x === y) return true;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const [longer, shorter] = x.length >= y.length ? [x, y] : [y, x];
  // A doubled letter is spelling.
  if (longer.length === shorter.length + 1 && longer[i] === longer[i - 1] && longer.slice(i + 1) === shorter.slice(i))
    return true;
  return i < Math.min(x.length, y.length) - 1;
}

/** "Triglycerides" / "Triglyceride": the same ingredient printed in the plural or the singular. */
const isPluralOf = (a: string, b: string): boolean =>
  (a.length === b.length + 1 && a.endsWith('s') && a.startsWith(b)) ||
  (b.length === a.length + 1 && b.endsWith('s') && b.startsWith(a));

/** Endings that make a chemical name: a word built on a known stem with another ending is another substance. */
const CHEMICAL_ENDING = /(?:ate|ite|ide|ic|oyl|yl|ol|al|one|ene|ane|ine|in|ium|ose|ase)$/;
const WHOLE_ENDING = new RegExp(`^${CHEMICAL_ENDING.source.replace('$', '')}s?$`);

/** The word without its chemical ending ("linolenate" → "linolen"), or null. */
export function chemicalStem(word: string): string | null {
  const m = CHEMICAL_ENDING.exec(word);
  return m && m.index >= 4 ? word.slice(0, m.index) : null;
}

/** What the typo check needs to know of the vocabulary of ingredient names. */
export interface Vocabulary {
  /** A word some ingredient name uses. */
  has(word: string): boolean;
  /** Whether a known word other than `except` starts with `stem`. */
  hasOtherWithStem(stem: string, except: string): boolean;
}

/** A vocabulary over a list of words. */
export function vocabularyOf(words: Iterable<string>): Vocabulary {
  const set = new Set(words);
  const sorted = [...set].sort();
  return {
    has: (word) => set.has(word),
    hasOtherWithStem(stem, except) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < stem) lo = mid + 1;
        else hi = mid;
      }
      // Another word on the stem with a chemical ending of its own ("linolen" + "ic"), not any word sharing the
      // letters ("sily" + "bum" of Silybum is no other form of Silylate).
      for (let i = lo; i < sorted.length && sorted[i].startsWith(stem); i++)
        if (sorted[i] !== except && WHOLE_ENDING.test(sorted[i].slice(stem.length))) return true;
      return false;
    },
  };
}

const NO_VOCABULARY: Vocabulary = { has: () => false, hasOtherWithStem: () => false };

/**
 * Whether the typed key is the known key with slips in at most `budget` words (one slip per word),
 * or with one word boundary lost or added ("Ethylhexyl Glycerin" / "Ethylhexylglycerin").
 * `vocabulary` tells the words ingredient names use: those are never slips.
 */
/** Two slips in one long word (20+ letters): letters only, the first two and every digit kept. */
export function isDoubleSlip(typed: string, known: string): boolean {
  if (known.length < 20 || typed.slice(0, 2) !== known.slice(0, 2) || /\d/.test(typed) || /\d/.test(known))
    return false;
  return boundedEditDistance(typed, known, 2) === 2;
}

export function isTypoOf(
  typed: string,
  known: string,
  budget: number,
  vocabulary: Vocabulary = NO_VOCABULARY,
): boolean {
  if (typed === known) return false;
  const typedWords = typed.split(' ');
  const knownWords = known.split(' ');
  if (typedWords.length === knownWords.length) {
    let slips = 0;
    for (let i = 0; i < knownWords.length; i++) {
      const word = typedWords[i];
      if (word === knownWords[i]) continue;
      // A word of 20 letters or more may carry two slips ("Methylchloroisothiazollinonne"): one slip then counts two.
      const double = !isWordSlip(word, knownWords[i]) && isDoubleSlip(word, knownWords[i]);
      if ((!double && !isWordSlip(word, knownWords[i])) || (slips += double ? 2 : 1) > budget) return false;
      // The head noun in the plural or the singular ("Triglycerides", "Cetyl Ester") is the same ingredient;
      // a word inside the name is not ("Acrylate/…" and "Acrylates/…" copolymers differ).
      if (i === knownWords.length - 1 && isPluralOf(word, knownWords[i])) continue;
      // In a long name the other words pin the substance down: a letter lost in a stem ("Silica Dimethyl Silyate")
      // is a slip as long as the word is no known word and no known stem with another ending (checked below).
      if (!keepsChemistry(word, knownWords[i]) && knownWords.length < 3) return false;
      // A word some ingredient name uses is a word, not a slip ("Sodium Sulfite" is no typo of "Sodium Sulfate"),
      // and so is a known stem with another ending ("Linolenate" next to "Linolenic" is no typo of "Linoleate").
      if (vocabulary.has(word)) return false;
      // Only a stem of five letters or more says which substance it is: "ster" of "Sterate" (a letter lost from
      // "Stearate") is no other form of "Sterol" in a name the other words pin down ("PEG-40 Sterate").
      const stem = chemicalStem(word);
      if (stem && (stem.length >= 5 || knownWords.length < 3) && vocabulary.hasOtherWithStem(stem, knownWords[i]))
        return false;
    }
    return slips > 0;
  }
  return typed.replace(/ /g, '') === known.replace(/ /g, '') && Math.abs(typedWords.length - knownWords.length) === 1;
}
