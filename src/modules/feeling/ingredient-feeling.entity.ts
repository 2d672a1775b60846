import { Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

export enum Sentiment {
  positive = 'positive',
  negative = 'negative',
}
registerEnumType(Sentiment, {
  name: 'Sentiment',
  description: 'How an ingredient works for a person: positive or negative.',
});

@Entity()
@Unique({ properties: ['user', 'ingredient'] })
@Index({ properties: ['user', 'updatedAt'] })
@ObjectType({ description: 'Whether an ingredient works for a user: one per user and ingredient.' })
export class IngredientFeeling extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Index()
  @ManyToOne(() => Ingredient, { ref: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @Enum({ items: () => Sentiment, nativeEnumName: 'sentiment' })
  @Field(() => Sentiment)
  sentiment!: Sentiment;

  /** Changes when the sentiment does: marking the same sentiment again is not a change. */
  @Property({ type: 'datetime' })
  @Field(() => Date)
  updatedAt: Opt<Date> = new Date(this.createdAt);
}
