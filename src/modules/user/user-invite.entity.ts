import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from './user.entity.js';

/** An invitation a user sent to an e-mail address. */
@Entity()
@Index({ properties: ['inviter', 'createdAt'] })
export class UserInvite extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  inviter!: Ref<User>;

  @Property({ type: 'text' })
  email!: string;
}
