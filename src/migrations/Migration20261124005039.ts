import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005039 extends Migration {
  override name = 'Migration20261124005039';

  override up(): void | Promise<void> {
    this.addSql(`create type "product_tutorial_status" as enum ('draft', 'published');`);
    this.addSql(
      `create table "product_tutorial" ("id" uuid not null, "product_id" uuid not null, "author_id" uuid not null,
        "title" text not null, "status" "product_tutorial_status" not null default 'draft', "published_at" timestamptz
        null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "product_tutorial_author_id_index" on "product_tutorial" ("author_id");`);
    this.addSql(
      `create index "product_tutorial_product_id_status_index" on "product_tutorial" ("product_id", "status");`,
    );

    this.addSql(
      `create table "product_pitch" ("id" uuid not null, "product_id" uuid not null, "author_id" uuid not null,
        "step_types" text[] not null, "message" text not null default '', "created_at" timestamptz not null,
        "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "product_pitch_product_id_index" on "product_pitch" ("product_id");`);
    this.addSql(`create index "product_pitch_author_id_index" on "product_pitch" ("author_id");`);

    this.addSql(
      `alter table "product_tutorial" add constraint "product_tutorial_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_tutorial" add constraint "product_tutorial_author_id_foreign" foreign key ("author_id")
        references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "product_pitch" add constraint "product_pitch_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_pitch" add constraint "product_pitch_author_id_foreign" foreign key ("author_id") references
        "app_user" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_tutorial" cascade;`);
    this.addSql(`drop table if exists "product_pitch" cascade;`);

    this.addSql(`drop type "product_tutorial_status";`);
  }
}
