// "50 ml", "1.7 fl oz", "2 x 75ml", "100 g e", "10 sheets": the package size OBF's `quantity`
// holds, as an amount in one of our units (data/catalog/units.yaml aliases). Pure.

export interface Quantity {
  amount: number;
  /** Our unit alias: ml, cl, l, fl-oz, g, kg, mg, oz, piece, sheet, pad, capsule, patch, pair, vial. */
  unit: string;
}

// Longest spellings first so "fl oz" wins over "oz" and "ml" over "l".
const UNITS: Array<[RegExp, string]> = [
  [/^fl\.?\s*oz\.?$|^fluid\s+ounces?$/, 'fl-oz'],
  [/^ml$|^millilit(?:er|re)s?$/, 'ml'],
  [/^cl$/, 'cl'],
  [/^l$|^lit(?:er|re)s?$/, 'l'],
  [/^mg$/, 'mg'],
  [/^kg$/, 'kg'],
  [/^g$|^gr$|^grams?$|^grammes?$/, 'g'],
  [/^oz\.?$|^ounces?$/, 'oz'],
  [/^pcs?\.?$|^pieces?$|^units?$|^x$/, 'piece'],
  [/^sheets?$/, 'sheet'],
  [/^pads?$/, 'pad'],
  [/^capsules?$|^caps$/, 'capsule'],
  [/^patch(?:es)?$/, 'patch'],
  [/^pairs?$/, 'pair'],
  [/^vials?$|^ampoules?$/, 'vial'],
];

// From the first digit of a number only: tried at every digit of a long run of digits, it read the run again each time.
const AMOUNT_UNIT = /(?<!\d)(\d+(?:[.,]\d+)?)\s*(fl\.?\s*oz\.?|fluid\s+ounces?|[a-zA-Zµ]+\.?)/g;

export function parseQuantity(raw: string): Quantity | null {
  const value = raw.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!value || value.length > 200) return null;
  for (const match of value.matchAll(AMOUNT_UNIT)) {
    const amount = Number(match[1].replace(',', '.'));
    // "2 x 50 ml": the leading count is how many; the size is the next amount.
    const after = value.slice((match.index ?? 0) + match[0].length);
    if (/^x$|^×$/.test(match[2]) && /^\s*\d/.test(after)) continue;
    const unit = UNITS.find(([pattern]) => pattern.test(match[2]))?.[1];
    if (unit && amount > 0 && amount < 1e6) return { amount, unit };
  }
  return null;
}
