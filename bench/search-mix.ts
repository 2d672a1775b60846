// The search benchmark's query mix (bench/README.md, "Search"), shared by bench/search.ts (latency)
// and bench/search-explain.ts (the plans of each statement a request runs).
import type { EntityManager } from '../src/db.js';

export interface MixRequest {
  kind: string;
  payload: Record<string, unknown>;
}

/** Rare words: brands of the long tail (about 50 products each at most) first, then demo products' words. */
export async function tailBrands(em: EntityManager): Promise<string[]> {
  return (
    await em.execute<Array<{ name: string }>>(
      `select name from brand where alias like 'bench-%' or alias like 'scale-%' order by alias desc limit 40`,
    )
  ).map((r) => r.name.split(' ')[0].toLowerCase());
}

export const RARE_WORDS = [
  'niacinamide serum',
  'soomdal cica',
  'vitamin c serum',
  'ceramide cream',
  'retinol night cream',
  'salicylic acid cleanser',
  'sun cream',
  'moisturiser',
  'kakadu',
  'bakuchiol or retinal',
];
export const FREQUENT = [
  'cream',
  'gentle cleanser',
  'hydrating',
  'serum',
  'daily moisturizer',
  'rich cream',
  'calming toner',
  'light lotion',
  'soothing',
  'barrier cream',
];
export const FUZZY = [
  'hydratng crem',
  'niacinamid serum',
  'ceramid',
  'moisturi',
  'brigh',
  'calming ton',
  'retinoll',
  'gentel cleanser',
  'sootheing',
  'vitamn c',
];
export const WITH_FILTERS: Array<Record<string, unknown>> = [
  { query: 'cream', free_of: ['fragrance'] },
  { query: 'serum', category: 'serums' },
  { query: 'gentle cleanser', free_of: ['sulfates'] },
  { query: 'hydrating', include_ingredients: ['glycerin'] },
  { query: 'niacinamide', free_of: ['fragrance', 'essential_oils'] },
  { query: 'cream', include_ingredients: ['niacinamide'], free_of: ['silicones'] },
  { query: 'rich cream', category: 'creams' },
  { query: 'toner', exclude_ingredients: ['alcohol-denat'] },
  { query: 'soothing', free_of: ['parabens'] },
  { query: 'sun cream', free_of: ['fragrance'] },
];

/**
 * What people mean rather than name (issue 42): free-from words (a flag class, one named ingredient),
 * concerns with and without a kind, other languages and their inflections, a kind met only in descriptions.
 */
export const INTENT = [
  'fragrance free moisturizer',
  'niacinamide free serum',
  'blackhead toner',
  'crèmes hydratantes',
  'reef safe sunscreen',
  'cream without shea butter',
  'anti aging serum',
  'mascara',
  'sulfate free cleanser',
  'dark spots',
];

/** A fifth each: rare, frequent, typo/prefix, with filters, intent; `count` requests in that rotation. */
export function searchMix(tail: string[], count: number): MixRequest[] {
  const rare = [...tail.slice(0, 20), ...RARE_WORDS];
  const mix: MixRequest[] = [];
  for (let i = 0; mix.length < count; i++) {
    mix.push({ kind: 'rare', payload: { query: rare[i % rare.length], limit: 20 } });
    mix.push({ kind: 'frequent', payload: { query: FREQUENT[i % FREQUENT.length], limit: 20 } });
    mix.push({ kind: 'typo/prefix', payload: { query: FUZZY[i % FUZZY.length], limit: 20 } });
    mix.push({ kind: 'with filters', payload: { ...WITH_FILTERS[i % WITH_FILTERS.length], limit: 20 } });
    mix.push({ kind: 'intent', payload: { query: INTENT[i % INTENT.length], limit: 20 } });
  }
  return mix.slice(0, count);
}

/** Every keystroke (from 2 characters) of a few words as typed. */
export function suggestionKeystrokes(tail: string[]): string[] {
  const typed = [
    'cream',
    'soomdal',
    'niacinamide',
    'hydrating',
    'vitamin c',
    'gentle cl',
    'ceramide',
    'moisturiser',
    ...tail.slice(0, 6),
  ];
  return typed
    .flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)))
    .filter((q) => q.trim().length >= 2);
}
