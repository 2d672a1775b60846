// The bounded candidate set of a product text search (search and suggestions alike): one statement's
// SQL over product_search, the filters given as SQL over `p` (the product).
/**
 * The candidates of a query, then their ranking, in ONE statement. The probe reads at most
 * RANKED_CANDIDATES + 1 matches in any order (a rare word's few off the GIN index; a frequent word's
 * first ones found): when it comes back short, those are all the matches and they are ranked with
 * the filters (the exact answer); when full, the word is frequent and the candidates are its
 * matches among the POPULAR_WALK most popular products (a walk of the popularity index that stops
 * there). Each branch runs only when its one-time condition holds.
 */
export function candidatesSql(
  query: string,
  where: { sql: string[]; params?: unknown[] },
  ranked: number,
  walk: number,
): string {
  const filters = where.sql.join(' and ');
  return `with probe as materialized (
       select s.product_id, s.document, s.popularity from product_search s where s.document @@ ${query} limit ${ranked + 1}
     ), exact as (select count(*) <= ${ranked} as yes from probe)
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
     ) c`;
}
