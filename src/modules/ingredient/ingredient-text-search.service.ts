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

/**
 * Ingredients matching `text` (and `where`, over `i`), by relevance. Null when the text has
 * nothing searchable in it (punctuation alone): the caller lists as without a search.
 */
export async function ingredientTextPage(
  em: EntityManager,
  text: string,
  where: IngredientConditions,
  page: PageArgs,
): Promise<PageResult<Ingredient> | null> {
  const parsed = parseSearchText('search', text);
  if (!parsed) return null;
  const limit = checkedLimit(page.limit);
  const after = page.cursor ? readRankCursor('i', page.cursor, 0) : null;
  const texts = queryTexts(parsed, searchVocabulary());
  const folded = fold(text);
  if (!texts) return null;
  const nonLatin = NON_LATIN.test(folded);
  // The misspelt-name match reads the trigram index for every trigram of the text: a name's worth of them.
  const fuzzy = folded.length <= MAX_FUZZY_LETTERS;
  const like = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await em.execute<Array<{ id: string; rank: number }>>(
    `select r.id, r.rank from (
       select i.id, (case when search_fold(i.name) = ? then 10 else 0 end
         -- An other name typed whole ("aqua": Water) ranks as the name itself.
         + case when ? = any(array(select search_fold(n) from unnest(i.other_names) n)) then 10 else 0 end
         -- The curated base holds what people mean by a common word ("aqua": Water); the inventory's long
         -- tail follows at equal fit.
         + case when i.curated then 1 else 0 end
         + ts_rank_cd(s.document, ${texts.full.sql}) + ts_rank_cd(s.document, ${texts.literal.sql})
         + word_similarity(?, s.names) + similarity(?, search_fold(i.name)))::float8 as rank
       from ingredient i join ingredient_search s on s.ingredient_id = i.id
       where (s.document @@ ${texts.full.sql}${fuzzy ? ' or ? <% s.names' : ''}${nonLatin ? ' or s.names like ?' : ''})${where.sql.map((c) => ` and ${c}`).join('')}
     ) r
     ${after ? 'where r.rank < ? or (r.rank = ? and r.id > ?::uuid)' : ''}
     order by r.rank desc, r.id limit ?`,
    [
      folded,
      folded,
      ...texts.full.params,
      ...texts.literal.params,
      folded,
      folded,
      ...texts.full.params,
      ...(fuzzy ? [folded] : []),
      ...(nonLatin ? [like] : []),
      ...where.params,
      ...(after ? [after.rank, after.rank, after.id] : []),
      limit + 1,
    ],
  );
  const page1 = rows.slice(0, limit);
  const byId = new Map((await em.find(Ingredient, { id: { $in: page1.map((r) => r.id) } })).map((i) => [i.id, i]));
  const last = page1[page1.length - 1];
  return {
    items: page1.map((r) => byId.get(r.id)!).filter(Boolean),
    nextCursor: rows.length > limit && last ? writeRankCursor('i', Number(last.rank), [], last.id) : null,
  };
}
