import { Migration } from '@mikro-orm/migrations';

/**
 * Shared comparisons kept analysis tokens (which let their holder claim an anonymous analysis) and
 * only product ids (a deleted product vanished from them). Analyses are now kept by id, and each
 * product with a copy of its name, brand and ingredient ids as they are now.
 */
export class Migration20261125002000 extends Migration {
  override name = 'Migration20261125002000';

  override up(): void | Promise<void> {
    this.addSql(`update "shared_comparison" sc set "items" = (
      select jsonb_agg(case
        when e->>'kind' = 'analysis' then
          coalesce((select jsonb_build_object('kind', 'analysis', 'key', a.id::text) from "ingredient_analysis" a where a.token = e->>'key'), e)
        when e->>'kind' = 'product' then
          coalesce((select jsonb_build_object('kind', 'product', 'key', p.id::text, 'name', p.name, 'brand', b.name, 'ingredientIds', to_jsonb(p.ingredient_ids))
                    from "product" p left join "brand" b on b.id = p.brand_id where p.id::text = e->>'key'), e)
        else e end order by ord)
      from jsonb_array_elements(sc."items") with ordinality as x(e, ord))
      where jsonb_array_length(sc."items") > 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "shared_comparison" sc set "items" = (
      select jsonb_agg(case
        when e->>'kind' = 'analysis' then
          coalesce((select jsonb_build_object('kind', 'analysis', 'key', a.token) from "ingredient_analysis" a where a.id::text = e->>'key'), e)
        else jsonb_build_object('kind', e->>'kind', 'key', e->>'key') end order by ord)
      from jsonb_array_elements(sc."items") with ordinality as x(e, ord))
      where jsonb_array_length(sc."items") > 0;`);
  }
}
