import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '../db.js';

/** The tables whose rows a path may name by alias (src/modules/shared/base.entity.ts, ingredient.entity.ts). */
export const ALIASED_TABLES = ['product', 'brand', 'facet', 'product_category', 'unit_of_measurement', 'ingredient'];

/** MAX_ALIAS_LENGTH when this was written (src/modules/shared/ids.ts), fixed here as the migration is. */
const LIMIT = 120;

export interface ShortenedAlias {
  table: string;
  from: string;
  to: string;
}

/**
 * Aliases are at most 120 characters (the router's longest path segment) since 0.7.0. Before, a taken generated
 * alias of 120 characters got "-" and six characters of the new id (up to 127), and the knowledge base's aliases were
 * the whole slug of the INCI name (one of 188): such a row could not be named in a path
 * (`PATCH /products/<alias>/publish` failed). This shortens each, deterministically (the alias, the row's id and the
 * aliases already taken decide), to the first of these that no other row holds:
 * - the alias cut at its last hyphen within 120 characters, as the EU inventory's and now the knowledge base's are
 *   cut (a fresh seed and a migrated database agree);
 * - its first 113 characters, "-" and the id's last six hex digits, as `suffixedAlias` makes new ones;
 * - its first 107 characters, "-" and the id's last twelve.
 *
 * No redirect: the project keeps no former aliases (an alias a moderator edits is not kept either), and the ids, which
 * never change, still name every row. Each change is printed for the operator, old -> new.
 */
export class Migration20261207172000 extends Migration {
  override name = 'Migration20261207172000';

  /** What the last run in this process changed, as it also prints it. */
  static lastRun: ShortenedAlias[] = [];

  override async up(): Promise<void> {
    const em = this.getEntityManager() as EntityManager;
    const changed: ShortenedAlias[] = [];
    for (const table of ALIASED_TABLES) changed.push(...(await shortenLongAliases(em, table)));
    Migration20261207172000.lastRun = changed;
    // The app's logger does not exist yet while migrations run: a plain line on the console.
    if (changed.length)
      console.info(
        `shortened ${changed.length} aliases over ${LIMIT} characters: ${changed.map((c) => `${c.table} ${c.from} -> ${c.to}`).join('; ')}`,
      );
  }
}

const trimHyphens = (text: string): string => {
  let end = text.length;
  while (end > 0 && text[end - 1] === '-') end--;
  return text.slice(0, end);
};

/** The alias's candidates in order of preference (see the class). */
export function shortAliasCandidates(alias: string, id: string): string[] {
  const head = alias.slice(0, LIMIT + 1);
  const cut = head.lastIndexOf('-');
  const atHyphen = trimHyphens(cut > LIMIT / 2 ? head.slice(0, cut) : head.slice(0, LIMIT));
  const digits = id.replaceAll('-', '');
  return [
    atHyphen,
    `${trimHyphens(alias.slice(0, LIMIT - 7))}-${digits.slice(-6)}`,
    `${trimHyphens(alias.slice(0, LIMIT - 13))}-${digits.slice(-12)}`,
  ];
}

async function shortenLongAliases(em: EntityManager, table: string): Promise<ShortenedAlias[]> {
  const long = await em.execute<Array<{ id: string; alias: string }>>(
    `select id::text as id, alias from "${table}" where length(alias) > ${LIMIT} order by id`,
  );
  if (!long.length) return [];
  const candidates = long.map((row) => shortAliasCandidates(row.alias, row.id));
  const held = await em.execute<Array<{ alias: string }>>(
    `select alias from "${table}" where alias in (select json_array_elements_text(?::json))`,
    [JSON.stringify(candidates.flat())],
  );
  const taken = new Set(held.map((row) => row.alias));
  const changed: ShortenedAlias[] = [];
  long.forEach((row, i) => {
    const to = candidates[i].find((candidate) => candidate && !taken.has(candidate));
    // Twelve random hex digits of a uuid taken as well: left for the unique constraint to report.
    const chosen = to ?? candidates[i][2];
    taken.add(chosen);
    changed.push({ table, from: row.alias, to: chosen });
  });
  // The new aliases are at most 120 characters and the old ones longer, so no row's new alias meets another's old
  // one while the statement runs (a unique index is checked row by row).
  await em.execute(
    `update "${table}" t set alias = r.to_alias
     from json_to_recordset(?::json) as r(from_alias text, to_alias text) where t.alias = r.from_alias`,
    [JSON.stringify(changed.map((c) => ({ from_alias: c.from, to_alias: c.to })))],
  );
  return changed;
}
