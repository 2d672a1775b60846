// Free-text product search: the product_search documents the database keeps (see the
// search migration), read with to_tsquery('english', …) texts written by engine/query.ts. Ranked by
// ts_rank over the document's weights (name A, brand B, category C, description and notable
// ingredients D), the literal words counted once more, and once more the match within name, brand
// and category alone: ts_rank_cd weighs a short cover above the weights, so without it "peptide
// serum" ranked a retinol elixir whose description says "serum with peptides" above a Serums-
// category product named "Peptide …". Ties by popularity (favourites), then id.
// Paged by a signed cursor over (rank, popularity, id).
import type { EntityManager } from '../../db.js';
import { checkedLimit, type PageArgs, type PageResult } from '../shared/pagination.js';
import { readRankCursor, writeRankCursor } from '../search/rank-cursor.js';
import { productRowReader, type ProductConditions, type ProductRow } from './product-rows.js';
import { queryTexts, type ParsedQuery, type QueryTexts } from '../search/engine/query.js';
export { parseSearchText } from '../search/parse.js';
import { searchVocabulary } from '../search/synonyms.js';
import { candidates } from '../search/candidates.js';

/**
 * Bounds on the work of one search (bench/README.md, "Search"). A query with at most
 * RANKED_CANDIDATES matches is answered exactly: all its matches (read off the GIN index) ranked.
 * A query with more matches (a frequent word: "cream" is in a fifth of a large catalog) ranks its
 * matches among the POPULAR_WALK most popular products, at most RANKED_CANDIDATES of them: the
 * work is the same whether the word is in 2 % or 100 % of the products.
 */
export const RANKED_CANDIDATES = 1000;
export const POPULAR_WALK = 4000;

const matchedWords = new WeakMap<object, string[]>();
/** The words of a search result's name and brand that matched the query (null outside a text search). */
export const matchedWordsOf = (product: object): string[] | null => matchedWords.get(product) ?? null;

interface SearchCursor {
  rank: number;
  popularity: number;
  id: string;
}

function readCursor(cursor: string): SearchCursor {
  const {
    rank,
    tiebreakers: [popularity],
    id,
  } = readRankCursor('s', cursor, 1);
  return { rank, popularity, id };
}

/** A typed word that is no known word → the known word nearest to it by trigrams (pg_trgm's % and similarity). */
async function corrections(em: EntityManager, words: string[]): Promise<Map<string, string>> {
  const candidates = words.filter((w) => w.length >= 4 && !/\d/.test(w));
  if (!candidates.length) return new Map();
  const rows = await em.execute<Array<{ w: string; fix: string | null }>>(
    `select q.w, (select s.word from search_word s where s.word % q.w order by similarity(s.word, q.w) desc, abs(length(s.word) - length(q.w)), s.word limit 1) as fix
     from unnest(array[?]::text[]) as q(w) where not exists (select 1 from search_word s where s.word = q.w)`,
    [candidates],
  );
  return new Map(rows.filter((r) => r.fix).map((r) => [r.w, r.fix!]));
}

/**
 * Products matching `text` and `where` (conditions over `p`, the product), by relevance. A query
 * of negations alone ("-fragrance") has nothing to rank: it is a condition, pages by name
 * (`productsLacking`).
 */
export async function productTextPage(
  em: EntityManager,
  parsed: ParsedQuery,
  where: ProductConditions,
  page: PageArgs,
  withEntries = false,
): Promise<PageResult<ProductRow>> {
  const limit = checkedLimit(page.limit);
  const after = page.cursor ? readCursor(page.cursor) : null;
  // A typed word no product, brand, category or ingredient name has may be misspelt: the known
  // word nearest to it is searched as well.
  const fixes = await corrections(em, parsed.words);
  const texts = queryTexts(parsed, searchVocabulary(), fixes);
  if (!texts) return { items: [], nextCursor: null };
  const result = await rankedPage(em, texts, where, limit, after, withEntries);
  const items = result.rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => {
      const product = result.toItem(row);
      matchedWords.set(
        product,
        (row.search_words as string[]).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%+]+$/gu, '')).filter(Boolean),
      );
      return product;
    }),
    nextCursor:
      result.rows.length > limit && last
        ? writeRankCursor('s', Number(last.search_rank), [Number(last.search_popularity)], last.p_id as string)
        : null,
  };
}

async function rankedPage(
  em: EntityManager,
  texts: QueryTexts,
  where: ProductConditions,
  limit: number,
  after: SearchCursor | null,
  withEntries: boolean,
) {
  const reader = await productRowReader(em, withEntries);
  const page = after ? ' and (r.rank, r.popularity, r.product_id) < (?::float8, ?::int, ?::uuid)' : '';
  const candidateSet = candidates(texts, where, RANKED_CANDIDATES, POPULAR_WALK);
  // The page is cut from the ranked candidates before the product, brand and category rows are
  // joined: those are read for the page's rows, not for every candidate (up to 1,000).
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select ${reader.select}, r.rank as search_rank, r.popularity as search_popularity,
       array(select w from regexp_split_to_table(p.name || ' ' || b.name, '\\s+') as w where search_field(w) @@ ${texts.highlight.sql}) as search_words
     from ${reader.from} join (
       select * from (
         select m.product_id, m.popularity,
           (ts_rank_cd(m.document, ${texts.full.sql}) + ts_rank_cd(m.document, ${texts.literal.sql})
             + ts_rank_cd(ts_filter(m.document, '{a,b,c}'), ${texts.full.sql}))::float8 as rank
         from (${candidateSet.sql}) m
       ) r where true${page}
       order by r.rank desc, r.popularity desc, r.product_id desc limit ?
     ) r on r.product_id = p.id
     order by r.rank desc, r.popularity desc, r.product_id desc limit ?`,
    [
      ...texts.highlight.params,
      ...texts.full.params,
      ...texts.literal.params,
      ...texts.full.params,
      ...candidateSet.params,
      ...(after ? [after.rank, after.popularity, after.id] : []),
      limit + 1,
      limit + 1,
    ],
  );
  return { rows, toItem: reader.toItem };
}

/**
 * Products by `text` and `where`: by relevance; a query of negations alone ("-fragrance") has
 * nothing to rank and is a condition (no matching document), paged by `byName`.
 */
export function searchProductText(
  em: EntityManager,
  parsed: ParsedQuery,
  where: ProductConditions,
  page: PageArgs,
  withEntries: boolean,
  byName: (where: ProductConditions) => Promise<PageResult<ProductRow>>,
): Promise<PageResult<ProductRow>> {
  if (parsed.terms.every((t) => t.negated)) {
    const positive = queryTexts(
      { ...parsed, terms: parsed.terms.map((t) => ({ ...t, negated: false, or: true })) },
      searchVocabulary(),
    );
    return byName({
      sql: [
        ...where.sql,
        `not exists (select 1 from product_search s where s.product_id = p.id and s.document @@ ${positive!.full.sql})`,
      ],
      params: [...where.params, ...positive!.full.params],
    });
  }
  return productTextPage(em, parsed, where, page, withEntries);
}
