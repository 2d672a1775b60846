// The bounded candidate set of a product text search (search and suggestions alike): one statement's
// SQL over product_search, the filters given as SQL over `p` (the product).
import type { QuerySql, QueryTexts } from './engine/query.js';

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
 *
 * The SQL's parameters are in `params`, the filters' included (twice: each branch applies them).
 */
export function candidates(
  texts: Pick<QueryTexts, 'full' | 'whole'>,
  where: { sql: string[]; params: unknown[] },
  ranked: number,
  walk: number,
): { sql: string; params: unknown[] } {
  const filters = where.sql.join(' and ');
  const query = texts.full.sql;
  const whole: QuerySql | null = texts.whole;
  // Without a prefix there is nothing to probe first: `frequent` is then false, the probe decides.
  const wide = whole
    ? `wide as materialized (
         select 1 from product_search s where s.document @@ ${whole.sql} limit ${ranked + 1}
       ), frequent as (select count(*) > ${ranked} as yes from wide), `
    : 'frequent as (select false as yes), ';
  return {
    sql: `with ${wide}probe as materialized (
       select s.product_id, s.document, s.popularity from product_search s
       where not (select yes from frequent) and s.document @@ ${query} limit ${ranked + 1}
     ), exact as (select not (select yes from frequent) and count(*) <= ${ranked} as yes from probe)
     select * from (
       select s.product_id, s.document, s.popularity from probe s join product p on p.id = s.product_id
       where (select yes from exact) and ${filters}
       union all
       select * from (
         select s.product_id, s.document, s.popularity
         from (select product_id, document, popularity from product_search order by popularity desc, product_id desc limit ${walk}) s
           join product p on p.id = s.product_id
         where not (select yes from exact) and s.document @@ ${query} and ${filters}
         order by s.popularity desc, s.product_id desc limit ${ranked}
       ) w
     ) c`,
    params: [
      ...(whole ? whole.params : []),
      ...texts.full.params,
      ...where.params,
      ...texts.full.params,
      ...where.params,
    ],
  };
}
