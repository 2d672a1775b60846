// Pure text normalisation shared by the parser and the matcher. No ORM, no GraphQL.

/** British and older spellings printed on labels, folded to the INCI spelling. */
const SPELLING: Record<string, string> = {
  glycerine: 'glycerin',
  glycerol: 'glycerin',
  sulphate: 'sulfate',
  sulphates: 'sulfates',
  sulphur: 'sulfur',
  sulphite: 'sulfite',
  aluminium: 'aluminum',
  colour: 'color',
  flavour: 'flavor',
  tocopherol: 'tocopherol',
  tocopheryl: 'tocopheryl',
  extrait: 'extract',
  extr: 'extract',
  ext: 'extract',
  oel: 'oil',
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
  return canonicalCiNumber(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The key with label spelling variants folded (glycerine → glycerin, sulphate → sulfate). */
export function spellingKey(key: string): string {
  return key
    .split(' ')
    .map((word) => SPELLING[word] ?? word)
    .join(' ');
}

/** The name without any parenthesised part: "Simmondsia Chinensis (Jojoba) Seed Oil" → "Simmondsia Chinensis Seed Oil". */
export function withoutParentheses(name: string): string {
  return name.replace(/\s*[([][^)\]]*[)\]]\s*/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Damerau-Levenshtein (optimal string alignment) distance, giving up past `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return prev[cols - 1];
}

/** The digits of a key in order: two names that differ in a number are different ingredients. */
export const digitsOf = (key: string): string => key.replace(/[^0-9 ]/g, '').replace(/\s+/g, ' ').trim();
