// The EU-law flags of stored ingredients joined again with the current annex joins. Seeding stores on every
// ingredient the flags its annex entries raise (knowledge-base.ts, inventory.ts, cosing-importer.ts); rows
// seeded while a registry number alone joined a plant's ingredient to another part's entry (a bay-leaf
// extract to the bay-seed oil of Annex II/359) or a word inside a chemical name joined Alcohol to a hair-dye
// entry keep those flags until joined again. Run by Migration20261207181000.
import type { EntityManager } from '../db.js';
import { CLASS_FLAGS } from '../modules/analysis/engine/regulation.js';
import { loadRegulation } from '../modules/analysis/regulation-data.js';
import { loadIngredientRecords } from './knowledge-base.js';

/** The flags annex entries raise: only these are worked out again, every other flag stays as stored. */
export const REGULATORY_FLAGS: ReadonlySet<string> = new Set(Object.values(CLASS_FLAGS));

interface StoredIngredient {
  id: string;
  name: string;
  other_names: string[] | null;
  cas_number: string | null;
  ec_number: string | null;
  flags: string[] | null;
  curated: boolean;
}

export interface RejoinReport {
  checked: number;
  changed: number;
  /** A few of the rows changed: name, flags before and after. */
  examples: Array<{ name: string; before: string[]; after: string[] }>;
}

/**
 * The flags a stored row should carry: its own flags, the regulatory ones an authored entry of the knowledge
 * base gives by hand, and those its annex entries raise today. Pure but for the shipped data it reads.
 */
export function rejoinedFlags(
  row: Pick<StoredIngredient, 'name' | 'other_names' | 'cas_number' | 'ec_number' | 'flags'>,
  authored: readonly string[],
): string[] {
  const joined = loadRegulation().flagsFor({
    name: row.name,
    otherNames: row.other_names ?? [],
    casNumber: row.cas_number,
    ecNumber: row.ec_number,
  });
  const kept = (row.flags ?? []).filter((f) => !REGULATORY_FLAGS.has(f) || authored.includes(f) || joined.includes(f));
  return [...new Set([...kept, ...authored.filter((f) => REGULATORY_FLAGS.has(f)), ...joined])];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Joins every stored ingredient to its annex entries again, a batch of rows at a time (by id, so a batch is
 * read once however large the table), writing only the rows whose flags change: one statement per batch.
 * Idempotent: a second run changes nothing.
 */
export async function rejoinRegulatoryFlags(em: EntityManager, batchSize = 2000): Promise<RejoinReport> {
  // Read once there is a row to join: on a fresh database (migrated before it is seeded) the table is empty, and
  // parsing the knowledge base's YAML would cost a first start about a second of CPU for nothing.
  let authoredByName: Map<string, string[]> | null = null;
  const report: RejoinReport = { checked: 0, changed: 0, examples: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await em.execute<StoredIngredient[]>(
      `select id, name, other_names, cas_number, ec_number, flags, curated from ingredient
       where id > ? order by id limit ?`,
      [after, batchSize],
    );
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    report.checked += rows.length;
    authoredByName ??= new Map(
      loadIngredientRecords().map((r) => [r.inci.trim().toLowerCase(), (r.flags ?? []).map(String)]),
    );
    const changes: Array<{ id: string; flags: string[] }> = [];
    for (const row of rows) {
      const authored = row.curated ? (authoredByName.get(row.name.trim().toLowerCase()) ?? []) : [];
      const flags = rejoinedFlags(row, authored);
      if (sameSet(flags, row.flags ?? [])) continue;
      changes.push({ id: row.id, flags });
      if (report.examples.length < 20) report.examples.push({ name: row.name, before: row.flags ?? [], after: flags });
    }
    if (changes.length) {
      await em.execute(
        `update ingredient as i set flags = v.flags::text[]
         from (select * from json_to_recordset(?::json) as x(id uuid, flags text[])) as v
         where i.id = v.id`,
        [JSON.stringify(changes)],
      );
      report.changed += changes.length;
    }
  }
  return report;
}
