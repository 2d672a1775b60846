import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { UuidKeyed } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** `follower` follows `followed`. At most one per pair; nobody follows themselves. */
@Entity()
@Unique({ properties: ['follower', 'followed'] })
@Index({ properties: ['followed', 'createdAt'] })
@Index({ properties: ['follower', 'createdAt'] })
@ObjectType({ description: 'One user following another.' })
export class UserFollow extends UuidKeyed {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  follower!: Ref<User>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  followed!: Ref<User>;

  @Property({ type: 'datetime' })
  @Field({ description: 'Since when.' })
  createdAt: Date = new Date();
}
