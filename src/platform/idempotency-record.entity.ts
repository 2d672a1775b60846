import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The first answer to a POST sent with an Idempotency-Key (src/platform/idempotency.ts), kept in
 * the database so that every instance sees it, with or without Redis. One row per caller and
 * key; `status` is null while the first request is still running.
 */
@Entity({ tableName: 'idempotency_record' })
@Index({ properties: ['expiresAt'] })
// The key window counts one caller's records begun lately (src/platform/idempotency.ts).
@Index({ properties: ['caller', 'createdAt'] })
export class IdempotencyRecord {
  /** sha256 of the caller (`user:<subject>` or `ip:<address>`): no personal data in clear. */
  @PrimaryKey({ type: 'text' })
  caller!: string;

  /** The Idempotency-Key header, as sent (1-255 printable ASCII characters). */
  @PrimaryKey({ type: 'text', fieldName: 'idem_key' })
  key!: string;

  /** sha256 of the method, URL and canonical JSON body: the same key for another request is a 409. */
  @Property({ type: 'text' })
  fingerprint!: string;

  @Property({ type: 'integer', nullable: true })
  status?: number | null;

  @Property({ type: 'text', nullable: true })
  contentType?: string | null;

  @Property({ type: 'text', nullable: true })
  location?: string | null;

  /** The answer's body; null when it was longer than kept (a retry is then told, not replayed). */
  @Property({ type: 'text', nullable: true })
  body?: string | null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
