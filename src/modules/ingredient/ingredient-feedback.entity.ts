import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { newId } from '../shared/ids.js';
import { User } from '../user/user.entity.js';
import { Ingredient } from './ingredient.entity.js';

export enum FeedbackKind {
  breakout = 'breakout',
  irritation = 'irritation',
  improvement = 'improvement',
  correction = 'correction',
  other = 'other',
}
registerEnumType(FeedbackKind, { name: 'FeedbackKind', description: 'What the feedback is about: a reaction, an improvement, or a correction of our data.' });

@Entity()
@Index({ properties: ['user', 'createdAt'] })
@ObjectType({ description: 'What a user reports about an ingredient.' })
export class IngredientFeedback {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @ManyToOne(() => Ingredient, { ref: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: () => FeedbackKind, nativeEnumName: 'feedback_kind' })
  @Field(() => FeedbackKind)
  kind!: FeedbackKind;

  @Property({ type: 'text' })
  @Field()
  message!: string;

  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();
}
