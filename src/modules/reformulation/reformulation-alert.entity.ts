import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Product } from '../product/product.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';
import type { ImpactReason } from './engine/impact.js';

/** A change of a product's list that touches one person who favours it or has it in a routine. */
@Entity()
@Unique({ properties: ['user', 'product', 'toVersion'] })
@Index({ properties: ['user', 'createdAt'] })
export class ReformulationAlert extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Index()
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'integer' })
  fromVersion!: number;

  @Property({ type: 'integer' })
  toVersion!: number;

  /** Why it concerns them (engine/impact.ts), as decided when the version was written. */
  @Property({ type: 'jsonb' })
  reasons: ImpactReason[] = [];

  @Property({ type: 'datetime', nullable: true })
  readAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  dismissedAt?: Date | null;

  /** When a digest e-mail listed it (each alert is mailed at most once). */
  @Property({ type: 'datetime', nullable: true })
  mailedAt?: Date | null;
}

/** One digest e-mail sent; its unsubscribe link is its token (only the SHA-256 is kept). */
@Entity()
export class ReformulationDigest extends BaseEntity {
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'integer' })
  alertCount!: number;

  @Property({ type: 'text', unique: true })
  unsubscribeTokenHash!: string;
}

/** A person's reformulation-watch settings; no row: the defaults (digest on). */
@Entity()
export class ReformulationSettings extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', unique: true })
  user!: Ref<User>;

  @Property({ default: true })
  digestEnabled: boolean = true;

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
