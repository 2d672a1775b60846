import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { newId } from '../shared/ids.js';
import { User } from '../user/user.entity.js';

export enum ProductTutorialStatus {
  draft = 'draft',
  published = 'published',
}
registerEnumType(ProductTutorialStatus, { name: 'ProductTutorialStatus' });

/** How to use a product: written by a user, public once published. Routine steps may point at one. */
@Entity()
@ObjectType({ description: 'How to use a product: ordered instructions, warnings, quantity and media.' })
@Index({ properties: ['product', 'status'] })
export class ProductTutorial {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  author!: Ref<User>;

  @Property({ type: 'text' })
  @Field()
  title!: string;

  @Enum({ items: () => ProductTutorialStatus, nativeEnumName: 'product_tutorial_status' })
  @Field(() => ProductTutorialStatus)
  status: ProductTutorialStatus = ProductTutorialStatus.draft;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  publishedAt?: Date | null;

  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  @Field()
  updatedAt: Date = new Date();
}
