import { Migration } from '@mikro-orm/migrations';

export class Migration20261127084958 extends Migration {
  override name = 'Migration20261127084958';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "idempotency_record" ("caller" text not null, "idem_key" text not null, "fingerprint" text not null,
        "status" int null, "content_type" text null, "location" text null, "body" text null, "expires_at" timestamptz
        not null, "created_at" timestamptz not null, primary key ("caller", "idem_key"));`,
    );
    this.addSql(`create index "idempotency_record_expires_at_index" on "idempotency_record" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_record" cascade;`);
  }
}
