// The flags stored on the EU inventory's rows made again by the one rule (analysis/engine/function-flags.ts). Rows
// seeded while the importer flagged fragrance only for "perfuming" alone (mandarin oil: perfuming and skin
// conditioning) lack the flag a fresh seed gives them; the analysis applied the rule at read time either way, but
// the stored row is what an ingredient's page, search filters and exports read. Run by Migration20261207223000.
import type { EntityManager } from '../../../db.js';
import { flagsFromFunctions } from '../../analysis/engine/function-flags.js';

/**
 * Adds to every inventory row (curated = false; a curated entry's flags are authored) the flags its functions make
 * and it lacks, first, as the seeder orders them. The rule runs here, not in SQL: each distinct set of functions is
 * read once (a few hundred sets for 29,000 rows), and one statement writes the rows whose flags change. Idempotent.
 * Returns how many rows changed.
 */
export async function rejoinFunctionFlags(em: EntityManager): Promise<number> {
  const sets = await em.execute<Array<{ functions: string[] }>>(
    `select distinct functions from ingredient where curated = false and cardinality(functions) > 0`,
  );
  const adds = sets.flatMap((s) => {
    const add = flagsFromFunctions(s.functions);
    return add.length ? [{ functions: s.functions, add }] : [];
  });
  if (!adds.length) return 0;
  const changed = await em.execute<Array<{ id: string }>>(
    `update ingredient i set flags = r.add || array(select f from unnest(i.flags) f where not f = any(r.add)),
       updated_at = now()
     from json_to_recordset(?::json) as r(functions text[], add text[])
     where i.curated = false and i.functions = r.functions and not i.flags @> r.add returning i.id`,
    [JSON.stringify(adds)],
  );
  return changed.length;
}
