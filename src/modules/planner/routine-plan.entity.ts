import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Routine } from '../routine/routine.entity.js';
import { BaseEntity, EditableEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** proposed (planned, not yet followed), accepted (its routines written), superseded (a re-plan replaced it). */
export enum RoutinePlanStatus {
  proposed = 'proposed',
  accepted = 'accepted',
  superseded = 'superseded',
}

/**
 * A stored plan (issue 41; research §4.6): the inputs as resolved and the engine's answer, both immutable, so that
 * the same plan reads back byte for byte; `rulesVersion` says which rules and engine made it. The last 20 per
 * person are kept. `pageToken` is the unguessable link its owner creates for the phone page (null: no page).
 */
@Entity({ tableName: 'routine_plan' })
@Index({ properties: ['owner', 'createdAt'] })
export class RoutinePlan extends EditableEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Enum({ items: () => RoutinePlanStatus, nativeEnumName: 'routine_plan_status' })
  status: RoutinePlanStatus = RoutinePlanStatus.proposed;

  @Property({ type: 'json' })
  inputs!: unknown;

  @Property({ type: 'json' })
  result!: unknown;

  @Property({ type: 'text' })
  rulesVersion!: string;

  @Property({ type: 'date' })
  startOn!: string;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null;

  @ManyToOne(() => RoutinePlan, { ref: true, nullable: true, deleteRule: 'set null' })
  supersededBy?: Ref<RoutinePlan> | null;

  @Property({ type: 'text', nullable: true, unique: true })
  pageToken?: string | null;
}

/**
 * When an accepted plan's routine is followed: weekdays (Monday first) from a date, to a date or open-ended. One
 * routine has a row per phase of the plan's schedule (the ramp's weeks, then the steady week). `owner` is the plan's
 * and the routine's owner, held on the row so that the personal data export and erasure find schedules by the
 * person, as they find every other table (user-data-policy.ts).
 */
@Entity({ tableName: 'routine_schedule' })
@Index({ properties: ['routine', 'fromOn'] })
export class RoutineSchedule extends BaseEntity {
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @ManyToOne(() => Routine, { ref: true, deleteRule: 'cascade' })
  routine!: Ref<Routine>;

  @Index()
  @ManyToOne(() => RoutinePlan, { ref: true, deleteRule: 'cascade' })
  plan!: Ref<RoutinePlan>;

  @Property({ type: 'text[]' })
  weekdays!: string[];

  @Property({ type: 'date' })
  fromOn!: string;

  @Property({ type: 'date', nullable: true })
  toOn?: string | null;
}
