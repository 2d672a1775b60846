import { CompiledQuery } from 'kysely';
import type { EntityManager } from '../../db.js';
import { markCommittedWrite } from '../../platform/request-store.js';
import { countStatement } from '../../sql-statements.js';
import type { StoredEntry } from './analysis.entity.js';
import { serializeEntries } from './stored-entries.type.js';
import type { SetAsideText } from './engine/set-aside.js';
import type { ActiveOutsideList } from './engine/analyze.js';

/** A new analysis as it is written: the columns of `ingredient_analysis`. */
export interface NewAnalysis {
  id: string;
  token: string;
  ingredientList: string;
  entries: StoredEntry[];
  unmatched: string[];
  duplicates: string[];
  footnotes: string[];
  ownerId: string | null;
  createdAt: Date;
  /** What the parser set aside (the kinds shown): kept, so that reading the analysis back parses nothing. */
  setAside: SetAsideText[];
  /** The name line above the list (engine/parse.ts), kept for the same reason. */
  nameLine: string | null;
  /** The actives named with a strength outside the list (engine/printed-strengths.ts), kept for the same reason. */
  activesOutsideList: ActiveOutsideList[];
}

interface Waiting {
  row: NewAnalysis;
  done: (error?: unknown) => void;
}

/**
 * Group commit for analyses: the rows of requests that arrive together go to the database as
 * one multi-row INSERT (one statement, so all of it lands or none does), and each request is
 * answered only once its row is committed. On PGlite every statement runs on the one thread
 * that also serves HTTP, so a statement per analysis would queue concurrent requests.
 *
 * The INSERT goes to the driver with bind parameters rather than through the unit of work, which
 * would build an entity change set per row and inline every value into the SQL text (each row is
 * a few kB): on PGlite both ran on the same thread as everything else.
 */
const waiting: Waiting[] = [];
let scheduled = false;
const MAX_BATCH = 200;
const COLUMNS = [
  'id',
  'token',
  'ingredient_list',
  'entries',
  'unmatched',
  'duplicates',
  'footnotes',
  'owner_id',
  'created_at',
  'set_aside',
  'name_line',
  'actives_outside_list',
];
const valuesOf = (row: NewAnalysis): unknown[] => [
  row.id,
  row.token,
  row.ingredientList,
  serializeEntries(row.entries),
  row.unmatched,
  row.duplicates,
  row.footnotes,
  row.ownerId,
  row.createdAt,
  JSON.stringify(row.setAside),
  row.nameLine,
  JSON.stringify(row.activesOutsideList),
];

function insertOf(rows: NewAnalysis[]): CompiledQuery {
  const parameters = rows.flatMap(valuesOf);
  const tuples = rows.map((_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
  return CompiledQuery.raw(
    `insert into "ingredient_analysis" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`,
    parameters,
  );
}

async function flush(em: EntityManager): Promise<void> {
  const batch = waiting.splice(0, MAX_BATCH);
  try {
    const query = insertOf(batch.map((w) => w.row));
    countStatement(query.sql);
    await em.getConnection().getClient().executeQuery(query);
    for (const w of batch) w.done();
  } catch (error) {
    for (const w of batch) w.done(error);
  }
  if (waiting.length) void flush(em);
  else scheduled = false;
}

/**
 * Stores the analysis; resolves when it is committed. `em` must not be inside a transaction.
 * The INSERT runs in whichever request's context scheduled it: each request records its own
 * committed write (for the response cache) when its row is in.
 */
export async function saveAnalysis(em: EntityManager, row: NewAnalysis): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    waiting.push({ row, done: (error) => (error ? reject(error) : resolve()) });
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush(em));
    }
  });
  markCommittedWrite(['ingredient_analysis']);
}
