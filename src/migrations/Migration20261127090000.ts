import { Migration } from '@mikro-orm/migrations';

/**
 * A closed contest week keeps its scores. The trigger on routine_favorite used
 * to lower the week a favourite was given in whenever the favourite went: unfavouring, an account
 * deletion or a cascade could change a finished contest's ranking after its end. Now a removed
 * favourite lowers its week only while that week is still open (its Monday + 7 days is after
 * now()): the rule sits where every way of deleting a favourite passes, so none can forget it.
 * Chosen over a snapshot table of finished weeks: nothing to fill at the week's turn, no second
 * source of truth for the leaderboard.
 */
export class Migration20261127090000 extends Migration {
  override name = 'Migration20261127090000';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "routine_favorite_week_score_fn"() returns trigger as $$ begin if tg_op = 'INSERT' then
    insert into routine_week_score (routine_id, week_start, score)
    values (new.routine_id, date_trunc('week', new.created_at, 'UTC'), 1)
    on conflict (routine_id, week_start) do update set score = routine_week_score.score + 1;     return new;   end if;   update routine_week_score set score = score - 1
  where routine_id = old.routine_id and week_start = date_trunc('week', old.created_at, 'UTC')
    and week_start + interval '7 days' > now();   return old; end; $$ language plpgsql;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "routine_favorite_week_score_fn"() returns trigger as $$ begin if tg_op = 'INSERT' then
    insert into routine_week_score (routine_id, week_start, score)
    values (new.routine_id, date_trunc('week', new.created_at, 'UTC'), 1)
    on conflict (routine_id, week_start) do update set score = routine_week_score.score + 1;     return new;   end if;   update routine_week_score set score = score - 1
  where routine_id = old.routine_id and week_start = date_trunc('week', old.created_at, 'UTC');   return old; end; $$ language plpgsql;`);
  }
}
