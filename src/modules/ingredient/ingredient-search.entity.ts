// An ingredient's search document, written by the database's triggers (the search
// migration). An entity so that generated migrations know the table.
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Ingredient } from './ingredient.entity.js';

/** An ingredient's search document (INCI name A, other names B, groups C) and every name folded, for typos. */
@Entity({ tableName: 'ingredient_search' })
@Index({
  name: 'ingredient_search_names_trgm_index',
  expression:
    'create index "ingredient_search_names_trgm_index" on "ingredient_search" using gin ("names" gin_trgm_ops)',
})
@Index({
  name: 'ingredient_search_names_prefix_index',
  expression: 'create index "ingredient_search_names_prefix_index" on "ingredient_search" ("names" text_pattern_ops)',
})
export class IngredientSearch {
  @ManyToOne(() => Ingredient, { ref: true, primary: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @Index({ name: 'ingredient_search_document_index', type: 'gin' })
  @Property({ columnType: 'tsvector', type: 'string' })
  document!: string;

  @Property({ type: 'text' })
  names!: string;
}
