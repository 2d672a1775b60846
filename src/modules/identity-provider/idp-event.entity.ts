import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** An identity-provider event already applied: a replay of its id changes nothing. */
@Entity()
@Index({ properties: ['receivedAt'] })
export class IdentityProviderEvent {
  /** The provider's event id. */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'datetime' })
  receivedAt: Date = new Date();
}
