import { Entity, Index, ManyToOne, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Product } from '../product/product.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** A user's favourite product. At most one per user and product. */
@Entity()
@Unique({ properties: ['user', 'product'] })
@Index({ properties: ['product', 'createdAt'] })
export class ProductFavorite extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;
}
