import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from '../shared/ids.js';
import type { StoredSkinProfile } from '../user/user.entity.js';
import { User } from '../user/user.entity.js';
import { RoutineTimeOfDay } from './routine.entity.js';

/** A request to experts for a routine, with the requester's skin profile as it was then. */
@Entity({ tableName: 'routine_request' })
@Index({ properties: ['requester', 'createdAt'] })
@ObjectType({ description: 'A request to experts for a routine.' })
export class RoutineRequest {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  requester!: Ref<User>;

  @Property({ type: 'text' })
  @Field()
  message!: string;

  @Enum({ items: () => RoutineTimeOfDay, nativeEnumName: 'routine_time_of_day', nullable: true })
  @Field(() => RoutineTimeOfDay, { nullable: true })
  timeOfDay?: RoutineTimeOfDay | null;

  /** The requester's skin profile when asking (later changes to the profile do not alter it). */
  @Property({ type: 'json' })
  skinProfile: StoredSkinProfile = {};

  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();
}
