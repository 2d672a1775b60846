import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from './user.entity.js';

export type EmailTokenPurpose = 'email_change' | 'email_verification';

/**
 * A single-use link sent by e-mail: to confirm a new address or verify the current one. Only the
 * SHA-256 of the token is stored, so a database leak gives no working link.
 */
@Entity()
@Index({ properties: ['user', 'purpose'] })
export class EmailToken extends BaseEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** email_change or email_verification */
  @Property({ type: 'text' })
  purpose!: EmailTokenPurpose;

  /** Hex SHA-256 of the token. */
  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  /** The address the link was sent to (the new one for a change). */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;
}
