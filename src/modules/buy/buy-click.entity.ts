import { Entity, Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { ProductOffer } from '../product/product.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** One click through to a retailer: feeds the buy-click statistics. */
@Entity()
@Index({ properties: ['createdAt'] })
export class ProductBuyClick extends BaseEntity {
  @Index()
  @ManyToOne(() => ProductOffer, { ref: true, deleteRule: 'cascade' })
  offer!: Ref<ProductOffer>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user?: Ref<User> | null;
}
