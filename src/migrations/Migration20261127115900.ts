import { Migration } from '@mikro-orm/migrations';

/**
 * Ingredient writes keep the search documents current, in bulk too.
 *
 * 1. Ingredients' own documents are written by statement triggers with transition tables (as the
 *    product's are): one set-based statement for an insert of thousands of rows (the EU inventory's
 *    import, its on-conflict update) instead of a row trigger's statements per row.
 * 2. A product's document holds its notable ingredients' names and groups, and where the 1 % line
 *    falls depends on its ingredients' functions and flags (search_notable_ingredients). An
 *    ingredient whose name, groups, functions or flags change rewrites the documents of the
 *    products that list it among their first twelve entries (only those can hold it as notable, or
 *    have their line moved by it); found through the GIN index on product.ingredient_ids. A
 *    deleted ingredient drops out of the documents the same way.
 *
 * 3. Suggestions read bounded ranges of indexes: a brand by the start of any word of its name (GIN
 *    over its words, unstemmed), an ingredient by the start of its names (btree text_pattern_ops).
 *
 * NOTE: `npm run migration:create` proposes dropping these functions and triggers (they are not
 * declared on the entities): delete those lines from a generated migration.
 */
export class Migration20261127115900 extends Migration {
  override name = 'Migration20261127115900';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists ingredient_search_inserted on ingredient;`);
    this.addSql(`drop trigger if exists ingredient_search_changed on ingredient;`);
    this.addSql(`drop function if exists search_ingredient_changed();`);
    for (const sql of UP) this.addSql(sql);
    this.addSql(
      `create index "brand_name_words_index" on "brand" using gin (to_tsvector('simple', search_fold(name)));`,
    );
    this.addSql(
      `create index "ingredient_search_names_prefix_index" on "ingredient_search" ("names" text_pattern_ops);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "brand_name_words_index";`);
    this.addSql(`drop index if exists "ingredient_search_names_prefix_index";`);
    this.addSql(`drop trigger if exists ingredient_search_inserted on ingredient;`);
    this.addSql(`drop trigger if exists ingredient_search_updated on ingredient;`);
    this.addSql(`drop trigger if exists ingredient_search_deleted on ingredient;`);
    this.addSql(
      `drop function if exists search_ingredient_rows_inserted(), search_ingredient_rows_updated(),
        search_ingredient_rows_deleted(), search_rewrite_products_listing(text[]);`,
    );
    this.addSql(`create or replace function search_ingredient_changed() returns trigger language plpgsql as $$
   begin
     insert into ingredient_search (ingredient_id, document, names)
     values (new.id, search_ingredient_document(new.name, new.other_names, new.groups), search_fold(new.name || ' ' || array_to_string(new.other_names, ' ')))
     on conflict (ingredient_id) do update set document = excluded.document, names = excluded.names;
     insert into search_word (word) select search_words_of(new.name) on conflict do nothing;
     return null;
   end $$;`);
    this.addSql(
      `create trigger ingredient_search_inserted after insert on ingredient for each row execute function
        search_ingredient_changed();`,
    );
    this.addSql(`create trigger ingredient_search_changed after update of name, other_names, groups on ingredient for each row
   when ((old.name, old.other_names, old.groups) is distinct from (new.name, new.other_names, new.groups)) execute function search_ingredient_changed();`);
  }
}

const UP = [
  `create or replace function search_rewrite_products_listing(ids text[]) returns void language sql as $$
     update product_search s set document = search_product_document(p.name, b.name, c.name, p.description, p.ingredient_ids, p.ingredient_list)
     from product p join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id
     where s.product_id = p.id and p.ingredient_ids && ids and p.ingredient_ids[1:12] && ids
   $$;`,
  `create or replace function search_ingredient_rows_inserted() returns trigger language plpgsql as $$
   begin
     insert into ingredient_search (ingredient_id, document, names)
     select n.id, search_ingredient_document(n.name, n.other_names, n.groups), search_fold(n.name || ' ' || array_to_string(n.other_names, ' '))
     from search_new_ingredients n
     on conflict (ingredient_id) do update set document = excluded.document, names = excluded.names;
     insert into search_word (word) select distinct search_words_of(n.name) from search_new_ingredients n on conflict do nothing;
     return null;
   end $$;`,
  `create or replace function search_ingredient_rows_updated() returns trigger language plpgsql as $$
   declare changed text[];
   begin
     insert into ingredient_search (ingredient_id, document, names)
     select n.id, search_ingredient_document(n.name, n.other_names, n.groups), search_fold(n.name || ' ' || array_to_string(n.other_names, ' '))
     from search_new_ingredients n join search_old_ingredients o on o.id = n.id
     where (o.name, o.other_names, o.groups) is distinct from (n.name, n.other_names, n.groups)
     on conflict (ingredient_id) do update set document = excluded.document, names = excluded.names;
     insert into search_word (word) select distinct search_words_of(n.name) from search_new_ingredients n join search_old_ingredients o on o.id = n.id
       where o.name is distinct from n.name on conflict do nothing;
     select array_agg(n.id::text) into changed from search_new_ingredients n join search_old_ingredients o on o.id = n.id
       where (o.name, o.groups, o.functions, o.flags) is distinct from (n.name, n.groups, n.functions, n.flags);
     if changed is not null then perform search_rewrite_products_listing(changed); end if;
     return null;
   end $$;`,
  `create or replace function search_ingredient_rows_deleted() returns trigger language plpgsql as $$
   declare gone text[];
   begin
     select array_agg(o.id::text) into gone from search_old_ingredients o;
     if gone is not null then perform search_rewrite_products_listing(gone); end if;
     return null;
   end $$;`,
  `create trigger ingredient_search_inserted after insert on ingredient referencing new table as search_new_ingredients
   for each statement execute function search_ingredient_rows_inserted();`,
  `create trigger ingredient_search_updated after update on ingredient referencing old table as search_old_ingredients new table as search_new_ingredients
   for each statement execute function search_ingredient_rows_updated();`,
  `create trigger ingredient_search_deleted after delete on ingredient referencing old table as search_old_ingredients
   for each statement execute function search_ingredient_rows_deleted();`,
];
