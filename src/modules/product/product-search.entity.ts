// A product's search document. The database writes it: triggers keep it current on every
// write and import (the search migration); the search only reads it. An entity so that generated
// migrations know the table (and do not drop it).
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Product } from './product.entity.js';

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
