import { Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../shared/base.entity.js';
import type { StoredSkinProfile } from '../user/user.entity.js';
import { User } from '../user/user.entity.js';
import { Routine, RoutineTimeOfDay } from './routine.entity.js';

/** A request to experts for a routine, with the requester's skin profile as it was then. */
@Entity({ tableName: 'routine_request' })
@Index({ properties: ['requester', 'createdAt'] })
@ObjectType({ description: 'A request to experts for a routine.' })
export class RoutineRequest extends BaseEntity {
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

  /** The interest groups (data/supergroups.yaml) the profile falls in: experts covering one of them see the request. */
  @Index({ type: 'gin' })
  @Property({ type: 'text[]', defaultRaw: `'{}'` })
  @Field(() => [String], {
    description: 'Interest groups the request falls in (from the skin profile); experts who cover one see it.',
  })
  topics: string[] = [];

  /** When the first expert answered; null while the request is open. */
  @Index()
  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the first expert answered; null while open.' })
  answeredAt?: Date | null;
}

/** An expert's answer to a routine request: one of their published routines, with a note. */
@Entity({ tableName: 'routine_request_answer' })
@Index({ properties: ['request', 'createdAt'] })
@Unique({ properties: ['request', 'expert'] })
@ObjectType({ description: "An expert's answer to a routine request." })
export class RoutineRequestAnswer extends BaseEntity {
  @ManyToOne(() => RoutineRequest, { ref: true, deleteRule: 'cascade' })
  request!: Ref<RoutineRequest>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  expert!: Ref<User>;

  @ManyToOne(() => Routine, { ref: true, deleteRule: 'cascade' })
  routine!: Ref<Routine>;

  @Property({ type: 'text' })
  @Field()
  note!: string;
}
