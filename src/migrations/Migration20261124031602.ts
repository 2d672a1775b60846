import { Migration } from '@mikro-orm/migrations';

export class Migration20261124031602 extends Migration {
  override name = 'Migration20261124031602';

  override up(): void | Promise<void> {
    // Smaller, cheaper analysis rows (the hot path of POST /analyze/ingredient_list): the matched
    // ingredient ids are derived from the entries instead of stored twice, and the entries are
    // kept as `json` text (jsonb parses each one into a binary tree; nothing queries inside them).
    // New rows also leave out fields at their usual value (see stored-entries.type.ts).
    this.addSql(`alter table "ingredient_analysis" drop column "ingredient_ids";`);
    this.addSql(`alter table "ingredient_analysis" alter column "entries" type json using "entries"::json;`);
    this.addSql(`alter table "ingredient_analysis" alter column "entries" set storage external;`);
  }

  override down(): void | Promise<void> {
    // Entries back as jsonb with every field present, and the ids stored again.
    this.addSql(`alter table "ingredient_analysis" alter column "entries" type jsonb using "entries"::jsonb;`);
    this.addSql(
      `update "ingredient_analysis" set "entries" = coalesce((select jsonb_agg('{"ingredientId": null, "concentration": null, "mayContain": false, "nano": false, "active": false}'::jsonb || e order by n) from jsonb_array_elements("entries") with ordinality as x(e, n)), '[]'::jsonb);`,
    );
    this.addSql(`alter table "ingredient_analysis" add "ingredient_ids" text[] not null default '{}';`);
    this.addSql(
      `update "ingredient_analysis" set "ingredient_ids" = array(select e->>'ingredientId' from
        jsonb_array_elements("entries") with ordinality as x(e, n) where e->>'ingredientId' is not null order by n);`,
    );
    this.addSql(
      `alter table "ingredient_analysis" alter column "ingredient_ids" drop default, alter column "entries" set storage
        external, alter column "ingredient_ids" set storage external;`,
    );
  }
}
