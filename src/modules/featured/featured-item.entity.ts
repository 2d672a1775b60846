import { Entity, Enum, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

export enum FeaturedKind {
  product = 'product',
  routine = 'routine',
  article = 'article',
}
registerEnumType(FeaturedKind, { name: 'FeaturedKind' });

/** One slot of the home screen, curated by admins. */
@Entity()
@Unique({ properties: ['kind', 'ref'] })
@ObjectType({ description: 'Something the home screen shows: a product, a routine or an article, in curated order.' })
export class FeaturedItem extends BaseEntity {
  @Enum({ items: () => FeaturedKind, nativeEnumName: 'featured_kind' })
  @Field(() => FeaturedKind)
  kind!: FeaturedKind;

  /** The product's or routine's id, or the article's alias (articles live in data/articles/). */
  @Property({ type: 'text' })
  ref!: string;

  @Property({ type: 'integer' })
  @Field(() => Int, { description: 'Display order, lowest first.' })
  position!: number;

  @Property({ type: 'text', default: '' })
  @Field({ description: 'A line the home screen shows with it (may be empty).' })
  headline: string = '';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;
}
