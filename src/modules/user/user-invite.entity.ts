import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { newId } from '../shared/ids.js';
import { User } from './user.entity.js';

/** An invitation a user sent to an e-mail address. */
@Entity()
@Index({ properties: ['inviter', 'createdAt'] })
export class UserInvite {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  inviter!: Ref<User>;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
