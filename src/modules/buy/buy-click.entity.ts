import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { ProductOffer } from '../product/product.entity.js';
import { newId } from '../shared/ids.js';
import { User } from '../user/user.entity.js';

/** One click through to a retailer: feeds the buy-click statistics. */
@Entity()
export class ProductBuyClick {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Index()
  @ManyToOne(() => ProductOffer, { ref: true, deleteRule: 'cascade' })
  offer!: Ref<ProductOffer>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user?: Ref<User> | null;

  @Index()
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
