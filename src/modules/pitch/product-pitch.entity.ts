import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { newId } from '../shared/ids.js';
import { User } from '../user/user.entity.js';

/** A brand user's pitch of one of their products for routine steps. Routine steps may point at one. */
@Entity()
@ObjectType({ description: 'A brand\'s pitch of a product for routine steps, with ingredient opinions attached.' })
export class ProductPitch {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @Index()
  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  /** The brand user who pitched it. */
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  /** The step types (cleanse, treat, moisturise…) the product is pitched for. */
  @Property({ type: 'text[]' })
  @Field(() => [String])
  stepTypes: string[] = [];

  @Property({ type: 'text', default: '' })
  @Field()
  message: string = '';

  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  @Field()
  updatedAt: Date = new Date();
}
