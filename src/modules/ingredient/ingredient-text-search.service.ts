// Free-text ingredient search over ingredient_search, which the database keeps: INCI
// name (A), other names (B: US/EU variants, common, Korean and Japanese label names), groups (C:
// "vitamin c" lists the vitamin C group's members). A misspelt name ("tocopheral") is found by
// word similarity over all its names (pg_trgm). Ranked: the name typed exactly first, then by
// text rank plus similarity (to any of its names, and to the INCI name as a whole: "tocopheral"
// is as near to tocopheryl as to tocopherol, but nearer Tocopherol than to a long name holding it); paged by a signed
// cursor over (rank, id).
import type { EntityManager } from '../../db.js';
import { Ingredient } from './ingredient.entity.js';
import { checkedLimit, type PageArgs, type PageResult } from '../shared/pagination.js';
import { readRankCursor, writeRankCursor } from '../search/rank-cursor.js';
import { fold, queryTexts } from '../search/engine/query.js';
import { parseSearchText } from '../search/parse.js';
import { searchVocabulary } from '../search/synonyms.js';

export interface IngredientConditions {
  sql: string[];
  params: unknown[];
}

/**
 * Letters of a search text matched by similarity to the names (a misspelt name): an INCI name's
 * length. A longer text (200 letters: 20 aliased searches took 11 s on PGlite, 39 s on PostgreSQL)
 * is matched by its words alone.
 */
export const MAX_FUZZY_LETTERS = 60;

/** Scripts without spaces between words (Japanese, Chinese) and Hangul are matched as text inside the names. */
const NON_LATIN = /[^\p{Script=Latin}\p{N}\s]/u;

/** What a statement of ingredientRanks needs from a search text. */
interface RankQuery {
  folded: string;
  texts: NonNullable<ReturnType<typeof queryTexts>>;
  nonLatin: boolean;
  fuzzy: boolean;
}

/**
 * Most a rank's last two terms add: word similarity to any name and similarity to the INCI name are
 * each at most 1 (pg_trgm), and a little for rounding.
 */
export const SIMILARITY_BOUND = 2.001;

/**
 * The statement of a page of ranked ids: `(rank, id)` of the `limit` + 1 best matches after the cursor.
 *
 * rank = exact name (10) + an other name typed whole (10) + curated (1) + text rank (twice: as read, and
 * literal) + word similarity to any name + similarity to the INCI name, summed in this order.
 *
 * A frequent word ("extract": 7,040 of the inventory's 29,000 names) matches thousands of names, and
 * scoring every match whole (the two trigram similarities above all) was most of the statement's time,
 * to keep 21. So it first takes the rest of the sum (`fit`, the very float8 partial sum the rank goes
 * on from) for every match, and the similarities only where they can still reach the page: rank lies
 * within [fit, fit + SIMILARITY_BOUND], so a match whose fit + SIMILARITY_BOUND is under the fit of the
 * page's last sure row cannot be on the page (329 of 7,052 matches of "extract" are scored whole). After
 * a cursor, only matches with fit <= the cursor's rank can follow it, and a sure row is one whose rank
 * cannot reach the cursor's. Besides: the text rank is read once when both readings of the text are one
 * query; the INCI name is folded only where it can be the text or the rank is taken whole; word
 * similarity is 1 where the text is among the names as whole words.
 *
 * `reference`: every match scored whole by the plain expressions, as before issue 43; the same ranks and
 * order (test/ingredient-search-bound.test.ts compares the two).
 */
export function ingredientRanks(
  q: RankQuery,
  where: IngredientConditions,
  after: { rank: number; id: string } | null,
  limit: number,
  reference = false,
): { sql: string; params: unknown[] } {
  const { texts, folded } = q;
  const params: unknown[] = [];
  /** `sql` with its values, in the order the statement is written. */
  const put = (sql: string, ...values: unknown[]) => {
    params.push(...values);
    return sql;
  };
  const sameText =
    texts.full.sql === texts.literal.sql && JSON.stringify(texts.full.params) === JSON.stringify(texts.literal.params);
  const matched = `select i.id, i.name, i.other_names, i.curated, s.names,
         ${put(`ts_rank_cd(s.document, ${texts.full.sql})`, ...texts.full.params)} as full_rank${sameText ? '' : put(`, ts_rank_cd(s.document, ${texts.literal.sql}) as literal_rank`, ...texts.literal.params)}
       from ingredient i join ingredient_search s on s.ingredient_id = i.id
       where (${put(`s.document @@ ${texts.full.sql}`, ...texts.full.params)}${q.fuzzy ? put(' or ? <% s.names', folded) : ''}${q.nonLatin ? put(' or s.names like ?', `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : ''})${put(where.sql.map((c) => ` and ${c}`).join(''), ...where.params)}`;
  // The names are every name folded, the INCI name first: only a text they start with can be the INCI name, only
  // one in them an other name (folding one name at a time and all at once agree on the whole inventory).
  const exactName = reference
    ? put('case when search_fold(m.name) = ? then 10 else 0 end', folded)
    : put(
        `case when not starts_with(m.names, ?::text || ' ') then 0 when search_fold(m.name) = ? then 10 else 0 end`,
        folded,
        folded,
      );
  const otherName = reference
    ? put('case when ? = any(array(select search_fold(n) from unnest(m.other_names) n)) then 10 else 0 end', folded)
    : put(
        'case when strpos(m.names, ?) = 0 then 0 when ? = any(array(select search_fold(n) from unnest(m.other_names) n)) then 10 else 0 end',
        folded,
        folded,
      );
  const fitted = `select m.id, m.name, m.names, (${exactName}
         -- An other name typed whole ("aqua": Water) ranks as the name itself.
         + ${otherName}
         -- The curated base holds what people mean by a common word ("aqua": Water); the inventory's long
         -- tail follows at equal fit.
         + case when m.curated then 1 else 0 end
         + m.full_rank + m.${sameText ? 'full_rank' : 'literal_rank'}) as fit
       from matched m`;
  const floor = reference
    ? `'-infinity'::float8`
    : `coalesce((select f.fit from fitted f${after ? put(` where f.fit + ${SIMILARITY_BOUND} < ?`, after.rank) : ''}
         order by f.fit desc limit 1 offset ${put('?', limit)}), '-infinity'::float8) - ${SIMILARITY_BOUND}`;
  // Whole words: all the text's trigrams are there in a row. Latin letters and digits only (trigrams skip other scripts).
  const wordSimilarity =
    reference || q.nonLatin
      ? put('word_similarity(?, f.names)', folded)
      : put(
          `case when strpos(' ' || f.names || ' ', ' ' || ?::text || ' ') > 0 then 1::real else word_similarity(?, f.names) end`,
          folded,
          folded,
        );
  const ranked = `select f.id, (f.fit + ${wordSimilarity} + ${put('similarity(?, search_fold(f.name))', folded)})::float8 as rank
       from fitted f, page_floor where f.fit >= page_floor.fit${after ? put(' and f.fit <= ?', after.rank) : ''}`;
  const sql = `with matched as materialized (${matched}), fitted as materialized (${fitted}),
     page_floor as (select ${floor} as fit)
     select r.id, r.rank from (${ranked}) r
     ${after ? put('where r.rank < ? or (r.rank = ? and r.id > ?::uuid)', after.rank, after.rank, after.id) : ''}
     order by r.rank desc, r.id limit ${put('?', limit + 1)}`;
  return { sql, params };
}

/**
 * Ingredients matching `text` (and `where`, over `i`), by relevance. Null when the text has
 * nothing searchable in it (punctuation alone): the caller lists as without a search.
 */
export async function ingredientTextPage(
  em: EntityManager,
  text: string,
  where: IngredientConditions,
  page: PageArgs,
  options: { reference?: boolean } = {},
): Promise<PageResult<Ingredient> | null> {
  const parsed = parseSearchText('search', text);
  if (!parsed) return null;
  const limit = checkedLimit(page.limit);
  const after = page.cursor ? readRankCursor('i', page.cursor, 0) : null;
  const texts = queryTexts(parsed, searchVocabulary());
  const folded = fold(text);
  if (!texts) return null;
  // The misspelt-name match reads the trigram index for every trigram of the text: a name's worth of them.
  const query = { folded, texts, nonLatin: NON_LATIN.test(folded), fuzzy: folded.length <= MAX_FUZZY_LETTERS };
  const statement = ingredientRanks(query, where, after, limit, options.reference ?? false);
  const rows = await em.execute<Array<{ id: string; rank: number }>>(statement.sql, statement.params);
  const page1 = rows.slice(0, limit);
  const byId = new Map((await em.find(Ingredient, { id: { $in: page1.map((r) => r.id) } })).map((i) => [i.id, i]));
  const last = page1[page1.length - 1];
  return {
    items: page1.map((r) => byId.get(r.id)!).filter(Boolean),
    nextCursor: rows.length > limit && last ? writeRankCursor('i', Number(last.rank), [], last.id) : null,
  };
}
