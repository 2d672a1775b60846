import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/**
 * What a shared comparison compares, with a copy of what was shared: a product deleted since is
 * still shown as it was. Analyses are kept by id, never by token: a shared comparison is public
 * (the sitemap lists it) and an analysis token lets its holder claim an anonymous analysis.
 */
export interface ComparedRef {
  kind: 'product' | 'analysis';
  /** A product id, or an analysis id. */
  key: string;
  /** The product's name and brand when shared (absent in comparisons shared before copies were kept). */
  name?: string;
  brand?: string | null;
  /** Matched ingredient ids when shared, in label order. */
  ingredientIds?: string[];
}

/** A comparison kept under a token; read back live (the products as they are now). */
@Entity()
@Index({ properties: ['createdAt'] })
export class SharedComparison extends BaseEntity {
  @Property({ type: 'text', unique: true })
  token!: string;

  @Property({ type: 'json' })
  items: ComparedRef[] = [];

  @Index()
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  owner?: Ref<User> | null;
}
