import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045803 extends Migration {
  override name = 'Migration20261122045803';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "facet" ("id" uuid not null, "alias" text not null, "name" text not null, "parameter" text not null,
        "values" jsonb not null, "position" smallint not null default 0, "created_at" timestamptz not null,
        "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "facet" add constraint "facet_alias_unique" unique ("alias");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "facet" cascade;`);
  }
}
