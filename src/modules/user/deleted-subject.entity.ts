import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The tombstone of a deleted account: the SHA-256 of its token subject (not the subject itself),
 * so the deleted person's old tokens are refused instead of creating a new account.
 */
@Entity()
export class DeletedSubject {
  @PrimaryKey({ type: 'text' })
  subjectHash!: string;

  @Property({ type: 'datetime' })
  deletedAt!: Date;
}
