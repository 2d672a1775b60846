import type { EntityManager } from '../../db.js';
import { parseIngredientList } from './engine/parse.js';
import { shownSetAside } from './engine/set-aside.js';

/**
 * Fills `set_aside` and `name_line` of the analyses stored before they were kept (Migration20261207150000), a batch
 * at a time in id order, each batch one statement: a start-up cut short leaves the rows done so far done, and the
 * next start goes on from the first row still null. Runs at start-up under the start-up lock (seedIfEmpty), before
 * the service answers, so that reading an analysis back never parses its list. Returns how many rows it filled.
 */
export async function backfillAnalysisReadings(em: EntityManager, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await em.execute<Array<{ id: string; ingredient_list: string }>>(
      `select id, ingredient_list from ingredient_analysis where set_aside is null order by id limit ?`,
      [batchSize],
    );
    if (!rows.length) return filled;
    const readings = rows.map((row) => parseIngredientList(row.ingredient_list));
    await em.execute(
      `update ingredient_analysis a set set_aside = r.set_aside, name_line = r.name_line
         from json_to_recordset(?::json) as r(id uuid, set_aside json, name_line text) where a.id = r.id`,
      [
        JSON.stringify(
          rows.map((row, i) => ({
            id: row.id,
            set_aside: shownSetAside(readings[i].setAside),
            name_line: readings[i].nameLine,
          })),
        ),
      ],
    );
    filled += rows.length;
  }
}
