import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { ListedEntity } from '../shared/base.entity.js';

@Entity()
@ObjectType({ description: 'A node of the product category tree.' })
export class ProductCategory extends ListedEntity {
  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @ManyToOne(() => ProductCategory, { ref: true, nullable: true, deleteRule: 'restrict' })
  parent?: Ref<ProductCategory> | null;

  /** The routine step a product of this category fills (cleanse, treat, protect…). */
  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  stepType?: string | null;

  @Property({ type: 'smallint', default: 0 })
  @Field(() => Int)
  position: number = 0;
}
