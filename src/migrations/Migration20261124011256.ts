import { Migration } from '@mikro-orm/migrations';

export class Migration20261124011256 extends Migration {
  override name = 'Migration20261124011256';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "routine_week_score" ("routine_id" uuid not null, "week_start" timestamptz not null, "score" int not
        null default 0, primary key ("routine_id", "week_start"));`,
    );
    this.addSql(
      `create index "routine_week_score_week_start_score_index" on "routine_week_score" ("week_start", "score");`,
    );

    this.addSql(`create or replace function "routine_favorite_week_score_fn"() returns trigger as $$ begin if tg_op = 'INSERT' then
    insert into routine_week_score (routine_id, week_start, score)
    values (new.routine_id, date_trunc('week', new.created_at, 'UTC'), 1)
    on conflict (routine_id, week_start) do update set score = routine_week_score.score + 1;     return new;   end if;   update routine_week_score set score = score - 1
  where routine_id = old.routine_id and week_start = date_trunc('week', old.created_at, 'UTC');   return old; end; $$ language plpgsql;`);
    this.addSql(
      `create trigger "week_score" AFTER INSERT OR DELETE on "routine_favorite" for each ROW execute function
        "routine_favorite_week_score_fn"();`,
    );

    this.addSql(
      `alter table "routine_week_score" add constraint "routine_week_score_routine_id_foreign" foreign key
        ("routine_id") references "routine" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "routine_week_score" cascade;`);

    this.addSql(`drop trigger if exists "week_score" on "routine_favorite";`);
    this.addSql(`drop function if exists "routine_favorite_week_score_fn"();`);
  }
}
