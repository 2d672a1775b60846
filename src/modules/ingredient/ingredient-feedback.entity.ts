import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';
import { Ingredient } from './ingredient.entity.js';

export enum FeedbackKind {
  breakout = 'breakout',
  irritation = 'irritation',
  improvement = 'improvement',
  correction = 'correction',
  other = 'other',
}
registerEnumType(FeedbackKind, {
  name: 'FeedbackKind',
  description: 'What the feedback is about: a reaction, an improvement, or a correction of our data.',
});

export enum FeedbackStatus {
  open = 'open',
  accepted = 'accepted',
  dismissed = 'dismissed',
}
registerEnumType(FeedbackStatus, {
  name: 'FeedbackStatus',
  description: "open (in the moderators' queue), accepted (applied as a correction) or dismissed (with a reason).",
});

@Entity()
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
@ObjectType({ description: 'What a user reports about an ingredient.' })
export class IngredientFeedback extends BaseEntity {
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

  @Enum({ items: () => FeedbackStatus, nativeEnumName: 'feedback_status', default: FeedbackStatus.open })
  @Field(() => FeedbackStatus)
  status: FeedbackStatus = FeedbackStatus.open;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reviewedBy?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  reviewedAt?: Date | null;

  /** The moderator's reason (dismissed) or note (accepted), shown to the author. */
  @Property({ type: 'text', nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "Why it was dismissed, or the moderator's note on the correction.",
  })
  resolution?: string | null;

  /** What an accepted correction changed: field → { from, to }. */
  @Property({ type: 'json', nullable: true })
  appliedChanges?: Record<string, { from: unknown; to: unknown }> | null;
}
