import { Migration } from '@mikro-orm/migrations';

/**
 * The search's GIN indexes stay usable without VACUUM (PGlite has none; some servers run without
 * autovacuum).
 *
 * A GIN index takes new entries into a pending list by default (fastupdate), merged into the index
 * by VACUUM or once the list passes gin_pending_list_limit (4 MB). Every scan reads the whole list,
 * and the planner counts it: with the words of search_word all pending, it read the 36,000 words
 * one by one for each typo (80 ms on PostgreSQL, 0.8 s on PGlite) instead of the trigram index
 * (0.3 ms). The indexes written a little at a time (new words, brands, ingredients) take entries
 * straight into the index; the product documents' index, written in bulk by imports, keeps a
 * pending list of at most 256 kB (32 pages) for a search to read. Pending entries already there
 * are merged now.
 */
export class Migration20261127160000 extends Migration {
  override name = 'Migration20261127160000';

  override up(): void | Promise<void> {
    for (const index of DIRECT) {
      this.addSql(`alter index "${index}" set (fastupdate = off);`);
      this.addSql(`select gin_clean_pending_list('"${index}"'::regclass);`);
    }
    this.addSql(`alter index "product_search_document_index" set (gin_pending_list_limit = 256);`);
    this.addSql(`select gin_clean_pending_list('"product_search_document_index"'::regclass);`);
  }

  override down(): void | Promise<void> {
    for (const index of DIRECT) this.addSql(`alter index "${index}" reset (fastupdate);`);
    this.addSql(`alter index "product_search_document_index" reset (gin_pending_list_limit);`);
  }
}

const DIRECT = [
  'search_word_trgm_index',
  'brand_name_words_index',
  'ingredient_search_names_trgm_index',
  'ingredient_search_document_index',
];
