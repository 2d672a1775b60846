// Loads the EU CosIng inventory into the ingredient table: streamed, upserted in batches (one
// transaction each), idempotent, and never touching what we curated.
import type { Readable } from 'node:stream';
import type { EntityManager, Orm } from '../db.js';
import { nameKey } from '../modules/analysis/engine/normalize.js';
import { invalidateMatcher } from '../modules/ingredient/matcher.service.js';
import { newId } from '../modules/shared/ids.js';
import { inventoryRowValues } from './inventory.js';
import { loadVocabulary } from '../modules/ingredient/vocabulary.js';
import { createFunctionMapper, flagsFromFunctions } from '../modules/ingredient/cosing/functions.js';
import { loadRegulation } from '../modules/analysis/regulation-data.js';
import { importedDescription, uniqueAlias, type CosingRecord } from '../modules/ingredient/cosing/parse.js';
import { readCosingRows, type CosingReadOptions } from '../modules/ingredient/cosing/reader.js';

export interface CosingImportOptions extends CosingReadOptions {
  /** Rows per INSERT … ON CONFLICT statement and per transaction. */
  batchSize?: number;
  /** Fill in a curated ingredient's missing CAS number from the row of the same INCI name (default true). */
  fillCuratedCas?: boolean;
  /** How many bad rows to keep as examples. */
  keepBadRows?: number;
  /** Called after every committed batch. */
  onProgress?: (report: CosingImportReport) => void;
  /** Stops the import before the next row (Ctrl-C): committed batches stay, the pending one is dropped. */
  signal?: AbortSignal;
}

export interface CosingImportReport {
  /** Line of the header row. */
  headerLine: number;
  /** Data rows after the header (blank rows not counted). */
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** The name or alias is one of a curated ingredient's: left as we wrote it. */
  skippedCurated: number;
  /** The name is another name (Aqua, CI 77891, …) of an ingredient we have: the matcher already knows it. */
  skippedOtherName: number;
  /** The same INCI name (ignoring case) again further down the file: the first row wins. */
  duplicates: number;
  bad: number;
  badRows: Array<{ line: number; reason: string }>;
  /** Curated ingredients whose empty CAS number was filled in from the file. */
  curatedCasFilled: number;
  /** Function names with no vocabulary id: how many rows named each. */
  unknownFunctions: Record<string, number>;
  batches: number;
  /** The last line of the file whose row is committed. */
  committedThroughLine: number;
  /** What stopped the import, when something did; batches before it stay committed. */
  failure: { line: number; name: string | null; message: string } | null;
  elapsedSeconds: number;
}

interface KnownIngredient {
  id: string;
  name: string;
  alias: string;
  curated: boolean;
  other_names: string[] | null;
  cas_number: string | null;
}

interface UpsertRow {
  line: number;
  id: string;
  name: string;
  alias: string;
  description: string;
  functions: string[];
  /** Only what the data supports: an annex entry, or functions that say what it is for (perfuming alone). */
  flags: string[];
  casNumber: string | null;
  ecNumber: string | null;
  /** An imported row of this name was there before the batch. */
  existing: boolean;
}

interface CasFill {
  line: number;
  id: string;
  name: string;
  casNumber: string;
}

const lower = (name: string): string => name.toLowerCase();

const UPSERT_HEAD = `insert into ingredient (id, alias, name, other_names, description, functions, effects, flags, groups, cas_number, ec_number, curated, created_at, updated_at) values `;
const UPSERT_ROW = `(?, ?, ?, '{}', ?, ?::text[], '{}', ?::text[], '{}', ?, ?, false, now(), now())`;
// Only imported rows are ever updated, and only when something CosIng says has changed.
const UPSERT_TAIL = ` on conflict (name) do update set description = excluded.description, functions = excluded.functions, flags = excluded.flags, cas_number = excluded.cas_number, ec_number = excluded.ec_number, updated_at = excluded.updated_at
 where ingredient.curated = false
   and (ingredient.description, ingredient.functions, ingredient.flags, ingredient.cas_number, ingredient.ec_number) is distinct from (excluded.description, excluded.functions, excluded.flags, excluded.cas_number, excluded.ec_number)
 returning name`;

async function upsert(em: EntityManager, rows: readonly UpsertRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const params = inventoryRowValues(rows);
  const sql = UPSERT_HEAD + rows.map(() => UPSERT_ROW).join(', ') + UPSERT_TAIL;
  const written = await em.execute<Array<{ name: string }>>(sql, params);
  return new Set(written.map((w) => w.name));
}

async function fillCas(em: EntityManager, fills: readonly CasFill[]): Promise<number> {
  if (!fills.length) return 0;
  const params = fills.flatMap((f) => [f.id, f.casNumber]);
  const rows = await em.execute<Array<{ id: string }>>(
    `update ingredient set cas_number = v.cas, updated_at = now()
     from (values ${fills.map(() => '(?::uuid, ?::text)').join(', ')}) as v(id, cas)
     where ingredient.id = v.id and ingredient.curated = true and ingredient.cas_number is null
     returning ingredient.id`,
    params,
  );
  return rows.length;
}

class Rollback extends Error {}

/** Which row of a failed batch fails on its own: each is tried under a savepoint, and all is rolled back. */
async function failingRow(
  orm: Orm,
  rows: readonly UpsertRow[],
  fills: readonly CasFill[],
): Promise<{ line: number; name: string; message: string } | null> {
  let found: { line: number; name: string; message: string } | null = null;
  const attempts = [
    ...rows.map((r) => ({ line: r.line, name: r.name, run: (em: EntityManager) => upsert(em, [r]) })),
    ...fills.map((f) => ({ line: f.line, name: f.name, run: (em: EntityManager) => fillCas(em, [f]) })),
  ].sort((a, b) => a.line - b.line);
  try {
    await (orm.em.fork() as EntityManager).transactional(async (tx) => {
      for (const attempt of attempts) {
        try {
          await tx.transactional(async (inner) => {
            await attempt.run(inner as EntityManager);
          });
        } catch (error) {
          found = { line: attempt.line, name: attempt.name, message: (error as Error).message };
          break;
        }
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) return null;
  }
  return found;
}

/**
 * Imports a CosIng CSV (a path or a stream) into the database. Rows whose name or alias is a
 * curated ingredient's, or whose name is another name of a known ingredient, are skipped.
 * Throws CosingFormatError before writing anything when the file has no usable header row;
 * any later failure ends the import and is returned in `failure`, earlier batches committed.
 */
export async function importCosing(
  orm: Orm,
  source: Readable | string,
  options: CosingImportOptions = {},
): Promise<CosingImportReport> {
  const started = performance.now();
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const fillCuratedCas = options.fillCuratedCas ?? true;
  const keepBadRows = options.keepBadRows ?? 10;
  const vocabulary = loadVocabulary();
  const mapFunctions = createFunctionMapper(vocabulary.functions);
  const regulation = loadRegulation();
  const report: CosingImportReport = {
    headerLine: 0,
    rowsRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skippedCurated: 0,
    skippedOtherName: 0,
    duplicates: 0,
    bad: 0,
    badRows: [],
    curatedCasFilled: 0,
    unknownFunctions: {},
    batches: 0,
    committedThroughLine: 0,
    failure: null,
    elapsedSeconds: 0,
  };

  // What the table holds now: a few MB even with the whole inventory imported.
  const known = await (orm.em.fork() as EntityManager).execute<KnownIngredient[]>(
    'select id, name, alias, curated, other_names, cas_number from ingredient',
  );
  const curatedByKey = new Map<string, KnownIngredient>();
  const curatedAliases = new Set<string>();
  const otherNameKeys = new Set<string>();
  const importedByName = new Map<string, { name: string; alias: string }>();
  const aliases = new Set<string>();
  for (const row of known) {
    aliases.add(row.alias);
    for (const other of row.other_names ?? []) otherNameKeys.add(nameKey(other));
    if (row.curated) {
      curatedByKey.set(nameKey(row.name), row);
      curatedAliases.add(row.alias);
    } else {
      importedByName.set(lower(row.name), { name: row.name, alias: row.alias });
    }
  }
  const seen = new Set<string>();
  const casFilled = new Set<string>();

  let rows: UpsertRow[] = [];
  let fills: CasFill[] = [];
  let lastLine = 0;

  const flush = async (): Promise<boolean> => {
    if (!rows.length && !fills.length) return true;
    const batch = rows;
    const batchFills = fills;
    rows = [];
    fills = [];
    try {
      const { written, filled } = await (orm.em.fork() as EntityManager).transactional(async (tx) => ({
        written: await upsert(tx, batch),
        filled: await fillCas(tx, batchFills),
      }));
      for (const row of batch) {
        if (!written.has(row.name)) report.unchanged++;
        else if (row.existing) report.updated++;
        else report.inserted++;
        if (!row.existing) importedByName.set(lower(row.name), { name: row.name, alias: row.alias });
      }
      report.curatedCasFilled += filled;
      report.batches++;
      report.committedThroughLine = lastLine;
      options.onProgress?.(report);
      return true;
    } catch (error) {
      const first = Math.min(...batch.map((r) => r.line), ...batchFills.map((f) => f.line));
      const culprit = await failingRow(orm, batch, batchFills);
      report.failure = culprit ?? {
        line: first,
        name: null,
        message: `the batch starting at line ${first} failed: ${(error as Error).message}`,
      };
      return false;
    }
  };

  const enqueue = (record: CosingRecord): void => {
    const key = nameKey(record.name);
    const curated = curatedByKey.get(key);
    if (curated || curatedAliases.has(record.alias)) {
      report.skippedCurated++;
      if (fillCuratedCas && curated && !curated.cas_number && record.casNumber && !casFilled.has(curated.id)) {
        casFilled.add(curated.id);
        fills.push({ line: record.line, id: curated.id, name: record.name, casNumber: record.casNumber });
      }
      return;
    }
    if (otherNameKeys.has(key)) {
      report.skippedOtherName++;
      return;
    }
    const existing = importedByName.get(lower(record.name));
    let alias: string;
    if (existing) {
      alias = existing.alias;
    } else {
      alias = uniqueAlias(record.alias, aliases);
      aliases.add(alias);
    }
    rows.push({
      line: record.line,
      id: newId(),
      name: existing?.name ?? record.name,
      alias,
      description: importedDescription(record, vocabulary.functions),
      functions: record.functions,
      flags: [
        ...new Set([
          ...flagsFromFunctions(record.functions),
          ...regulation.flagsFor({
            name: record.name,
            otherNames: [],
            casNumber: record.casNumber,
            ecNumber: record.ecNumber,
          }),
        ]),
      ],
      casNumber: record.casNumber,
      ecNumber: record.ecNumber,
      existing: Boolean(existing),
    });
  };

  try {
    for await (const row of readCosingRows(source, mapFunctions, options)) {
      if (options.signal?.aborted) {
        report.failure = {
          line: 'header' in row ? row.line : row.ok ? row.record.line : row.line,
          name: null,
          message: 'interrupted',
        };
        break;
      }
      if ('header' in row) {
        report.headerLine = row.line;
        continue;
      }
      report.rowsRead++;
      if (!row.ok) {
        report.bad++;
        if (report.badRows.length < keepBadRows) report.badRows.push({ line: row.line, reason: row.reason });
        continue;
      }
      const record = row.record;
      lastLine = record.line;
      for (const name of record.unknownFunctions)
        report.unknownFunctions[name] = (report.unknownFunctions[name] ?? 0) + 1;
      const name = lower(record.name);
      if (seen.has(name)) {
        report.duplicates++;
        continue;
      }
      seen.add(name);
      enqueue(record);
      if (rows.length + fills.length >= batchSize && !(await flush())) break;
    }
    if (!report.failure && (await flush())) report.committedThroughLine = lastLine;
  } catch (error) {
    // No header: nothing was written, the caller gets the error as it is.
    if (!report.headerLine) throw error;
    const line = (error as { line?: number }).line ?? lastLine;
    report.failure = { line, name: null, message: (error as Error).message };
  } finally {
    // Whatever was committed, the cached matcher must see it.
    if (report.inserted || report.updated) invalidateMatcher();
    report.elapsedSeconds = (performance.now() - started) / 1000;
  }
  return report;
}
