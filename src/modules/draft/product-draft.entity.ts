import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { StoredEntry } from '../analysis/analysis.entity.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { Product } from '../product/product.entity.js';
import { EditableEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** The fields a draft can carry to a product. */
export const DRAFT_FIELDS = ['name', 'brand', 'category', 'description', 'barcode', 'ingredientList'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

export enum ProductDraftStatus {
  pending = 'pending',
  approved = 'approved',
}
registerEnumType(ProductDraftStatus, { name: 'ProductDraftStatus' });

/**
 * A product as a user submits it (a new one, or a correction of an existing one), waiting for a
 * moderator. Approval creates or updates the product.
 */
@Entity()
@Index({ properties: ['status', 'createdAt'] })
@ObjectType({ description: 'A product submitted by a user, waiting for a moderator (or approved).' })
export class ProductDraft extends EditableEntity {
  @Enum({ items: () => ProductDraftStatus, nativeEnumName: 'product_draft_status' })
  @Field(() => ProductDraftStatus)
  status: ProductDraftStatus = ProductDraftStatus.pending;

  @Property({ type: 'text' })
  @Field()
  name!: string;

  /** An existing brand; null when the author named a new one (brandName). */
  @ManyToOne(() => Brand, { ref: true, nullable: true, deleteRule: 'set null' })
  brand?: Ref<Brand> | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'A brand not in the catalog yet: created on approval.' })
  newBrandName?: string | null;

  @ManyToOne(() => ProductCategory, { ref: true, nullable: true, deleteRule: 'set null' })
  category?: Ref<ProductCategory> | null;

  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  barcode?: string | null;

  @Property({ type: 'text' })
  @Field({ description: 'The ingredient list as printed on the label.' })
  ingredientList!: string;

  @Property({ type: 'json' })
  entries: StoredEntry[] = [];

  @Property({ type: 'text[]' })
  ingredientIds: string[] = [];

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Flags of the matched ingredients.' })
  flags: string[] = [];

  /**
   * The fields its author sent (create and updates together), so that approving a correction
   * copies only those: a field not sent keeps the product's value, one sent as null clears it.
   * Null for drafts written before this was recorded: their non-empty fields count as sent.
   */
  @Property({ type: 'text[]', nullable: true })
  sentFields?: DraftField[] | null = [];

  /** The product it corrects; after approval, the product it created or updated. */
  @Index()
  @ManyToOne(() => Product, { ref: true, nullable: true, deleteRule: 'set null' })
  product?: Ref<Product> | null;

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  @Index()
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reviewer?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  reviewedAt?: Date | null;
}
