// Loads an Open Beauty Facts export into the product catalog: streamed, analysed by our parser
// and matcher, upserted by barcode in batches (one transaction and a few multi-row statements
// each), idempotent, and never touching a curated product.
//
// Curated: a product this import did not create (source_name is not ours), or one edited here
// after the import last wrote it (its updated_at moved past source_imported_at; every write
// through the app bumps updated_at). Those are left exactly as they are.
import type { Readable } from 'node:stream';
import { CompiledQuery, type Transaction } from 'kysely';
import type { EntityManager, Orm } from '../../db.js';
import { matchedIngredientIds } from '../shared/ingredient-list.js';
import { analyzeIngredientList, type ListAnalysis } from '../analysis/engine/analyze.js';
import type { IngredientMatcher } from '../analysis/engine/match.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { invalidateSimilarityIndex } from '../product/similarity.service.js';
import { newId, slugify } from '../shared/ids.js';
import { countStatement } from '../../sql-statements.js';
import { productTypeOf, readProductFlags } from '../analysis/product-flags.js';
import { CatalogMaps } from './catalog-maps.js';
import { MAX_LINE_BYTES, readObfLines, type ObfFormat } from './reader.js';
import { readObfRecord, type ObfProduct, type SkipReason } from './record.js';
import { UnmatchedCounter } from './unmatched.js';
import { recordImportedVersions } from '../reformulation/list-version.service.js';

export const OBF_SOURCE = 'open-beauty-facts';

export type ObfSkipReason = SkipReason | 'line-too-long' | 'no-matched-ingredient' | 'write-failed';

export interface ObfImportOptions {
  format: ObfFormat;
  /** Products per batch: one transaction, one multi-row upsert (default 500). */
  batchSize?: number;
  /** Bytes of one line read at most (default MAX_LINE_BYTES, 16 MiB); a longer one is skipped without being read into memory. */
  maxLineBytes?: number;
  /** Examples kept per skip reason (default 5). */
  keepExamples?: number;
  /** Called after every committed batch, with how many bytes of the file have been read. */
  onProgress?: (report: ObfImportReport, bytesRead: number) => void;
  /** Stops before the next line (Ctrl-C): committed batches stay. */
  signal?: AbortSignal;
}

export interface ObfImportReport {
  linesRead: number;
  imported: number;
  updated: number;
  /** Imported before and the same now: not written. */
  unchanged: number;
  /** Ours or edited here after an import: left as it is. */
  skippedCurated: number;
  skipped: Partial<Record<ObfSkipReason, number>>;
  examples: Partial<Record<ObfSkipReason, Array<{ line: number; detail: string }>>>;
  brandsCreated: number;
  /** Written products placed in one of our categories. */
  categorized: number;
  entries: number;
  matchedEntries: number;
  /** The most frequent unmatched entries, most frequent first (approximate counts past 20,000 distinct names). */
  unmatched: Array<{ name: string; count: number }>;
  batches: number;
  failure: string | null;
  elapsedSeconds: number;
}

interface Prepared {
  line: number;
  record: ObfProduct;
  id: string;
  brand: { alias: string; name: string };
  categoryId: string | null;
  tags: string[];
  sizeAmount: number | null;
  sizeUnitId: string | null;
  list: string;
  analysis: ListAnalysis;
  ingredientIds: string[];
  /** The analysis's reading of the list as a product of its category (product-flags.ts). */
  flags: string[];
  entryFlags: string[][];
}

/** A Postgres array literal (every element quoted; null as NULL). */
export const arrayLiteral = (items: ReadonlyArray<string | number | boolean | null>): string =>
  `{${items.map((i) => (i === null ? 'NULL' : typeof i === 'string' ? `"${i.replace(/["\\]/g, '\\$&')}"` : String(i))).join(',')}}`;

/**
 * Of the candidate lists (English/INCI first), the first that mostly matches and mostly by INCI names;
 * else the best: one that mostly matches before one that does not, then the most INCI names. A list in
 * Spanish or French our label translations read ("Agua, glicerina") loses to the INCI list beside it.
 */
export function chooseIngredientText(
  texts: readonly string[],
  matcher: IngredientMatcher,
): { list: string; analysis: ListAnalysis } {
  let best: { list: string; analysis: ListAnalysis; rank: [number, number, number] } | null = null;
  for (const list of texts.slice(0, 3)) {
    const analysis = analyzeIngredientList(list, matcher);
    const total = analysis.entries.length;
    const share = total ? (total - analysis.unmatched.length) / total : 0;
    const inciShare = total ? analysis.entries.filter((e) => e.match === 'exact').length / total : 0;
    const rank: [number, number, number] = [share >= 0.8 ? 1 : 0, inciShare, share];
    if (
      !best ||
      rank[0] > best.rank[0] ||
      (rank[0] === best.rank[0] && (rank[1] > best.rank[1] || (rank[1] === best.rank[1] && rank[2] > best.rank[2])))
    ) {
      best = { list, analysis, rank };
    }
    if (share >= 0.8 && inciShare >= 0.5) break;
  }
  return best!;
}

const PRODUCT_COLUMNS = `id, alias, name, brand_id, category_id, description, barcode, size_amount, size_unit_id, ingredient_list, ingredient_ids, flags, status,
  published_at, created_at, updated_at, tags, source_name, source_code, source_modified_at, source_imported_at`;
// One array a column, unnested into rows: a statement of fourteen literals parses and plans far
// faster than a VALUES list of thousands (PGlite most of all). The text[] columns travel as
// comma-joined text (ids, flag names and OBF tags hold no commas).
const PRODUCT_ROWS = `select v.id, v.alias, v.name, v.brand_id, v.category_id, '', v.barcode, v.size_amount, v.size_unit_id, v.ingredient_list,
  string_to_array(v.ingredient_ids, ','), string_to_array(v.flags, ','), 'published', now(), now(), now(), string_to_array(v.tags, ','),
  '${OBF_SOURCE}', v.code, v.modified, now()
 from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::float8[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
   as v(id, alias, name, brand_id, category_id, barcode, size_amount, size_unit_id, ingredient_list, ingredient_ids, flags, tags, code, modified)`;
const CONTENT = [
  'name',
  'brand_id',
  'category_id',
  'size_amount',
  'size_unit_id',
  'ingredient_list',
  'ingredient_ids',
  'flags',
  'tags',
  'source_code',
  'source_modified_at',
];
// Only products this import wrote and nobody edited since, and only when something changed.
const PRODUCT_UPSERT_TAIL = ` on conflict (barcode) do update set ${CONTENT.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at, source_imported_at = excluded.source_imported_at
 where product.source_name = '${OBF_SOURCE}' and product.updated_at = product.source_imported_at
   and (${CONTENT.map((c) => `product.${c}`).join(', ')}) is distinct from (${CONTENT.map((c) => `excluded.${c}`).join(', ')})
 returning id, barcode, (xmax = 0) as inserted`;

/**
 * A statement inside the batch's transaction with its parameters sent apart ($1, $2…). The ORM's
 * execute() writes every parameter into the SQL text first, which for the megabyte-sized arrays
 * of a batch cost more than the insert itself (most of it in garbage collection). Counted like
 * every statement the ORM sends (src/sql-statements.ts: metrics, and writes seen by the cache).
 */
async function executeNative<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const context = tx.getTransactionContext<Transaction<Record<string, never>>>();
  if (!context) throw new Error('executeNative runs inside a transaction');
  countStatement(sql);
  return (await context.executeQuery<T>(CompiledQuery.raw(sql, params))).rows;
}

interface BatchResult {
  inserted: number;
  updated: number;
  unchanged: number;
  curated: number;
  categorized: number;
  brandsCreated: number;
}

async function writeBatch(
  tx: EntityManager,
  maps: CatalogMaps,
  batch: readonly Prepared[],
  remembered: string[],
): Promise<BatchResult> {
  const result: BatchResult = { inserted: 0, updated: 0, unchanged: 0, curated: 0, categorized: 0, brandsCreated: 0 };
  // Curated products are not even offered to the upsert (its WHERE would keep them anyway).
  const existing = await executeNative<{ barcode: string; importable: boolean }>(
    tx,
    `select barcode, coalesce(source_name = '${OBF_SOURCE}' and updated_at = source_imported_at, false) as importable from product where barcode = any($1::text[])`,
    [arrayLiteral(batch.map((p) => p.record.barcode))],
  );
  const known = new Map(existing.map((e) => [e.barcode, e.importable]));
  const rows = batch.filter((p) => known.get(p.record.barcode) !== false);
  result.curated = batch.length - rows.length;
  if (!rows.length) return result;

  const brands = await maps.createBrands(
    tx,
    rows.map((p) => p.brand),
  );
  result.brandsCreated = brands.created;
  remembered.push(...brands.remembered);

  // New products get "<brand>-<name>-<barcode>"; one already taken (by a product of ours) gets a suffix.
  const aliases = new Map(
    rows.map((p) => [p.id, `${slugify(`${p.brand.alias} ${p.record.name}`).slice(0, 100)}-${p.record.barcode}`]),
  );
  const taken = new Set(
    (
      await executeNative<{ alias: string }>(tx, 'select alias from product where alias = any($1::text[])', [
        arrayLiteral([...aliases.values()]),
      ])
    ).map((r) => r.alias),
  );

  const columns: Array<Array<string | number | null>> = Array.from({ length: 14 }, () => []);
  for (const p of rows) {
    let alias = aliases.get(p.id)!;
    if (taken.has(alias)) alias = `${alias}-${p.id.slice(-6)}`;
    const values = [
      p.id,
      alias,
      p.record.name,
      maps.brandId(p.brand) ?? null,
      p.categoryId,
      p.record.barcode,
      p.sizeAmount,
      p.sizeUnitId,
      p.list,
      p.ingredientIds.join(','),
      p.flags.join(','),
      p.tags.join(','),
      p.record.code,
      p.record.lastModified?.toISOString() ?? null,
    ];
    for (const [i, v] of values.entries()) columns[i].push(v);
  }
  const written = await executeNative<{ id: string; barcode: string; inserted: boolean }>(
    tx,
    `insert into product (${PRODUCT_COLUMNS}) ${PRODUCT_ROWS}${PRODUCT_UPSERT_TAIL}`,
    columns.map(arrayLiteral),
  );
  const byBarcode = new Map(rows.map((p) => [p.record.barcode, p]));
  const updatedIds: string[] = [];
  const entryColumns: Array<Array<string | number | boolean | null>> = Array.from({ length: 13 }, () => []);
  for (const w of written) {
    const p = byBarcode.get(w.barcode)!;
    if (w.inserted) result.inserted++;
    else {
      result.updated++;
      updatedIds.push(w.id);
    }
    if (p.categoryId) result.categorized++;
    for (const [k, e] of p.analysis.entries.entries()) {
      const values = [
        newId(),
        w.id,
        e.position,
        e.input,
        e.ingredientId,
        e.match,
        e.concentration,
        e.mayContain,
        e.unread ?? false,
        // Flags hold vocabulary words (no comma), so a row's array travels as one text element.
        p.entryFlags[k].join(','),
        e.active,
        e.part,
        e.nano,
      ];
      for (const [i, v] of values.entries()) entryColumns[i].push(v);
    }
  }
  result.unchanged = rows.length - written.length;
  if (updatedIds.length)
    await executeNative(tx, 'delete from product_ingredient where product_id = any($1::uuid[])', [
      arrayLiteral(updatedIds),
    ]);
  if (entryColumns[0].length) {
    // One statement whatever the number of entries: thirteen arrays, unnested into rows.
    await executeNative(
      tx,
      `insert into product_ingredient (id, product_id, position, input, ingredient_id, match, concentration, may_contain, unread, flags, active, part, nano)
       select id, product_id, position, input, ingredient_id, match, concentration, may_contain, unread,
         string_to_array(flags, ','), active, part, nano
       from unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::boolean[], $9::boolean[],
         $10::text[], $11::boolean[], $12::text[], $13::boolean[])
         as e(id, product_id, position, input, ingredient_id, match, concentration, may_contain, unread, flags, active, part, nano)`,
      entryColumns.map(arrayLiteral),
    );
  }
  // Reformulation watch: one statement appends the new lists' versions (more only for watched updates).
  await recordImportedVersions(
    tx,
    written.map((w) => w.id),
  );
  return result;
}

function emptyReport(): ObfImportReport {
  return {
    linesRead: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    skippedCurated: 0,
    skipped: {},
    examples: {},
    brandsCreated: 0,
    categorized: 0,
    entries: 0,
    matchedEntries: 0,
    unmatched: [],
    batches: 0,
    failure: null,
    elapsedSeconds: 0,
  };
}

/**
 * Imports an OBF export (a path, or a stream of the uncompressed file) into the database. Bad
 * lines are counted and skipped, never fatal; a batch the database refuses is retried product by
 * product, and only the products it still refuses are skipped ("write-failed").
 */
export async function importObf(
  orm: Orm,
  source: Readable | string,
  options: ObfImportOptions,
): Promise<ObfImportReport> {
  const started = performance.now();
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const keepExamples = options.keepExamples ?? 5;
  const report = emptyReport();
  const em = orm.em.fork() as EntityManager;
  const { matcher, byId } = await loadKnowledgeBase(em);
  const maps = await CatalogMaps.load(em);
  const readFlags = (entries: ListAnalysis['entries'], categoryId: string | null) =>
    readProductFlags(
      entries,
      (id) => byId.get(id),
      productTypeOf(categoryId ? maps.categoryUse.get(categoryId) : null),
    );
  const unmatched = new UnmatchedCounter();
  const seen = new Set<string>();
  const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
  const input = readObfLines(source, options.format, maxLineBytes);

  const skip = (reason: ObfSkipReason, line: number, detail: string): void => {
    report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
    const examples = (report.examples[reason] ??= []);
    if (examples.length < keepExamples) examples.push({ line, detail: detail.slice(0, 160) });
  };

  const count = (r: BatchResult): void => {
    report.imported += r.inserted;
    report.updated += r.updated;
    report.unchanged += r.unchanged;
    report.skippedCurated += r.curated;
    report.categorized += r.categorized;
    report.brandsCreated += r.brandsCreated;
  };

  const commit = async (batch: Prepared[]): Promise<void> => {
    const remembered: string[] = [];
    try {
      count(
        await (orm.em.fork() as EntityManager).transactional((tx) =>
          writeBatch(tx as EntityManager, maps, batch, remembered),
        ),
      );
    } catch {
      maps.forgetBrands(remembered);
      // One product the database refuses must not cost the batch: each alone, the refused ones skipped.
      for (const p of batch) {
        const mine: string[] = [];
        try {
          count(
            await (orm.em.fork() as EntityManager).transactional((tx) =>
              writeBatch(tx as EntityManager, maps, [p], mine),
            ),
          );
        } catch (error) {
          maps.forgetBrands(mine);
          skip('write-failed', p.line, `code ${p.record.code}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
    report.batches++;
    options.onProgress?.(report, input.bytesRead());
  };

  // While one batch is written, the next is read and analysed.
  let writing: Promise<void> = Promise.resolve();
  let batch: Prepared[] = [];
  const flush = async (): Promise<void> => {
    const full = batch;
    batch = [];
    await writing;
    writing = full.length ? commit(full) : Promise.resolve();
  };

  try {
    for await (const item of input.lines) {
      if (options.signal?.aborted) {
        report.failure = 'interrupted';
        break;
      }
      report.linesRead++;
      if ('tooLong' in item) {
        skip('line-too-long', item.line, `${item.tooLong} bytes, over the ${maxLineBytes} byte limit: not read`);
        continue;
      }
      if ('error' in item) {
        skip('broken-json', item.line, item.error);
        continue;
      }
      const read = readObfRecord(item.raw);
      if (!read.ok) {
        skip(read.reason, item.line, read.detail);
        continue;
      }
      const record = read.product;
      if (seen.has(record.barcode)) {
        skip('duplicate-barcode', item.line, `code ${record.code}`);
        continue;
      }
      seen.add(record.barcode);
      const { list, analysis } = chooseIngredientText(record.ingredientTexts, matcher);
      const ingredientIds = matchedIngredientIds(analysis.entries);
      if (!ingredientIds.length) {
        skip('no-matched-ingredient', item.line, `code ${record.code}: ${list.slice(0, 100)}`);
        continue;
      }
      report.entries += analysis.entries.length;
      report.matchedEntries += analysis.entries.length - analysis.unmatched.length;
      for (const name of analysis.unmatched) unmatched.add(name);
      const { categoryId, tags } = maps.category(record.categoryTags);
      batch.push({
        line: item.line,
        record,
        id: newId(),
        brand: maps.brandKey(record.brand),
        categoryId,
        tags,
        sizeAmount: record.quantity ? record.quantity.amount : null,
        sizeUnitId: record.quantity ? (maps.unitIds.get(record.quantity.unit) ?? null) : null,
        list,
        analysis,
        ingredientIds,
        ...readFlags(analysis.entries, categoryId),
      });
      if (batch.length >= batchSize) await flush();
    }
    if (!report.failure) await flush();
    await writing;
    // A bulk load leaves the planner's statistics behind (autovacuum catches up minutes later):
    // search over ingredient_ids and flags plans by them, so refresh them now.
    if (report.imported + report.updated >= 1000)
      await (orm.em.fork() as EntityManager).execute('analyze product, product_ingredient, brand, product_search');
  } catch (error) {
    await writing.catch(() => {});
    report.failure = (error as Error).message;
  } finally {
    // Search reads the tables directly; the similarity index is built from them once: drop it.
    if (report.imported || report.updated) invalidateSimilarityIndex();
    report.unmatched = unmatched.top(50);
    report.elapsedSeconds = (performance.now() - started) / 1000;
  }
  return report;
}
