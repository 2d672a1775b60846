import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000043 extends Migration {
  override name = 'Migration20261125000043';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "deleted_subject" ("subject_hash" text not null, "deleted_at" timestamptz not null, primary key
        ("subject_hash"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "deleted_subject" cascade;`);
  }
}
