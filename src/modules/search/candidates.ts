// The bounded candidate set of a product text search (search and suggestions alike): one statement's
// SQL over product_search, the filters given as SQL over `p` (the product).
import type { QueryTexts } from './engine/query.js';

/**
 * The candidates of a query, then their ranking, in ONE statement. The probe reads at most
 * `ranked` + 1 matches in any order (a rare word's few off the GIN index; a frequent word's
 * first ones found): when it comes back short, those are all the matches and they are ranked with
 * the filters (the exact answer); when full, the word is frequent and the candidates are its
 * matches among the `walk` most popular products (a walk of the popularity index that stops
 * there). Each branch runs only when its one-time condition holds.
 *
 * A query whose last word is being typed is first probed without that word's prefix
 * (`texts.whole`, which matches a subset of what the query matches): the GIN index reads a
 * prefix as every entry in its range, all of their rows ("rich cream" read the 200,000 rows of
 * cream, creams and creamy, 50 ms, to find the 8,000 with rich). When the subset alone has more
 * than `ranked` matches the query is frequent, and the prefix is never read from the index.
 * Else, when the query without the typed term at all (`texts.rest`, a superset) has at most
 * `ranked` matches, those few documents are tested against the query one by one: the prefix is
 * not read from the index either ("vitamn c": 105 documents tested instead of the range of every
 * word starting with "c", 130 ms at 1,000,000 products).
 *
 * Before all of these, the query as typed (`texts.core`: no synonyms, no prefix, a subset of its
 * matches) is counted: the index reads every posting of every word of a query, synonyms included,
 * and "niacinamide serum" with vitamin b3, nicotinamide… took 47 ms to count past `ranked` at
 * 1,000,000 products, its two typed words 20 ms. More than `ranked` of them: the query is frequent.
 *
 * The SQL's parameters are in `params`, the filters' included (twice: each branch applies them).
 */
export function candidates(
  texts: Pick<QueryTexts, 'full' | 'whole' | 'rest'> & { core?: QueryTexts['core'] },
  where: { sql: string[]; params: unknown[] },
  ranked: number,
  walk: number,
  /**
   * A further column over `p` (the product, joined in both branches for the filters), SQL without
   * parameters, ending in its name ("(p.ingredient_ids && '{…}'::text[])::int as active"): read from the
   * row the filters read already, not by one more lookup per candidate.
   */
  column?: string,
): { sql: string; params: unknown[] } {
  const extra = column ? `, ${column}` : '';
  const filters = where.sql.join(' and ');
  const query = texts.full.sql;
  const { whole, rest } = texts;
  const core = texts.core ?? null;
  // The query as typed, without synonyms (a subset, cheaper to count) first: when it alone has more
  // than `ranked` matches the query is frequent, and neither `whole` nor the probe is counted.
  const typed = core
    ? `typed as materialized (
         select 1 from product_search s where s.document @@ ${core.sql} limit ${ranked + 1}
       ), typed_frequent as (select count(*) > ${ranked} as yes from typed), `
    : '';
  const unlessTyped = core ? 'not (select yes from typed_frequent) and ' : '';
  const orTyped = core ? '(select yes from typed_frequent) or ' : '';
  // Without a typed prefix `frequent` is the typed words' count (false without them); the probe decides the rest.
  const wide = whole
    ? `${typed}wide as materialized (
         select 1 from product_search s where ${unlessTyped}s.document @@ ${whole.sql} limit ${ranked + 1}
       ), frequent as (select ${orTyped}count(*) > ${ranked} as yes from wide), `
    : core
      ? `${typed}frequent as (select yes from typed_frequent), `
      : 'frequent as (select false as yes), ';
  // The query without its typed term: when it has few matches, those are tested against the query
  // one by one and the typed prefix is never read from the index.
  const narrow = rest
    ? `rest as materialized (
         select s.product_id, s.document, s.popularity from product_search s
         where not (select yes from frequent) and s.document @@ ${rest.sql} limit ${ranked + 1}
       ), narrow as (select count(*) <= ${ranked} as yes from rest), `
    : 'narrow as (select false as yes), ';
  // The probe keeps its own statement shape (inside a union, the planner chose a scan that read the
  // typed prefix's matches one by one: "gentle cl" 15 -> 150 ms); the rest's tested matches beside it.
  const fromRest = rest
    ? `, tested as materialized (
         select r.product_id, r.document, r.popularity from rest r where (select yes from narrow) and r.document @@ ${query}
       )`
    : '';
  return {
    sql: `with ${wide}${narrow}probe as materialized (
       select s.product_id, s.document, s.popularity from product_search s
       where not (select yes from frequent) and not (select yes from narrow) and s.document @@ ${query} limit ${ranked + 1}
     )${fromRest}, exact as (select not (select yes from frequent) and ((select yes from narrow) or count(*) <= ${ranked}) as yes from probe)
     select * from (
       select s.product_id, s.document, s.popularity${extra} from ${rest ? '(select * from probe union all select * from tested)' : 'probe'} s
         join product p on p.id = s.product_id
       where (select yes from exact) and ${filters}
       union all
       select * from (
         select s.product_id, s.document, s.popularity${extra}
         from (select product_id, document, popularity from product_search order by popularity desc, product_id desc limit ${walk}) s
           join product p on p.id = s.product_id
         where not (select yes from exact) and s.document @@ ${query} and ${filters}
         order by s.popularity desc, s.product_id desc limit ${ranked}
       ) w
     ) c`,
    params: [
      ...(core ? core.params : []),
      ...(whole ? whole.params : []),
      ...(rest ? rest.params : []),
      ...texts.full.params,
      ...(rest ? texts.full.params : []),
      ...where.params,
      ...texts.full.params,
      ...where.params,
    ],
  };
}
