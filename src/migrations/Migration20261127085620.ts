// Search: weighted documents of products and ingredients, built by the database and
// kept current by triggers on every write and import (Open Beauty Facts' multi-row upsert included:
// its insert and its on-conflict update fire the statement triggers below), GIN indexes, and the
// words a misspelt query word is corrected to. Runs alike on PostgreSQL 15 and PGlite (18), which
// loads pg_trgm and unaccent (mikro-orm.config.ts, PGLITE_EXTENSIONS).
// NOTE: MikroORM 7's schema diff sees database functions and triggers, and these are not declared
// on the entities: `npm run migration:create` proposes dropping them (drop trigger … search_…,
// drop function … search_…). Delete those lines from a generated migration until they are declared.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127085620 extends Migration {
  override name = 'Migration20261127085620';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(
      `create table "ingredient_search" ("ingredient_id" uuid not null, "document" tsvector not null, "names" text not
        null, primary key ("ingredient_id"));`,
    );
    this.addSql(`create index "ingredient_search_document_index" on "ingredient_search" using gin ("document");`);
    this.addSql(
      `create index "ingredient_search_names_trgm_index" on "ingredient_search" using gin ("names" gin_trgm_ops);`,
    );

    this.addSql(`create table "search_word" ("word" text not null, primary key ("word"));`);
    this.addSql(`create index "search_word_trgm_index" on "search_word" using gin ("word" gin_trgm_ops);`);

    this.addSql(
      `create table "product_search" ("product_id" uuid not null, "document" tsvector not null, "popularity" int not
        null default 0, primary key ("product_id"));`,
    );
    this.addSql(`create index "product_search_document_index" on "product_search" using gin ("document");`);
    this.addSql(`create index "product_search_popularity_index" on "product_search" ("popularity", "product_id");`);

    // Name search was "name ilike '%query%'" through this index: the search document replaces it.
    this.addSql(`drop index if exists "product_name_trgm_index";`);

    this.addSql(
      `alter table "ingredient_search" add constraint "ingredient_search_ingredient_id_foreign" foreign key
        ("ingredient_id") references "ingredient" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "product_search" add constraint "product_search_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on update cascade on delete cascade;`,
    );
    for (const sql of SEARCH_FUNCTIONS) this.addSql(sql);
    for (const sql of SEARCH_TRIGGERS) this.addSql(sql);
    for (const sql of BACKFILL) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of DROP_TRIGGERS) this.addSql(sql);
    this.addSql(`drop table if exists "ingredient_search" cascade;`);
    this.addSql(`drop table if exists "search_word" cascade;`);
    this.addSql(`drop table if exists "product_search" cascade;`);

    this.addSql(`drop function if exists search_product_rows_inserted, search_product_rows_updated, search_brand_changed, search_category_changed,
      search_ingredient_changed, search_favorite_added, search_favorite_removed, search_product_document, search_ingredient_document,
      search_notable_ingredients, search_words_of, search_field, search_fold;`);
    this.addSql(`create index if not exists "product_name_trgm_index" on "product" using gin ("name" gin_trgm_ops);`);
  }
}

/** Per-word folding and vectors. unaccent(text) is only stable (it finds its dictionary by name): the wrapper names it, so it may be immutable. */
const SEARCH_FUNCTIONS = [
  `create or replace function search_fold(t text) returns text language sql immutable parallel safe strict as
   $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;`,
  // Stems (english) for matching whole words in any form, and the words as written (simple) for
  // prefixes typed as-you-type: stems and prefixes do not meet ('moisturi':* misses the stem 'moistur').
  `create or replace function search_field(t text) returns tsvector language sql immutable parallel safe as
   $$ select to_tsvector('english', search_fold(coalesce(t, ''))) || to_tsvector('simple', search_fold(coalesce(t, ''))) $$;`,
  `create or replace function search_words_of(t text) returns setof text language sql immutable parallel safe as
   $$ select w from unnest(tsvector_to_array(to_tsvector('simple', search_fold(coalesce(t, ''))))) as w where w !~ '[0-9]' and length(w) between 3 and 40 $$;`,
  // The notable ingredients of a list, as words: those above the 1 % line, and those printed with an
  // amount above 1 % ("Niacinamide 10%"), never a trace. The line as the analysis draws it
  // (src/modules/analysis/engine/concentration.ts): the first entry the law caps at 1 % or less, here
  // a preservative, a fragrance or a fragrance allergen; everything after it is at most 1 %. Only the
  // first twelve entries count before it (a list without a preservative still ends in traces).
  // With each, the names of its groups people search by ("vitamin c" for the ascorbic acid family).
  `create or replace function search_notable_ingredients(ids text[], list text) returns text language sql stable parallel safe as $$
    with entries as (
      select e.ord, i.name, i.groups, i.functions, i.flags
      from unnest(ids) with ordinality as e(id, ord) join ingredient i on i.id = e.id::uuid
    ), line as (
      select coalesce(min(ord), 2147483647) as at from entries
      where 'preservative' = any(functions) or 'fragrance' = any(flags) or 'eu_allergens' = any(groups)
    )
    select concat_ws(' ',
      (select string_agg(e.name || ' ' || replace(array_to_string(array(
          select g from unnest(e.groups) as g where g not in ('fungal_acne_triggers', 'eu_allergens', 'formaldehyde_releasers', 'drying_alcohols')), ' '), '_', ' '), ' ' order by e.ord)
        from entries e, line where e.ord < line.at and e.ord <= 12),
      (select string_agg(m[1], ' ') from regexp_matches(coalesce(list, ''), '([^,()/:]+?)\\s*\\(?\\s*(\\d{1,2}(?:[.,]\\d+)?)\\s*%', 'g') as m
        where replace(m[2], ',', '.')::numeric > 1))
  $$;`,
  `create or replace function search_product_document(name text, brand text, category text, description text, ids text[], list text)
   returns tsvector language sql stable parallel safe as $$
    select setweight(search_field(name), 'A') || setweight(search_field(brand), 'B') || setweight(search_field(category), 'C')
      || setweight(to_tsvector('english', search_fold(coalesce(description, '') || ' ' || coalesce(search_notable_ingredients(ids, list), ''))), 'D')
  $$;`,
  `create or replace function search_ingredient_document(name text, other_names text[], groups text[]) returns tsvector language sql immutable parallel safe as $$
    select setweight(search_field(name), 'A') || setweight(search_field(array_to_string(other_names, ' ')), 'B')
      || setweight(search_field(replace(array_to_string(groups, ' '), '_', ' ')), 'C')
  $$;`,
];

/**
 * Statement triggers with transition tables on product: one set-based statement per insert or
 * update, however many rows (an import's batch of thousands, the OBF upsert's insert and its
 * on-conflict update). Row triggers where one row changes many documents (a brand renamed).
 */
const SEARCH_TRIGGERS = [
  `create or replace function search_product_rows_inserted() returns trigger language plpgsql as $$
   begin
     insert into product_search (product_id, document)
     select n.id, search_product_document(n.name, b.name, c.name, n.description, n.ingredient_ids, n.ingredient_list)
     from search_new_products n join brand b on b.id = n.brand_id left join product_category c on c.id = n.category_id
     on conflict (product_id) do update set document = excluded.document;
     insert into search_word (word) select distinct search_words_of(n.name) from search_new_products n on conflict do nothing;
     return null;
   end $$;`,
  `create or replace function search_product_rows_updated() returns trigger language plpgsql as $$
   begin
     insert into product_search (product_id, document)
     select n.id, search_product_document(n.name, b.name, c.name, n.description, n.ingredient_ids, n.ingredient_list)
     from search_new_products n join search_old_products o on o.id = n.id
       join brand b on b.id = n.brand_id left join product_category c on c.id = n.category_id
     where (o.name, o.brand_id, o.category_id, o.description, o.ingredient_ids, o.ingredient_list)
       is distinct from (n.name, n.brand_id, n.category_id, n.description, n.ingredient_ids, n.ingredient_list)
     on conflict (product_id) do update set document = excluded.document;
     insert into search_word (word) select distinct search_words_of(n.name) from search_new_products n join search_old_products o on o.id = n.id
       where o.name is distinct from n.name on conflict do nothing;
     return null;
   end $$;`,
  `create trigger product_search_inserted after insert on product referencing new table as search_new_products
   for each statement execute function search_product_rows_inserted();`,
  `create trigger product_search_updated after update on product referencing old table as search_old_products new table as search_new_products
   for each statement execute function search_product_rows_updated();`,
  `create or replace function search_brand_changed() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' then
       update product_search s set document = search_product_document(p.name, new.name, c.name, p.description, p.ingredient_ids, p.ingredient_list)
       from product p left join product_category c on c.id = p.category_id where p.brand_id = new.id and s.product_id = p.id;
     end if;
     insert into search_word (word) select search_words_of(new.name) on conflict do nothing;
     return null;
   end $$;`,
  `create trigger brand_search_inserted after insert on brand for each row execute function search_brand_changed();`,
  `create trigger brand_search_renamed after update of name on brand for each row when (old.name is distinct from
    new.name) execute function search_brand_changed();`,
  `create or replace function search_category_changed() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' then
       update product_search s set document = search_product_document(p.name, b.name, new.name, p.description, p.ingredient_ids, p.ingredient_list)
       from product p join brand b on b.id = p.brand_id where p.category_id = new.id and s.product_id = p.id;
     end if;
     insert into search_word (word) select search_words_of(new.name) on conflict do nothing;
     return null;
   end $$;`,
  `create trigger category_search_inserted after insert on product_category for each row execute function
    search_category_changed();`,
  `create trigger category_search_renamed after update of name on product_category for each row when (old.name is
    distinct from new.name) execute function search_category_changed();`,
  // An ingredient's own document. Products that list it keep theirs until they are next written: an
  // ingredient renamed would otherwise rewrite a third of a large catalog in one statement.
  `create or replace function search_ingredient_changed() returns trigger language plpgsql as $$
   begin
     insert into ingredient_search (ingredient_id, document, names)
     values (new.id, search_ingredient_document(new.name, new.other_names, new.groups), search_fold(new.name || ' ' || array_to_string(new.other_names, ' ')))
     on conflict (ingredient_id) do update set document = excluded.document, names = excluded.names;
     insert into search_word (word) select search_words_of(new.name) on conflict do nothing;
     return null;
   end $$;`,
  `create trigger ingredient_search_inserted after insert on ingredient for each row execute function
    search_ingredient_changed();`,
  `create trigger ingredient_search_changed after update of name, other_names, groups on ingredient for each row
   when ((old.name, old.other_names, old.groups) is distinct from (new.name, new.other_names, new.groups)) execute function search_ingredient_changed();`,
  `create or replace function search_favorite_added() returns trigger language plpgsql as $$
   begin update product_search set popularity = popularity + 1 where product_id = new.product_id; return null; end $$;`,
  `create or replace function search_favorite_removed() returns trigger language plpgsql as $$
   begin update product_search set popularity = popularity - 1 where product_id = old.product_id; return null; end $$;`,
  `create trigger product_favorite_search_added after insert on product_favorite for each row execute function
    search_favorite_added();`,
  `create trigger product_favorite_search_removed after delete on product_favorite for each row execute function
    search_favorite_removed();`,
];

const BACKFILL = [
  `insert into product_search (product_id, document, popularity)
   select p.id, search_product_document(p.name, b.name, c.name, p.description, p.ingredient_ids, p.ingredient_list),
     (select count(*) from product_favorite f where f.product_id = p.id)
   from product p join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id;`,
  `insert into ingredient_search (ingredient_id, document, names)
   select id, search_ingredient_document(name, other_names, groups), search_fold(name || ' ' || array_to_string(other_names, ' ')) from ingredient;`,
  `insert into search_word (word)
   select distinct w from (
     select search_words_of(name) as w from product union all select search_words_of(name) from brand
     union all select search_words_of(name) from product_category union all select search_words_of(name) from ingredient
   ) as words on conflict do nothing;`,
];

const DROP_TRIGGERS = [
  `drop trigger if exists product_search_inserted on product;`,
  `drop trigger if exists product_search_updated on product;`,
  `drop trigger if exists brand_search_inserted on brand;`,
  `drop trigger if exists brand_search_renamed on brand;`,
  `drop trigger if exists category_search_inserted on product_category;`,
  `drop trigger if exists category_search_renamed on product_category;`,
  `drop trigger if exists ingredient_search_inserted on ingredient;`,
  `drop trigger if exists ingredient_search_changed on ingredient;`,
  `drop trigger if exists product_favorite_search_added on product_favorite;`,
  `drop trigger if exists product_favorite_search_removed on product_favorite;`,
];
