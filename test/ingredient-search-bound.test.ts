// Issue 43: the ingredient search scores a frequent word's matches whole only where they can still
// reach the page (src/modules/ingredient/ingredient-text-search.service.ts). The answers must be
// those of scoring every match whole (`reference`), page after page: the same ingredients in the
// same order and the same cursors (which carry the last rank, so the ranks are the same too).
//
// The acceptance set, written before the change as families of shapes, a few examples each, chosen
// to cover each way a match is found or scored: frequent words over the EU inventory (thousands of
// matches, ties in text rank), a prefix still being typed, a frequent phrase, names typed whole
// (the INCI name, an other name), typos (found by similarity alone), other scripts, digits and a
// decimal point, a filter, and limits from 1 to 100 with pages after a cursor.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type IngredientConditions,
  ingredientTextPage,
} from '../src/modules/ingredient/ingredient-text-search.service.js';
import { startTestApp, type TestApp } from './helpers/app.js';

const FAMILIES: Record<string, string[]> = {
  'frequent words': ['extract', 'acid', 'oil', 'sodium'],
  'a prefix being typed': ['glyc', 'hydroxy'],
  'frequent phrases': ['flower extract', 'seed oil'],
  'names typed whole': ['water', 'aqua', 'glycerin'],
  typos: ['tocopheral', 'niacinamid'],
  'other scripts': ['정제수', 'グリセリン'],
  'digits and a decimal point': ['ci 77', 'retinol 0.5'],
};
const NO_FILTER: IngredientConditions = { sql: [], params: [] };
const VITAMIN_C: IngredientConditions = { sql: ['i.groups @> array[?]::text[]'], params: ['vitamin_c'] };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Up to `pages` pages of a search, each as ids and the next cursor. */
async function pagesOf(text: string, where: IngredientConditions, limit: number, reference: boolean, pages = 3) {
  const out: Array<{ ids: string[]; next: string | null }> = [];
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await ingredientTextPage(t.em(), text, where, { limit, cursor }, { reference });
    if (!page) break;
    out.push({ ids: page.items.map((item) => item.id), next: page.nextCursor });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return out;
}

describe('ingredient search: scoring only what can reach the page changes no answer', () => {
  it.each(Object.entries(FAMILIES))('%s', async (_family, texts) => {
    for (const text of texts)
      for (const limit of [1, 20, 100]) {
        const bounded = await pagesOf(text, NO_FILTER, limit, false);
        expect([text, limit, bounded]).toEqual([text, limit, await pagesOf(text, NO_FILTER, limit, true)]);
      }
  });

  it('frequent words find pages: full pages, then more', async () => {
    // The comparison above means something only if the frequent words fill their pages.
    for (const text of FAMILIES['frequent words']) {
      const [first] = await pagesOf(text, NO_FILTER, 100, false, 1);
      expect([text, first.ids.length, first.next !== null]).toEqual([text, 100, true]);
    }
  });

  it('with a filter', async () => {
    for (const text of ['vitamin c', 'acid', 'ascorbyl'])
      for (const limit of [1, 5])
        expect(await pagesOf(text, VITAMIN_C, limit, false, 4)).toEqual(await pagesOf(text, VITAMIN_C, limit, true, 4));
  });
});
