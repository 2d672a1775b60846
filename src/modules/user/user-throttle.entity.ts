import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { newId } from '../shared/ids.js';
import { User } from './user.entity.js';

/**
 * When a user last did a rate-limited action (resend the verification mail, send an invite).
 * In the database, so the limit holds across instances; written by one atomic upsert.
 */
@Entity()
@Unique({ properties: ['user', 'action'] })
export class UserThrottle {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'datetime' })
  lastAt!: Date;
}
