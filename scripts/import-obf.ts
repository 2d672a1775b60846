// Imports an Open Beauty Facts export (products, ODbL) into the catalog.
//   npm run import:obf -- FILE (.jsonl, .jsonl.gz or the tab-separated .csv export) [--batch-size 500]
// PGlite (PGLITE_DIR, default .data/pglite) unless DATABASE_URL is set. Idempotent: a second run
// changes nothing. Products we or our users curated are never overwritten.
import cliProgress from 'cli-progress';
import { importObf, type ObfImportReport } from '../src/modules/obf-import/importer.js';
import { formatOf, MAX_LINE_BYTES, type ObfFormat } from '../src/modules/obf-import/reader.js';
import { formatObfReport } from '../src/modules/obf-import/report.js';
import { announceCatalogImport } from '../src/modules/obf-import/announce.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { fail, integerOption, openImportTarget, readImportCommandLine } from './import-lib.js';

const USAGE = `usage: npm run import:obf -- FILE [options]

  FILE               an Open Beauty Facts export: .jsonl, .jsonl.gz, or the tab-separated .csv (.csv.gz)
  --format F         jsonl or csv, when the file name does not say
  --batch-size N     products per transaction and multi-row INSERT (default 500)
  --max-line-mb N    a line (one product) over N MiB is skipped unread (default 16)

Database: PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR (default .data/pglite).`;

function readArgs(argv: string[]): { file: string; format: ObfFormat; batchSize: number; maxLineBytes: number } {
  const { file, values } = readImportCommandLine(argv, USAGE, {
    'batch-size': { type: 'string' },
    format: { type: 'string' },
    'max-line-mb': { type: 'string' },
  });
  const batchSize = integerOption(values['batch-size'], '--batch-size', 500, 2000);
  const maxLineBytes = integerOption(values['max-line-mb'], '--max-line-mb', MAX_LINE_BYTES / 1048576, 256) * 1048576;
  const given = values.format;
  if (given !== undefined && given !== 'jsonl' && given !== 'csv') fail('--format is jsonl or csv');
  const format =
    (given as ObfFormat | undefined) ??
    formatOf(file) ??
    fail(`cannot tell the format of ${file} from its name: give --format jsonl or --format csv`);
  return { file, format, batchSize, maxLineBytes };
}

const args = readArgs(process.argv.slice(2));
const { config, orm, where, size, signal, started } = await openImportTarget(args.file);

const rss = () => Math.round(process.memoryUsage().rss / 1048576);
let exitCode = 0;
try {
  console.log(`importing ${args.file} (${(size / 1048576).toFixed(1)} MB, ${args.format}) into ${where}`);
  const seeded = await seedIfEmpty(orm, { demo: config.seedDemoData });
  // The server seeds only an empty database: an import into one puts the knowledge base first.
  if (seeded.seeded)
    console.log(
      `the database was empty: loaded the knowledge base first (${seeded.ingredients} ingredients, ${seeded.products} demo products)`,
    );
  // A bar on a terminal (drawn on stderr); when output goes to a pipe or a file, a line every 10 batches.
  const bar =
    process.stdout.isTTY && process.stderr.isTTY
      ? new cliProgress.SingleBar(
          {
            format:
              ' {bar} {percentage}% | {lines} lines | {imported} new, {updated} updated, {skipped} skipped | {rate}/s | ETA {eta_formatted} | RSS {rss} MB',
            stream: process.stderr,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(size, 0, { lines: 0, imported: 0, updated: 0, skipped: 0, rate: 0, rss: rss() });
  const memory: number[] = [rss()];
  const onProgress = (r: ObfImportReport, bytesRead: number): void => {
    const skipped = Object.values(r.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
    const seconds = (performance.now() - started) / 1000;
    const values = {
      lines: r.linesRead,
      imported: r.imported,
      updated: r.updated,
      skipped,
      rate: Math.round(r.linesRead / seconds),
      rss: rss(),
    };
    if (r.batches % 20 === 0) memory.push(values.rss);
    if (bar) bar.update(Math.min(size, bytesRead), values);
    else if (r.batches % 10 === 0)
      console.error(
        `  … ${values.lines} lines: ${values.imported} new, ${values.updated} updated, ${skipped} skipped (${values.rate}/s, RSS ${values.rss} MB)`,
      );
  };
  const report = await importObf(orm, args.file, {
    format: args.format,
    batchSize: args.batchSize,
    maxLineBytes: args.maxLineBytes,
    signal,
    onProgress,
  });
  bar?.update(size);
  bar?.stop();
  memory.push(rss());
  console.log(formatObfReport(report));
  const mid = memory[Math.floor(memory.length / 2)];
  console.log(
    `memory (RSS):              start ${memory[0]} MB, middle ${mid} MB, end ${memory.at(-1)} MB, peak ${Math.max(...memory)} MB`,
  );
  if (report.failure) exitCode = 1;
  if (report.imported || report.updated) {
    // Running instances keep the similarity index in memory and cache responses: tell them.
    const told = await announceCatalogImport(config).catch(
      (error: unknown) => `could not tell the running instances: ${(error as Error).message}`,
    );
    console.log(told);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await orm.close();
}
console.log(`total with opening the database: ${((performance.now() - started) / 1000).toFixed(2)} s`);
process.exit(exitCode);
