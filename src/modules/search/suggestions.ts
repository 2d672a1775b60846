// As-you-type suggestions (issue 29): products, brands and ingredients for what is typed so far,
// in ONE statement, fast enough for every keystroke. The last word is a prefix (unstemmed); no
// typo correction (the next keystroke is coming); products ranked among their most popular
// SUGGESTION_CANDIDATES matches, so a frequent prefix ("cr") reads a bounded number of rows.
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { fold, queryTexts } from './engine/query.js';
import { parseSearchText } from './parse.js';
import { searchVocabulary } from './synonyms.js';

export const MAX_SUGGESTIONS = 10;
const SUGGESTION_CANDIDATES = 200;

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

export async function searchSuggestions(em: EntityManager, text: string, limit: number | null | undefined): Promise<Suggestions> {
  const n = limit ?? 5;
  if (!Number.isInteger(n) || n < 1 || n > MAX_SUGGESTIONS) throw validationFailed('limit', `limit must be an integer from 1 to ${MAX_SUGGESTIONS}`);
  const parsed = parseSearchText('query', text);
  const texts = parsed && queryTexts(parsed, searchVocabulary());
  if (!texts) return { products: [], brands: [], ingredients: [] };
  const folded = fold(text);
  // Brand names: those starting with what is typed, or with a word starting with it (few rows: a brand table is small).
  const [row] = await em.execute<Array<{ products: Suggestion[] | null; brands: Suggestion[] | null; ingredients: Suggestion[] | null }>>(
    `select
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', x.brand) order by x.rank desc, x.popularity desc, x.id) from (
          select p.id, p.alias, p.name, b.name as brand, m.popularity, ts_rank_cd(m.document, ${texts.full.sql}) as rank
          from (select s.product_id, s.document, s.popularity from product_search s join product p on p.id = s.product_id
                where s.document @@ ${texts.full.sql} and p.status = 'published'
                order by s.popularity desc, s.product_id desc limit ${SUGGESTION_CANDIDATES}) m
          join product p on p.id = m.product_id join brand b on b.id = p.brand_id
          order by rank desc, m.popularity desc, p.id limit ?) x) as products,
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', null) order by x.name) from (
          select b.id, b.alias, b.name from brand b where b.name ilike ? or b.name ilike ? or b.name ilike ? order by length(b.name), b.name limit ?) x) as brands,
       (select json_agg(json_build_object('id', x.id, 'alias', x.alias, 'name', x.name, 'brand', null) order by x.rank desc, x.name) from (
          select i.id, i.alias, i.name, (case when search_fold(i.name) like ? then 1 else 0 end + ts_rank_cd(s.document, ${texts.full.sql})) as rank
          from ingredient_search s join ingredient i on i.id = s.ingredient_id where s.document @@ ${texts.full.sql}
          order by rank desc, length(i.name), i.name limit ?) x) as ingredients`,
    [...texts.full.params, ...texts.full.params, n,
      `${like(text.trim())}%`, `% ${like(text.trim())}%`, `${like(folded)}%`, n,
      `${like(folded)}%`, ...texts.full.params, ...texts.full.params, n],
  );
  return { products: row?.products ?? [], brands: row?.brands ?? [], ingredients: row?.ingredients ?? [] };
}
