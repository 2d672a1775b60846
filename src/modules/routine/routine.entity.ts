import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Product } from '../product/product.entity.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { BaseEntity, EditableEntity } from '../shared/base.entity.js';
import { ProductTutorial } from '../tutorial/product-tutorial.entity.js';
import { User } from '../user/user.entity.js';

export enum RoutineTimeOfDay {
  morning = 'morning',
  evening = 'evening',
  weekly = 'weekly',
  anytime = 'anytime',
}
registerEnumType(RoutineTimeOfDay, {
  name: 'RoutineTimeOfDay',
  description: 'When a routine is followed: morning, evening, weekly (masks, peels) or anytime.',
});

export enum RoutineStatus {
  private = 'private',
  published = 'published',
}
registerEnumType(RoutineStatus, {
  name: 'RoutineStatus',
  description: 'private (its owner only) or published (public, takes part in contests).',
});

/** A user's named routine: ordered steps, each possibly with a product, a pitch or a tutorial. */
@Entity({ tableName: 'routine' })
@Index({ properties: ['status', 'publishedAt'] })
@Index({ properties: ['createdAt'] })
@ObjectType({ description: "A user's skincare routine: ordered steps for a time of day." })
export class Routine extends EditableEntity {
  @Index()
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Property({ type: 'text' })
  @Field()
  name!: string;

  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @Enum({ items: () => RoutineTimeOfDay, nativeEnumName: 'routine_time_of_day' })
  @Field(() => RoutineTimeOfDay)
  timeOfDay!: RoutineTimeOfDay;

  @Enum({ items: () => RoutineStatus, nativeEnumName: 'routine_status' })
  @Field(() => RoutineStatus)
  status: RoutineStatus = RoutineStatus.private;

  /** One of the owner's current routines (GET /my/current_routine_ids). */
  @Property({ default: false })
  @Field({ description: "Whether it is one of its owner's current routines." })
  current: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  publishedAt?: Date | null;
}

/** One step of a routine. Positions run 1..n without gaps. */
@Entity({ tableName: 'routine_step' })
@Index({ properties: ['routine', 'position'] })
@ObjectType({ description: 'A step of a routine: its type and, optionally, a product, a product pitch or a tutorial.' })
export class RoutineStep extends BaseEntity {
  @ManyToOne(() => Routine, { ref: true, deleteRule: 'cascade' })
  routine!: Ref<Routine>;

  @Property({ type: 'smallint' })
  @Field(() => Int, { description: '1 for the first step.' })
  position!: number;

  @Property({ type: 'text' })
  @Field({ description: 'cleanse, tone, exfoliate, treat, mask, eye, moisturise or protect' })
  stepType!: string;

  @Index()
  @ManyToOne(() => Product, { ref: true, nullable: true, deleteRule: 'set null' })
  product?: Ref<Product> | null;

  @Index()
  @ManyToOne(() => ProductPitch, { ref: true, nullable: true, deleteRule: 'set null' })
  pitch?: Ref<ProductPitch> | null;

  @Index()
  @ManyToOne(() => ProductTutorial, { ref: true, nullable: true, deleteRule: 'set null' })
  tutorial?: Ref<ProductTutorial> | null;

  @Property({ type: 'text', default: '' })
  @Field({ description: "The owner's note on the step." })
  note: string = '';

  /** Not stored: set by a write that replaced the step's product, so its answer can say so. */
  replacedProductId?: string | null;
}

/**
 * A user's favourite routine; its created_at is what the weekly contests count. The trigger
 * moves the favourite's ISO week (UTC) score in routine_week_score, in the same transaction,
 * whoever writes the row.
 */
@Entity({
  tableName: 'routine_favorite',
  triggers: [
    {
      name: 'week_score',
      timing: 'after',
      events: ['insert', 'delete'],
      body: `if tg_op = 'INSERT' then
    insert into routine_week_score (routine_id, week_start, score)
    values (new.routine_id, date_trunc('week', new.created_at, 'UTC'), 1)
    on conflict (routine_id, week_start) do update set score = routine_week_score.score + 1;
    return new;
  end if;
  update routine_week_score set score = score - 1
  where routine_id = old.routine_id and week_start = date_trunc('week', old.created_at, 'UTC');
  return old;`,
    },
  ],
})
@Unique({ properties: ['user', 'routine'] })
@Index({ properties: ['routine', 'createdAt'] })
@Index({ properties: ['createdAt', 'routine'] })
export class RoutineFavorite extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => Routine, { ref: true, deleteRule: 'cascade' })
  routine!: Ref<Routine>;
}

/**
 * Favourites a routine received in an ISO week (UTC), kept by the week_score trigger of
 * routine_favorite: contests rank these rows instead of counting every favourite of the week
 * on each request.
 */
@Entity({ tableName: 'routine_week_score' })
@Index({ properties: ['weekStart', 'score'] })
export class RoutineWeekScore {
  @ManyToOne(() => Routine, { primary: true, ref: true, deleteRule: 'cascade' })
  routine!: Ref<Routine>;

  /** Monday 00:00 UTC. */
  @PrimaryKey({ type: 'datetime' })
  weekStart!: Date;

  @Property({ type: 'integer' })
  score: number = 0;
}
