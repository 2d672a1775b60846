// As-you-type suggestions: products, brands and ingredients for what is typed so far,
// in ONE statement, fast enough for every keystroke. The last word is a prefix (unstemmed); typos
// are corrected only when nothing is suggested (as the search corrects them). Every part reads a bounded number of rows:
// products as the search bounds them (candidates(): all matches of a rare prefix, else those among
// the SUGGESTION_WALK most popular products); brands through the GIN index of their names' words
// (a prefix of a word is a range of the index; at most SUGGESTION_CANDIDATES of them ordered, as a
// two-letter prefix may start a word of thousands of brands); ingredients whose names start with what is typed
// (btree text_pattern_ops on ingredient_search.names) and at most SUGGESTION_CANDIDATES of the
// document's matches.
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { corrections } from './corrections.js';
import { fold, queryTexts, type QueryTexts } from './engine/query.js';
import { parseSearchText } from './parse.js';
import { searchVocabulary } from './synonyms.js';
import { candidates } from './candidates.js';

export const MAX_SUGGESTIONS = 10;
const SUGGESTION_CANDIDATES = 100;
const SUGGESTION_WALK = 1000;

export interface Suggestion {
  id: string;
  alias: string;
  name: string;
  /** A product's brand name. */
  brand: string | null;
}

export interface Suggestions {
  products: Suggestion[];
  brands: Suggestion[];
  ingredients: Suggestion[];
}

const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchSuggestions(
  em: EntityManager,
  text: string,
  limit: number | null | undefined,
): Promise<Suggestions> {
  const n = limit ?? 5;
  if (!Number.isInteger(n) || n < 1 || n > MAX_SUGGESTIONS)
    throw validationFailed('limit', `limit must be an integer from 1 to ${MAX_SUGGESTIONS}`);
  const parsed = parseSearchText('query', text);
  const texts = parsed && queryTexts(parsed, searchVocabulary());
  if (!parsed || !texts) return { products: [], brands: [], ingredients: [] };
  const first = await suggest(em, text, texts, n);
  if (first.products.length || first.brands.length || first.ingredients.length) return first;
  // Nothing for what is typed: forgive the typos the search forgives (only then: a statement more,
  // for a rare keystroke), the word being typed included once it is no start of a known word.
  const typing = parsed.terms.find((t) => t.prefix)?.words[0] ?? null;
  const fixes = await corrections(em, parsed.words, typing);
  const fixed = fixes.size ? queryTexts(parsed, searchVocabulary(), fixes) : null;
  return fixed ? suggest(em, text, fixed, n) : first;
}

async function suggest(em: EntityManager, text: string, texts: QueryTexts, n: number): Promise<Suggestions> {
  const folded = fold(text);
  // The words typed, the last one a prefix: each the start of a word of the brand's name (any order:
  // a hyphenated name is indexed as the whole and its parts, which a phrase would not meet).
  const brandPrefix = folded
    .split(' ')
    .filter(Boolean)
    .map((w, i, all) => `'${w}'${i === all.length - 1 ? ':*' : ''}`)
    .join(' & ');
  if (!brandPrefix) return { products: [], brands: [], ingredients: [] };
  // Not the typed words' probe (`core`): a suggestion's bound is 100, met by most prefixes' first words.
  const productSet = candidates(
    { ...texts, core: null },
    { sql: [`p.status = 'published'`], params: [] },
    SUGGESTION_CANDIDATES,
    SUGGESTION_WALK,
  );
  const [row] = await em.execute<
    Array<{ products: Suggestion[] | null; brands: Suggestion[] | null; ingredients: Suggestion[] | null }>
  >(
    `select
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', x.brand) order by x.rank desc, x.popularity desc, x.id) from (
          select p.id, p.alias, p.name, b.name as brand, m.popularity, ts_rank_cd(m.document, ${texts.full.sql}) as rank
          from (${productSet.sql}) m
          join product p on p.id = m.product_id join brand b on b.id = p.brand_id
          order by rank desc, m.popularity desc, p.id limit ?) x) as products,
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', null) order by x.name) from (
          select b.id, b.alias, b.name from (
            select id, alias, name from brand where to_tsvector('simple', search_fold(name)) @@ to_tsquery('simple', ?) limit ${SUGGESTION_CANDIDATES}) b
          order by b.name ilike ? desc, length(b.name), b.name limit ?) x) as brands,
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', null) order by x.curated desc, x.rank desc, x.name) from (
          select i.id, i.alias, i.name, i.curated, max(c.rank) as rank from (
            (select s.ingredient_id, 1 + ts_rank_cd(s.document, ${texts.full.sql}) as rank from ingredient_search s where s.names like ? order by s.names limit ?)
            union all
            select s.ingredient_id, ts_rank_cd(s.document, ${texts.full.sql}) from (
              select ingredient_id, document from ingredient_search where document @@ ${texts.full.sql} limit ${SUGGESTION_CANDIDATES}) s
          ) c join ingredient i on i.id = c.ingredient_id group by i.id
          order by i.curated desc, rank desc, length(i.name), i.name limit ?) x) as ingredients`,
    [
      ...texts.full.params,
      ...productSet.params,
      n,
      brandPrefix,
      `${like(text.trim())}%`,
      n,
      ...texts.full.params,
      `${like(folded)}%`,
      n,
      ...texts.full.params,
      ...texts.full.params,
      n,
    ],
  );
  return { products: row?.products ?? [], brands: row?.brands ?? [], ingredients: row?.ingredients ?? [] };
}
