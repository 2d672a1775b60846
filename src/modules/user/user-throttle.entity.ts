import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { IdEntity } from '../shared/base.entity.js';
import { User } from './user.entity.js';

/**
 * When a user last did a rate-limited action (resend the verification mail, send an invite).
 * In the database, so the limit holds across instances; written by one atomic upsert.
 */
@Entity()
@Unique({ properties: ['user', 'action'] })
export class UserThrottle extends IdEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'datetime' })
  lastAt!: Date;
}
