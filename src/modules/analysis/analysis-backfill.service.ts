import type { EntityManager } from '../../db.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { analyzeIngredientList } from './engine/analyze.js';
import { parseIngredientList } from './engine/parse.js';
import { shownSetAside } from './engine/set-aside.js';

/**
 * Fills what analyses stored before it was kept lack, so that reading one back never parses its list and never
 * answers "nothing" for what nobody looked for: `set_aside` and `name_line` (Migration20261207150000), then
 * `actives_outside_list` (Migration20261207180000; null until then, and answered as an empty list). A batch at a time
 * in id order, each batch one statement: a start-up cut short leaves the rows done so far done, and the next start
 * goes on from the first row still null (a partial index each). Runs at start-up under the start-up lock
 * (seedIfEmpty), before the service answers. Returns how many rows it filled.
 */
export async function backfillAnalysisReadings(em: EntityManager, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await em.execute<Array<{ id: string; ingredient_list: string }>>(
      `select id, ingredient_list from ingredient_analysis where set_aside is null order by id limit ?`,
      [batchSize],
    );
    if (!rows.length) break;
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
  return filled + (await backfillActivesOutsideList(em, batchSize));
}

/** The actives a stored analysis's label names with a strength outside its list, read as an analysis reads them now. */
async function backfillActivesOutsideList(em: EntityManager, batchSize: number): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await em.execute<Array<{ id: string; ingredient_list: string }>>(
      `select id, ingredient_list from ingredient_analysis where actives_outside_list is null order by id limit ?`,
      [batchSize],
    );
    if (!rows.length) return filled;
    const { matcher } = await loadKnowledgeBase(em);
    await em.execute(
      `update ingredient_analysis a set actives_outside_list = r.outside
         from json_to_recordset(?::json) as r(id uuid, outside json) where a.id = r.id`,
      [
        JSON.stringify(
          rows.map((row) => ({
            id: row.id,
            outside: analyzeIngredientList(row.ingredient_list, matcher).activesOutsideList,
          })),
        ),
      ],
    );
    filled += rows.length;
  }
}
