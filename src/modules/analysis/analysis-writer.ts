import type { EntityManager } from '../../db.js';
import { IngredientAnalysis } from './analysis.entity.js';

interface Waiting {
  row: IngredientAnalysis;
  done: (error?: unknown) => void;
}

/**
 * Group commit for analyses: the rows of requests that arrive together go to the database as
 * one multi-row INSERT (one statement, so all of it lands or none does), and each request is
 * answered only once its row is committed. On PGlite every statement runs on the one thread
 * that also serves HTTP, so a statement per analysis would queue concurrent requests.
 */
const waiting: Waiting[] = [];
let scheduled = false;
const MAX_BATCH = 200;

async function flush(em: EntityManager): Promise<void> {
  const batch = waiting.splice(0, MAX_BATCH);
  try {
    await em.fork().insertMany(IngredientAnalysis, batch.map((w) => w.row));
    for (const w of batch) w.done();
  } catch (error) {
    for (const w of batch) w.done(error);
  }
  if (waiting.length) void flush(em);
  else scheduled = false;
}

/** Stores the analysis; resolves when it is committed. `em` must not be inside a transaction. */
export function saveAnalysis(em: EntityManager, row: IngredientAnalysis): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ row, done: (error) => (error ? reject(error) : resolve()) });
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush(em));
    }
  });
}
