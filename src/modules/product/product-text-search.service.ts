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
import { productRowReader, type ProductConditions, type ProductReads, type ProductRow } from './product-rows.js';
import { queryTexts, type ParsedQuery, type QuerySql, type QueryTexts } from '../search/engine/query.js';
import { parseSearchText as parseText } from '../search/parse.js';

import { searchVocabulary } from '../search/synonyms.js';
import { mayNameIngredient } from '../search/engine/intent.js';
import { cachedActiveIngredientIds, ingredientLookup, loadKnowledgeBase } from './search-ingredient-words.js';

/**
 * A product search's text, read for what its words mean (free-from, kinds, concerns: issue 42). The
 * knowledge base (cached) is read only when a free-from shape may name an ingredient ("niacinamide free").
 */
export async function parseSearchText(em: EntityManager, field: string, text: string) {
  return parseText(field, text, true, mayNameIngredient(text) ? await ingredientLookup(em) : undefined);
}
import { candidates } from '../search/candidates.js';
import { corrections } from '../search/corrections.js';
import type { Intent } from '../search/engine/intent.js';
import { checkedFlags, LIST_READ } from './product.service.js';

/**
 * Bounds on the work of one search (bench/README.md, "Search"). A query with at most
 * RANKED_CANDIDATES matches is answered exactly: all its matches (read off the GIN index) ranked.
 * A query with more matches (a frequent word: "cream" is in a fifth of a large catalog) ranks its
 * matches among the POPULAR_WALK most popular products, at most RANKED_CANDIDATES of them: the
 * work is the same whether the word is in 2 % or 100 % of the products.
 */
export const RANKED_CANDIDATES = 1000;
export const POPULAR_WALK = 4000;

/**
 * An answer shorter than this on a first page (a word too many, "best vitamin c serum"; a kind the
 * product is not named by, "vitamin c eye cream" for an eye serum) is completed to it with the
 * products meeting all of the query's words but one (QueryTexts.relaxed), after the exact ones.
 * Their matched_words say which words they met. Only a short answer: a long one stays exact.
 */
export const SHORT_ANSWER = 5;

const matchedWords = new WeakMap<object, string[]>();
/** The words of a search result's name and brand that matched the query (null outside a text search). */
export const matchedWordsOf = (product: object): string[] | null => matchedWords.get(product) ?? null;

/** How a word of the query was read: matched by some result, and what it was read as (null: as itself). */
export interface WordReading {
  word: string;
  matched: boolean;
  readAs: string | null;
}

/** What a text search read in the query: each word, each constraint as checked, and notes. */
export interface SearchReading {
  words: WordReading[];
  constraints: ReadConstraint[];
  notes: string[];
}

/** A constraint as the answer names it: a flag class (freeOf) or one ingredient (excludeIngredient). */
export interface ReadConstraint {
  typed: string;
  freeOf: string | null;
  check: string;
  excludeIngredient: string | null;
}

const readConstraints = (intent: Intent | undefined): ReadConstraint[] =>
  (intent?.constraints ?? []).map((c) => ({
    typed: c.typed,
    freeOf: c.ingredient ? null : c.freeOf,
    check: c.check,
    excludeIngredient: c.ingredient?.id ?? null,
  }));

const readings = new WeakMap<object, SearchReading>();
/** The reading of a text search's page (null for a page of no text search). */
export const searchReadingOf = (page: object): SearchReading | null => readings.get(page) ?? null;

/**
 * The free-from constraints a query asked for, as the `free_of` filter of the product searches
 * writes them (checkedFlags: the contract's words to the product flags, one stored reading; a
 * product whose list is not wholly read is not known to be free of anything).
 */
function constraintConditions(intent: Intent | undefined): ProductConditions {
  const flags = checkedFlags(
    'query',
    intent?.constraints.filter((c) => !c.ingredient).map((c) => c.freeOf),
  );
  // One named ingredient ("niacinamide free"): no entry of the product is it, as `exclude_ingredients`
  // reads (product.ingredient_ids), and the list read whole (an unread entry may be it).
  const ingredients = (intent?.constraints ?? []).flatMap((c) => (c.ingredient ? [c.ingredient.id] : []));
  const out: ProductConditions = { sql: [], params: [] };
  if (flags.length) {
    out.sql.push(`not (p.flags && array[?]::text[]) and ${LIST_READ}`);
    out.params.push(flags);
  }
  if (ingredients.length) {
    out.sql.push(`not (p.ingredient_ids && array[?]::text[]) and ${LIST_READ}`);
    out.params.push(ingredients);
  }
  return out;
}

/** Notes for what was read and is not a word to match: unchecked claims, the comedogenic ranking, dropped words. */
function intentNotes(intent: Intent | undefined): string[] {
  if (!intent) return [];
  const notes: string[] = [];
  for (const claim of intent.unchecked)
    notes.push(`"${claim}": not checked (nothing an ingredient list shows), so not used to filter`);
  if (intent.comedogenic)
    notes.push(
      `"${intent.comedogenic}": leave-on products without an ingredient rated comedogenic 3 or more (Fulton 1989) ranked first; nothing excluded`,
    );
  if (intent.ignored.length)
    notes.push(`ignored: ${intent.ignored.map((w) => `"${w}"`).join(', ')} (sizes and shopping words)`);
  return notes;
}

/**
 * The rank a product gains when the query asked for non-comedogenic products: left on the skin
 * (not a cleanser, a wash-off mask, a scrub or a body wash) with no ingredient rated 3 or more.
 */
const COMEDOGENIC_GAIN = ` + 100 * (select count(*) from product cp join product_category cc on cc.id = cp.category_id
    where cp.id = m.product_id and coalesce(cc.step_type, '') <> 'cleanse'
      and cc.alias not in ('wash-off-masks', 'clay-masks', 'scrubs', 'body-washes')
      and not exists (select 1 from ingredient ci where ci.id::text = any(cp.ingredient_ids) and ci.comedogenic >= 3))`;

/**
 * Kinds for one part of the body (the categories under these): a query naming no such part
 * ("serum", "cream") means the face's kind first, then the eye serum, the hand cream. Rank lost
 * by such a product when no term of the query names the part: less than a word met (a whole
 * ts_rank step), more than the ties of popularity.
 */
const BODY_AREAS: Record<string, string> = { eye: 'eye-care', lip: 'lip-care', body: 'body-care', hand: 'body-care' };
const areaLoss = (parsed: ParsedQuery, loss: number): string => {
  const named = new Set(parsed.terms.flatMap((t) => t.alternatives.flat()).filter((w) => Object.hasOwn(BODY_AREAS, w)));
  const parents = [
    ...new Set(
      Object.entries(BODY_AREAS)
        .filter(([w]) => !named.has(w))
        .map(([, alias]) => alias),
    ),
  ];
  // The aliases are this constant's, not the query's: written into the statement as literals.
  return parents.length
    ? ` - ${loss} * (select count(*) from product ap join product_category ac on ac.id = ap.category_id
      join product_category pc on pc.id = ac.parent_id where ap.id = m.product_id
        and pc.alias in (${parents.map((a) => `'${a}'`).join(', ')}))`
    : '';
};

/**
 * The rank a product gains when its list holds one of the actives of a concern the query named
 * ("blackhead toner": the BHA toners before a niacinamide toner whose description says "pores"): 50,
 * less than an optional word met (100), more than any text rank. A candidate column read from the
 * product row the filters read (a lookup per candidate doubled "dark spots" at 100,000 products),
 * only for a query naming a concern; the ids come from the cached knowledge base, written as a
 * literal (uuids, checked).
 */
async function activesColumn(em: EntityManager, parsed: ParsedQuery): Promise<string | undefined> {
  const actives = [...new Set(parsed.terms.flatMap((t) => (t.negated ? [] : (t.actives ?? []))))];
  if (!actives.length) return undefined;
  const ids = cachedActiveIngredientIds(await loadKnowledgeBase(em), actives).filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  if (!ids.length) return undefined;
  // Each entry looked up in the ids (a hashed `= any` of a constant list, PostgreSQL 14+), not `&&`,
  // which compares every entry with every id: 14 entries × 159 ids for "anti aging" at each candidate.
  return `(exists (select 1 from unnest(p.ingredient_ids) as e(id) where e.id = any('{${ids.join(',')}}'::text[])))::int as active`;
}

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
  reads: ProductReads,
): Promise<PageResult<ProductRow>> {
  const limit = checkedLimit(page.limit);
  const after = page.cursor ? readCursor(page.cursor) : null;
  // A typed word no product, brand, category or ingredient name has may be misspelt: the known
  // words nearest to it are searched as well; so are the two a word runs together.
  const typing = parsed.terms.find((t) => t.prefix)?.words[0] ?? null;
  const fixes = await corrections(em, parsed.words, typing);
  const texts = queryTexts(parsed, searchVocabulary(), fixes);
  if (!texts) return { items: [], nextCursor: null };
  // A concern's actives gain 50 (activesGain); a kind for another part of the body loses more then
  // ("anti aging serum": a face serum without them before an eye serum with them).
  const active = await activesColumn(em, parsed);
  const gain =
    (parsed.intent?.comedogenic ? COMEDOGENIC_GAIN : '') +
    areaLoss(parsed, active ? 60 : 0.3) +
    (active ? ' + 50 * m.active' : '');
  const result = await rankedPage(em, texts, where, limit, after, reads, gain, active);
  const short = !after && texts.relaxed && result.rows.length < Math.min(limit, SHORT_ANSWER);
  const relaxed = short
    ? await relaxedRows(em, texts, where, Math.min(limit, SHORT_ANSWER) - result.rows.length, reads, gain, active)
    : [];
  const filled = [...result.rows, ...relaxed];
  const items = filled.slice(0, limit);
  const last = items[items.length - 1];
  // A plain term is matched when a result meets it: all of them when one result meets the whole
  // query; else those the partial results met (relaxedRows' search_met: the plain terms' ordinals).
  const plain = parsed.terms.filter((t) => !t.optional && !t.negated && !t.quoted);
  const met = new Set(relaxed.flatMap((r) => (r.search_met as number[] | null) ?? []).map((n) => plain[n - 1]));
  const reading: SearchReading = {
    words: parsed.terms
      .filter((t) => !t.negated)
      .map((t) => ({
        word: t.words.join(' '),
        matched: !!t.readAs || result.rows.length > 0 || met.has(t),
        readAs: t.readAs ?? null,
      })),
    constraints: readConstraints(parsed.intent),
    notes: intentNotes(parsed.intent),
  };
  const answer = {
    items: items.map((row) => {
      const product = result.toItem(row);
      matchedWords.set(
        product,
        (row.search_words as string[]).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%+]+$/gu, '')).filter(Boolean),
      );
      return product;
    }),
    nextCursor:
      !short && result.rows.length > limit && last
        ? writeRankCursor('s', Number(last.search_rank), [Number(last.search_popularity)], last.p_id as string)
        : null,
  };
  readings.set(answer, reading);
  return answer;
}

/**
 * The rank a product gains from the optional words it meets ("oily", "skin" of "cleanser for oily
 * skin"): 100 per word that sets products apart, more than any text rank of the words required
 * reaches, so the cleansers for oily skin come first, then the other cleansers. A word met by half
 * the candidates or more ("skin") sets nothing apart and gains nothing. Read over the candidates
 * `c` (a common table of the statement): the SQL of a further common table `o` and of the gain.
 */
function boostSql(texts: QueryTexts): { cte: string; gain: string; params: string[] } {
  if (!texts.boost.length) return { cte: '', gain: '', params: [] };
  return {
    cte: `, o as (select q, (select count(*) from c where c.document @@ q) as n from unnest(array[${texts.boost
      .map((b) => b.sql)
      .join(', ')}]::tsquery[]) q), total as (select count(*) as n from c)`,
    gain: ` + 100 * (select count(*) from o where o.n * 2 < (select n from total) and m.document @@ o.q)`,
    params: texts.boost.flatMap((b) => b.params),
  };
}

/**
 * A result row's columns: the product row's, its rank and popularity (for the cursor), and the words of
 * its name and brand that matched (`search_words`; parameters: texts.highlight's).
 */
const resultColumns = (reader: { select: string }, texts: QueryTexts): string =>
  `${reader.select}, r.rank as search_rank, r.popularity as search_popularity,
       array(select w from regexp_split_to_table(p.name || ' ' || b.name, '\\s+') as w where search_field(w) @@ ${texts.highlight.sql}) as search_words`;

/**
 * The text rank of a document (`document`, SQL): its cover density over the whole query, once more
 * over the literal words, once more within name, brand and category. When the literal words are the
 * whole query (no synonym, no other spelling, no correction: "cream") the first two are one
 * ts_rank_cd doubled, the same number for half the work (ranking is the largest part of a frequent
 * word's statement: 1,000 documents, tens of microseconds each).
 */
export function textRank(texts: Pick<QueryTexts, 'full' | 'literal'>, document: string): QuerySql {
  const { full, literal } = texts;
  const same =
    full.sql === literal.sql &&
    full.params.length === literal.params.length &&
    full.params.every((p, i) => p === literal.params[i]);
  const filtered = `ts_rank_cd(ts_filter(${document}, '{a,b,c}'), ${full.sql})`;
  return same
    ? { sql: `2::real * ts_rank_cd(${document}, ${full.sql}) + ${filtered}`, params: [...full.params, ...full.params] }
    : {
        sql: `ts_rank_cd(${document}, ${full.sql}) + ts_rank_cd(${document}, ${literal.sql}) + ${filtered}`,
        params: [...full.params, ...literal.params, ...full.params],
      };
}

async function rankedPage(
  em: EntityManager,
  texts: QueryTexts,
  where: ProductConditions,
  limit: number,
  after: SearchCursor | null,
  reads: ProductReads,
  gain: string,
  column?: string,
) {
  const reader = await productRowReader(em, reads);
  const page = after ? ' and (r.rank, r.popularity, r.product_id) < (?::float8, ?::int, ?::uuid)' : '';
  const candidateSet = candidates(texts, where, RANKED_CANDIDATES, POPULAR_WALK, column);
  const boost = boostSql(texts);
  const rank = textRank(texts, 'm.document');
  // The page is cut from the ranked candidates before the product, brand and category rows are
  // joined: those are read for the page's rows, not for every candidate (up to 1,000).
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `with c as materialized (${candidateSet.sql})${boost.cte}
     select ${resultColumns(reader, texts)}
     from ${reader.from} join (
       select * from (
         select m.product_id, m.popularity,
           (${rank.sql}${boost.gain}${gain})::float8 as rank
         from c m
       ) r where true${page}
       order by r.rank desc, r.popularity desc, r.product_id desc limit ?
     ) r on r.product_id = p.id
     order by r.rank desc, r.popularity desc, r.product_id desc limit ?`,
    [
      ...candidateSet.params,
      ...boost.params,
      ...texts.highlight.params,
      ...rank.params,
      ...(after ? [after.rank, after.popularity, after.id] : []),
      limit + 1,
      limit + 1,
    ],
  );
  return { rows, toItem: reader.toItem };
}

/**
 * Up to `count` products meeting all of the query's plain terms but one and not the whole query
 * (SHORT_ANSWER): those meeting more terms first, then by rank. From the same bounded candidates.
 */
async function relaxedRows(
  em: EntityManager,
  texts: QueryTexts,
  where: ProductConditions,
  count: number,
  reads: ProductReads,
  gain: string,
  column?: string,
): Promise<Array<Record<string, unknown>>> {
  const relaxed = texts.relaxed!;
  const reader = await productRowReader(em, reads);
  const candidateSet = candidates(
    { full: relaxed.any, whole: null, rest: null },
    where,
    RANKED_CANDIDATES,
    POPULAR_WALK,
    column,
  );
  const terms = `array[${relaxed.terms.map((t) => t.sql).join(', ')}]::tsquery[]`;
  const termParams = relaxed.terms.flatMap((t) => t.params);
  const boost = boostSql(texts);
  // Among products meeting as many terms, those whose terms are rarer among the candidates first
  // (a sum of 1 / how many candidates meet each): the word that says what is wanted is usually the
  // rarer one ("retinol cream" completed by retinol serums before creams without retinol).
  // A term of stop words alone ("the") is an empty tsquery that nothing meets: it is not counted.
  return em.execute<Array<Record<string, unknown>>>(
    `with c as materialized (${candidateSet.sql})${boost.cte},
       t as (select q, ord, (select count(*) from c where c.document @@ q) as n from unnest(${terms}) with ordinality as u(q, ord))
     select ${resultColumns(reader, texts)}, r.search_met
     from ${reader.from} join (
       select * from (
         select m.product_id, m.popularity,
           (select count(*) from t where m.document @@ t.q) as met,
           array(select t.ord::int from t where m.document @@ t.q) as search_met,
           (select sum(1.0 / t.n) from t where m.document @@ t.q) as weight,
           (ts_rank_cd(m.document, ${relaxed.any.sql}) + ts_rank_cd(ts_filter(m.document, '{a,b,c}'), ${relaxed.any.sql})${boost.gain}${gain})::float8 as rank
         from c m
       ) r where r.met >= greatest(1, (select count(*) from t where numnode(t.q) > 0) - 1)
       order by r.met desc, r.weight desc, r.rank desc, r.popularity desc, r.product_id desc limit ?
     ) r on r.product_id = p.id
     order by r.met desc, r.weight desc, r.rank desc, r.popularity desc, r.product_id desc`,
    [
      ...candidateSet.params,
      ...boost.params,
      ...termParams,
      ...texts.highlight.params,
      ...relaxed.any.params,
      ...relaxed.any.params,
      count,
    ],
  );
}

/**
 * Products by `text` and `where`: by relevance; a query of negations alone ("-fragrance") has
 * nothing to rank and is a condition (no matching document), paged by `byName`.
 */
export async function searchProductText(
  em: EntityManager,
  parsed: ParsedQuery,
  where: ProductConditions,
  page: PageArgs,
  reads: ProductReads,
  byName: (where: ProductConditions) => Promise<PageResult<ProductRow>>,
): Promise<PageResult<ProductRow>> {
  // Free-from words of the query ("fragrance free", "reef safe") are the free_of filter.
  const asked = constraintConditions(parsed.intent);
  where = { sql: [...where.sql, ...asked.sql], params: [...where.params, ...asked.params] };
  if (!parsed.terms.length) {
    // Only constraints typed ("fragrance free"): every product meeting them, by name.
    const page = await byName(where);
    readings.set(page, { words: [], constraints: readConstraints(parsed.intent), notes: intentNotes(parsed.intent) });
    return page;
  }
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
  return productTextPage(em, parsed, where, page, reads);
}
