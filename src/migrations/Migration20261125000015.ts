import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000015 extends Migration {
  override name = 'Migration20261125000015';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "product" add "tags" text[] not null default '{}', add "source_name" text null, add "source_code"
        text null, add "source_modified_at" timestamptz null, add "source_imported_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "product" drop column "tags", drop column "source_name", drop column "source_code", drop column
        "source_modified_at", drop column "source_imported_at";`,
    );
  }
}
