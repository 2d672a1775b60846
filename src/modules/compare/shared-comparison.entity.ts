import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { newId } from '../shared/ids.js';
import { User } from '../user/user.entity.js';

/** What a comparison compares, as the caller named it: product ids or analysis tokens. */
export interface ComparedRef {
  kind: 'product' | 'analysis';
  /** A product id, or an analysis token. */
  key: string;
}

/** A comparison kept under a token; read back live (the products as they are now). */
@Entity()
export class SharedComparison {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text', unique: true })
  token!: string;

  @Property({ type: 'json' })
  items: ComparedRef[] = [];

  @Index()
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  owner?: Ref<User> | null;

  @Index()
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
