import { Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

export enum ListVersionSource {
  /** The list the product had when versions started being kept (the migration's backfill). */
  backfill = 'backfill',
  /** Written when the product was created here (createProduct, the demo catalog). */
  product_created = 'product_created',
  /** An approved draft that created or corrected the product. */
  draft_approved = 'draft_approved',
  /** The Open Beauty Facts import (npm run import:obf). */
  open_beauty_facts = 'open_beauty_facts',
  /** The demo data's reformulated product. */
  demo = 'demo',
}
registerEnumType(ListVersionSource, {
  name: 'ListVersionSource',
  description: "Where a version of a product's ingredient list came from.",
});

/** One entry of a version, as the diff needs it: read from the list text by the analysis (see version-entries.ts). */
export interface ListVersionEntry {
  position: number;
  input: string;
  ingredientId: string | null;
  concentration: string | null;
  mayContain: boolean;
  active: boolean;
}

/**
 * Every ingredient list a product has had, numbered from 1. Appended in the transaction of the
 * write that changed the list; never changed afterwards. The entries are not stored: they are
 * the list text read by the parser and matcher (as every analysis reads it), so a version costs
 * the bulk import one narrow row, and a synonym the knowledge base learns later applies to old
 * versions too (a renamed entry stays the same ingredient).
 */
@Entity()
@Unique({ properties: ['product', 'version'] })
export class ProductListVersion extends BaseEntity {
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'integer' })
  version!: number;

  /** As written (printed on the label). */
  @Property({ type: 'text' })
  ingredientList!: string;

  /** Matched ingredient ids, label order. */
  @Property({ type: 'text[]' })
  ingredientIds: string[] = [];

  @Enum({ items: () => ListVersionSource, nativeEnumName: 'list_version_source' })
  source!: ListVersionSource;

  /** Who made it: the product's creator, the draft's author; null for imports and the backfill. */
  @Index()
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  author?: Ref<User> | null;
}
