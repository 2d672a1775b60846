import { Migration } from '@mikro-orm/migrations';

export class Migration20261125030236 extends Migration {
  override name = 'Migration20261125030236';

  override up(): void | Promise<void> {
    this.addSql(`create type "reaction_outcome" as enum ('broke_out', 'irritated', 'itched', 'fine', 'loved');`);
    this.addSql(
      `create table "product_reaction" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz
        not null, "user_id" uuid not null, "product_id" uuid null, "analysis_id" uuid null, "outcome"
        "reaction_outcome" not null, "reacted_on" date not null, "note" text null, primary key ("id"));`,
    );
    this.addSql(`create index "product_reaction_product_id_index" on "product_reaction" ("product_id");`);
    this.addSql(
      `create index "product_reaction_user_id_reacted_on_index" on "product_reaction" ("user_id", "reacted_on");`,
    );
    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_user_id_analysis_id_reacted_on_unique" unique
        ("user_id", "analysis_id", "reacted_on");`,
    );
    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_user_id_product_id_reacted_on_unique" unique
        ("user_id", "product_id", "reacted_on");`,
    );

    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_user_id_foreign" foreign key ("user_id")
        references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_product_id_foreign" foreign key ("product_id")
        references "product" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_analysis_id_foreign" foreign key ("analysis_id")
        references "ingredient_analysis" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "product_reaction" add constraint "product_reaction_one_subject" check ((product_id is null) <>
        (analysis_id is null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_reaction" cascade;`);

    this.addSql(`drop type "reaction_outcome";`);
  }
}
