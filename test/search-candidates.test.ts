// The bounded candidate set (src/modules/search/candidates.ts) on the demo catalog, with bounds
// small enough that its words are "frequent": probing the query without the typed prefix first,
// and testing the matches of the query without its typed term, must give the same candidates as
// probing the query alone, for every shape of query (a typed prefix alone, after other words, with
// a synonym or a correction, or, negation, no prefix) and with filters. The query engine's `whole`
// is checked to be the query without its prefixes, and `rest` the query without its typed term.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { candidates } from '../src/modules/search/candidates.js';
import { queryTexts } from '../src/modules/search/engine/query.js';
import { parseSearchText } from '../src/modules/search/parse.js';
import { searchVocabulary } from '../src/modules/search/synonyms.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const QUERIES = [
  'c',
  'cr',
  'cream',
  'cream ',
  'rich cream',
  'gel c',
  'niacinamide s',
  'vitamin c',
  'vitamn c',
  'sun cream',
  'moisturi',
  'serum -retinol',
  'cleanser or toner',
  'toner or cle',
  '"eye cream"',
  'hyaluronic acid serum',
  'zzzz q',
  'retinol n',
  'vitamin c s',
  'cream -retinol s',
  'gentle cleanser f',
  'niacinamide serum',
  'niacinamid s',
  'salicylic acid cleanser ',
  'vitamin c serum',
  'sun cream -fragrance',
];
/** A correction as the search would find it (a typo one edit away), for the queries holding the word. */
const CORRECTIONS = new Map([['niacinamid', ['niacinamide']]]);

async function candidateIds(
  text: string,
  probes: { whole: boolean; rest: boolean; core: boolean },
  filters: string[],
  ranked: number,
  walk: number,
): Promise<string[]> {
  const texts = queryTexts(parseSearchText('query', text)!, searchVocabulary(), CORRECTIONS)!;
  const set = candidates(
    {
      full: texts.full,
      whole: probes.whole ? texts.whole : null,
      rest: probes.rest ? texts.rest : null,
      core: probes.core ? texts.core : null,
    },
    { sql: [`p.status = 'published'`, ...filters], params: [] },
    ranked,
    walk,
  );
  const rows = await t.em().execute<Array<{ product_id: string }>>(`select product_id from (${set.sql}) c`, set.params);
  return rows.map((r) => r.product_id).sort();
}

describe('bounded search candidates', () => {
  it('are the same with and without the probes that leave out the typed prefix, the typed term, or synonyms', async () => {
    const decided = { exact: 0, walked: 0 };
    for (const filters of [[], [`not (p.flags && array['fragrance'])`]])
      for (const [ranked, walk] of [
        [3, 40],
        [20, 100],
        [1000, 4000],
      ])
        for (const text of QUERIES) {
          const alone = await candidateIds(text, { whole: false, rest: false, core: false }, filters, ranked, walk);
          for (const probes of [
            { whole: true, rest: false, core: false },
            { whole: false, rest: true, core: false },
            { whole: true, rest: true, core: false },
            { whole: false, rest: false, core: true },
            { whole: true, rest: true, core: true },
          ]) {
            const probed = await candidateIds(text, probes, filters, ranked, walk);
            expect({ text, filters, ranked, probes, ids: probed }).toEqual({
              text,
              filters,
              ranked,
              probes,
              ids: alone,
            });
          }
          const [{ n }] = await t
            .em()
            .execute<Array<{ n: number }>>(
              `select count(*)::int as n from product_search s where s.document @@ ${queryTexts(parseSearchText('query', text)!, searchVocabulary(), CORRECTIONS)!.full.sql}`,
              queryTexts(parseSearchText('query', text)!, searchVocabulary(), CORRECTIONS)!.full.params,
            );
          if (n > ranked) decided.walked++;
          else decided.exact++;
        }
    // Both branches were taken (the family covers frequent and rare at these bounds).
    expect(decided.exact).toBeGreaterThan(10);
    expect(decided.walked).toBeGreaterThan(10);
  });

  it('the trigram index corrects typos after many words are written, without VACUUM (PGlite has none)', async () => {
    const plan = await t
      .em()
      .transactional(async (tx) => {
        // Words as imports write them, a statement at a time; nothing vacuums after.
        for (let k = 0; k < 3; k++)
          await tx.execute(
            `insert into search_word (word) select 'bench' || md5(i::text || '-${k}') from generate_series(1, 10000) as i on conflict do nothing`,
          );
        const rows = await tx.execute<Array<{ 'QUERY PLAN': string }>>(
          `explain select word from search_word where word % 'vitamn' order by similarity(word, 'vitamn') desc limit 1`,
        );
        throw Object.assign(new Error('rolled back'), { plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
      })
      .catch((error: { plan?: string }) => error.plan ?? Promise.reject(error));
    expect(plan).toContain('search_word_trgm_index');
  });

  it('the query without prefixes is the query with each typed prefix left out, null without one', () => {
    const texts = (q: string) => queryTexts(parseSearchText('query', q)!, searchVocabulary())!;
    expect(texts('cream ').whole).toBeNull();
    expect(texts('"eye cream"').whole).toBeNull();
    expect(texts('serum -retinol').whole).toBeNull();
    const typed = texts('rich cream');
    expect(typed.full.params).toEqual(["'rich'", "'cream'", "'cream':*"]);
    expect(typed.whole).toEqual({
      sql: `(to_tsquery('english', ?) && to_tsquery('english', ?))`,
      params: ["'rich'", "'cream'"],
    });
    // A prefix in either spelling goes, the word as typed and its synonyms stay.
    const spelt = texts('moisturis');
    expect(spelt.full.params.some((p) => p.includes(':*'))).toBe(true);
    expect(spelt.whole!.params.some((p) => p.includes(':*'))).toBe(false);
    expect(spelt.whole!.params.join(' ')).toContain('moisturis');
    // Every query of the family: the same terms, the prefixes' to_tsquery('simple', …) left out.
    for (const q of QUERIES.filter((q) => texts(q).whole)) {
      const { full, whole } = texts(q);
      expect({ q, params: whole!.params }).toEqual({ q, params: full.params.filter((p) => !p.includes(':*')) });
      expect(whole!.sql).not.toContain(`'simple'`);
    }
  });

  it('the typed words alone are each term as typed and its corrections, no synonym or prefix', () => {
    const texts = (q: string) => queryTexts(parseSearchText('query', q)!, searchVocabulary(), CORRECTIONS)!;
    // niacinamide's synonyms (vitamin b3, nicotinamide…) and the prefix of serum left out.
    expect(texts('niacinamide serum').core).toEqual({
      sql: `(to_tsquery('english', ?) && to_tsquery('english', ?))`,
      params: ["'niacinamide'", "'serum'"],
    });
    expect(texts('niacinamid s').core!.params).toEqual(["('niacinamid' | 'niacinamide')", "'s'"]);
    // A negation stays as the query has it (with fewer words it would exclude less).
    const negated = texts('niacinamide serum -retinol');
    expect(negated.core!.params.slice(2)).toEqual(negated.full.params.slice(2));
    expect(negated.core!.sql).toContain('!!');
    // A phrase as typed, its synonyms left out; a word in either spelling (alone it is a thinner set).
    expect(texts('sun cream').core!.params).toEqual(["'sun' <-> 'cream'"]);
    expect(texts('moisturiser').core).toBeNull();
    // Nothing to leave out, or an `or`: none.
    expect(texts('cream').core).toBeNull();
    expect(texts('cream ').core).toBeNull();
    expect(texts('toner or cleanser').core).toBeNull();
  });

  it('the query without its typed term leaves that term out, and exists only where it widens the match', () => {
    const texts = (q: string) => queryTexts(parseSearchText('query', q)!, searchVocabulary())!;
    const typed = texts('rich crea');
    expect(typed.rest).toEqual({ sql: `(to_tsquery('english', ?))`, params: ["'rich'"] });
    // No typed term, the typed term alone, or an `or` (leaving out an or-ed term narrows): none.
    expect(texts('rich cream ').rest).toBeNull();
    expect(texts('crea').rest).toBeNull();
    expect(texts('toner or cle').rest).toBeNull();
    expect(texts('-retinol crea').rest).toBeNull();
    // A negation stays: the rest still excludes what the query excludes.
    expect(texts('cream -retinol s').rest!.sql).toContain('!!');
  });
});
