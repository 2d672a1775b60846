// One Open Beauty Facts product object (a JSONL line, or a CSV row read into the same shape)
// turned into what we store, or the reason it cannot be imported. Pure: no ORM, no I/O.
import { decodeHTML } from 'entities';
import { MAX_LIST_LENGTH } from '../shared/ingredient-list.js';
import { gs1CheckDigit } from '../product/barcode.js';
import { parseQuantity, type Quantity } from './quantity.js';

export type SkipReason =
  | 'broken-json'
  | 'no-barcode'
  | 'invalid-barcode'
  | 'no-ingredient-text'
  | 'ingredient-text-too-long'
  | 'duplicate-barcode';

export const SKIP_REASONS: Record<SkipReason, string> = {
  'broken-json': 'broken JSON',
  'no-barcode': 'no barcode',
  'invalid-barcode': 'invalid barcode (length or check digit)',
  'no-ingredient-text': 'no ingredient text',
  'ingredient-text-too-long': `ingredient text over ${MAX_LIST_LENGTH} characters`,
  'duplicate-barcode': 'barcode repeated in the file (first kept)',
};

export interface ObfProduct {
  /** The code as OBF writes it. */
  code: string;
  /** Our barcode: EAN-13, UPC-A (12 digits) or EAN-8, check digit verified. */
  barcode: string;
  name: string;
  /** The first brand named, as written; null when none is. */
  brand: string | null;
  /** OBF category tags in their order ("en:face-creams"). */
  categoryTags: string[];
  quantity: Quantity | null;
  /** Candidate ingredient lists, best first (English/INCI, then the product's language, then others), cleaned. */
  ingredientTexts: string[];
  /** last_modified_t as a date, when present. */
  lastModified: Date | null;
}

export type RecordResult = { ok: true; product: ObfProduct } | { ok: false; reason: SkipReason; detail: string };

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const squash = (value: string): string => value.replace(/\s+/g, ' ').trim();

/**
 * OBF codes as our barcodes: UPC-A padded to 13 digits ("0012345678905") is stored as the 12
 * digits a scanner reads, GTIN-14 padding is dropped. Null with a reason when it is no valid code.
 */
export function obfBarcode(code: string): { barcode: string } | { error: string } {
  let digits = code.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { error: `"${code.slice(0, 40)}" is not digits` };
  while (digits.length > 13 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 13 && digits.startsWith('0')) digits = digits.slice(1);
  if (![8, 12, 13].includes(digits.length))
    return { error: `"${code.slice(0, 40)}" is ${digits.length} digits, not an EAN-13, UPC-A or EAN-8` };
  const expected = gs1CheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.at(-1)))
    return { error: `"${code.slice(0, 40)}" fails its check digit (expected ${expected})` };
  return { barcode: digits };
}

/**
 * Label text as OBF stores it, as plain text: entities decoded, HTML tags gone (the
 * `<span class="allergen">` of some exports), `_underscores_` marking allergens dropped.
 */
export function cleanIngredientText(raw: string): string {
  let value = raw;
  if (value.includes('<')) value = value.replace(/<\/?[a-zA-Z][^<>]*>/g, ' ');
  if (value.includes('&')) value = decodeHTML(value);
  if (value.includes('_')) value = value.replace(/(^|[\s,(;:])_+([^_]+?)_+(?=$|[\s,.);:])/g, '$1$2');
  return value
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
    .trim();
}

/** Field variants in preference order: English, no language (the label as printed), the product's language, then others. */
function languageVariants(raw: Record<string, unknown>, field: string, lang: string): string[] {
  const prefix = `${field}_`;
  const keys = [`${field}_en`, field, ...(lang && lang !== 'en' ? [`${field}_${lang}`] : [])];
  for (const key of Object.keys(raw)) {
    if (key.startsWith(prefix) && /^[a-z]{2,3}$/.test(key.slice(prefix.length)) && !keys.includes(key)) keys.push(key);
  }
  const seen = new Set<string>();
  const values: string[] = [];
  for (const key of keys) {
    const value = text(raw[key]);
    if (value.trim() && !seen.has(value)) {
      seen.add(value);
      values.push(value);
    }
  }
  return values;
}

/** Comma-separated in CSV exports, arrays in JSONL. */
export function tagList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return items.map((t) => t.trim().toLowerCase()).filter(Boolean);
}

/** The first brand of `brands` ("Nivea, Nivea Men"), else of `brands_tags` ("nivea-men" → "Nivea Men"). */
function firstBrand(raw: Record<string, unknown>): string | null {
  const written = text(raw.brands).split(',').map(squash).find(Boolean);
  if (written) return written.slice(0, 120);
  const tag = tagList(raw.brands_tags)[0]?.replace(/^[a-z]{2}:/, '');
  return tag
    ? tag
        .split('-')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ')
        .slice(0, 120)
    : null;
}

export function readObfRecord(raw: Record<string, unknown>): RecordResult {
  const code = squash(text(raw.code) || text(raw._id));
  if (!code) return { ok: false, reason: 'no-barcode', detail: 'no code' };
  const checked = obfBarcode(code);
  if ('error' in checked) return { ok: false, reason: 'invalid-barcode', detail: checked.error };
  const lang = text(raw.lang || raw.lc).toLowerCase();
  const ingredientTexts = languageVariants(raw, 'ingredients_text', lang)
    .map(cleanIngredientText)
    .filter((t) => t.length > 0);
  if (!ingredientTexts.length) return { ok: false, reason: 'no-ingredient-text', detail: `code ${code}` };
  const usable = ingredientTexts.filter((t) => t.length <= MAX_LIST_LENGTH);
  if (!usable.length)
    return {
      ok: false,
      reason: 'ingredient-text-too-long',
      detail: `code ${code}: ${ingredientTexts[0].length} characters`,
    };
  const names = [...languageVariants(raw, 'product_name', lang), ...languageVariants(raw, 'generic_name', lang)];
  const name = names.map((n) => squash(cleanIngredientText(n))).find((n) => n.length >= 2);
  const modified = Number(text(raw.last_modified_t));
  return {
    ok: true,
    product: {
      code,
      barcode: checked.barcode,
      name: (name ?? `Product ${checked.barcode}`).slice(0, 200),
      brand: firstBrand(raw),
      categoryTags: tagList(raw.categories_tags),
      quantity: parseQuantity(text(raw.quantity)),
      ingredientTexts: usable,
      lastModified: Number.isFinite(modified) && modified > 0 ? new Date(modified * 1000) : null,
    },
  };
}
