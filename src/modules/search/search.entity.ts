// The search tables (issue 29). The database writes them: triggers keep them current on every
// write and import (src/migrations, the search migration); the service only reads them. Declared
// as entities so that generated migrations know them (and do not drop them).
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { Product } from '../product/product.entity.js';

/** A product's weighted search document (name A, brand B, category C, description and notable ingredients D) and its popularity. */
@Entity({ tableName: 'product_search' })
@Index({ name: 'product_search_popularity_index', properties: ['popularity', 'product'] })
export class ProductSearch {
  @ManyToOne(() => Product, { ref: true, primary: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Index({ name: 'product_search_document_index', type: 'gin' })
  @Property({ columnType: 'tsvector', type: 'string' })
  document!: string;

  /** How many people favour it: ties of relevance go to the more popular. */
  @Property({ type: 'integer', default: 0 })
  popularity: number = 0;
}

/** An ingredient's search document (INCI name A, other names B, groups C) and every name folded, for typos. */
@Entity({ tableName: 'ingredient_search' })
@Index({ name: 'ingredient_search_names_trgm_index', expression: 'create index "ingredient_search_names_trgm_index" on "ingredient_search" using gin ("names" gin_trgm_ops)' })
export class IngredientSearch {
  @ManyToOne(() => Ingredient, { ref: true, primary: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @Index({ name: 'ingredient_search_document_index', type: 'gin' })
  @Property({ columnType: 'tsvector', type: 'string' })
  document!: string;

  @Property({ type: 'text' })
  names!: string;
}

/** Words of product, brand, category and ingredient names: what a misspelt word is corrected to. */
@Entity({ tableName: 'search_word' })
@Index({ name: 'search_word_trgm_index', expression: 'create index "search_word_trgm_index" on "search_word" using gin ("word" gin_trgm_ops)' })
export class SearchWord {
  @PrimaryKey({ type: 'text' })
  word!: string;
}
