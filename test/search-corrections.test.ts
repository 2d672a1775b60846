// The typo corrections of a product search: one statement over search_word when every word is known,
// two when one is not (there were three: the one-edit lookup read the trigram index, 13,000 buffers
// at 1,000,000 products); a query whose literal words are the whole query ranks with one ts_rank_cd
// doubled: the same rank as two.
import { describe, expect, it } from '@jest/globals';
import { textRank } from '../src/modules/product/product-text-search.service.js';
import { queryTexts } from '../src/modules/search/engine/query.js';
import { parseSearchText } from '../src/modules/search/parse.js';
import { searchVocabulary } from '../src/modules/search/synonyms.js';
import { testAppWithSqlLog } from './helpers/app.js';

const logged = testAppWithSqlLog();
const { lines } = logged;

type Page = { items: Array<{ alias: string; matched_words: string[] | null }> };

describe('typo corrections', () => {
  // Each kind: one edit away (retinl: retinal, retinol), two words run together (eyecream), nearest by
  // trigrams (niacimanide), a word being typed that starts known words (ceram: no typo), none.
  it.each([
    ['retinl', 'retin', 2],
    ['eyecream', 'eye', 2],
    ['niacimanide serum', 'niacinamide', 2],
    ['hydratng crem', 'hydrating', 2],
    ['ceram', 'ceram', 1],
    ['gentle cleanser', 'gentle', 1],
  ] as const)(
    '"%s" finds what was meant (%s), reading search_word in %i statements',
    async (query, word, statements) => {
      lines.length = 0;
      const response = await logged.app.inject({
        method: 'POST',
        url: '/products/search',
        payload: { query, limit: 5 },
      });
      expect(response.statusCode).toBe(200);
      expect(lines.filter((line) => /\bsearch_word\b/.test(line))).toHaveLength(statements);
      const page = response.json() as Page;
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.some((item) => item.matched_words?.some((w) => w.toLowerCase().startsWith(word)))).toBe(true);
    },
  );
});

describe('the text rank', () => {
  it('is the same number whether the literal words are ranked apart or the whole query doubled', async () => {
    for (const query of ['cream', 'gentle cleanser', 'moisturi', 'sun cream', 'niacinamide serum']) {
      const texts = queryTexts(parseSearchText('query', query)!, searchVocabulary())!;
      const folded = textRank(texts, 'd.document');
      const apart = textRank(
        { full: texts.full, literal: { ...texts.literal, sql: `(${texts.literal.sql})` } },
        'd.document',
      );
      expect(apart.sql).not.toContain('2::real');
      if (query === 'cream') expect(folded.sql).toContain('2::real');
      const [row] = await logged.app.em().execute<Array<{ differ: number; ranked: number }>>(
        `select count(*) filter (where (${folded.sql}) <> (${apart.sql}))::int as differ, count(*)::int as ranked
         from product_search d where d.document @@ ${texts.full.sql}`,
        [...folded.params, ...apart.params, ...texts.full.params],
      );
      expect(row.ranked).toBeGreaterThan(0);
      expect(row.differ).toBe(0);
    }
  });
});
