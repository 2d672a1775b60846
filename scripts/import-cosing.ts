// Imports the EU CosIng ingredient inventory (the CSV users download) into the ingredient table.
//   npm run import:cosing -- COSING_Ingredients.csv [--batch-size 1000] [--no-fill-cas]
//                            [--delimiter ';'] [--encoding latin1]
// PGlite (PGLITE_DIR, default .data/pglite) unless DATABASE_URL is set. Idempotent: a second run
// changes nothing. Curated ingredients are never overwritten (a missing CAS number may be filled in).
import { resolve } from 'node:path';
import { importCosing, type CosingImportReport } from '../src/modules/ingredient/cosing/importer.js';
import { CosingFormatError } from '../src/modules/ingredient/cosing/parse.js';
import { formatCosingReport } from '../src/modules/ingredient/cosing/report.js';
import { announceProcessCacheDrops } from '../src/platform/process-cache-drops.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { fail, openImportTarget } from './import-lib.js';

const USAGE = `usage: npm run import:cosing -- FILE.csv [options]

  --batch-size N     rows per INSERT and per transaction (default 1000)
  --no-fill-cas      do not fill in missing CAS numbers of curated ingredients
  --delimiter C      field separator (default ",")
  --encoding E       file encoding, e.g. latin1 (default utf8)

Database: PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR (default .data/pglite).`;

interface Args {
  file: string;
  batchSize: number;
  fillCas: boolean;
  delimiter?: string;
  encoding?: BufferEncoding;
}

function parseArgs(argv: string[]): Args {
  const files: string[] = [];
  const args: Omit<Args, 'file'> = { batchSize: 1000, fillCas: true};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? fail(`${arg} needs a value\n\n${USAGE}`);
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--batch-size') {
      args.batchSize = Number(value());
      if (!Number.isInteger(args.batchSize) || args.batchSize < 1 || args.batchSize > 5000) fail('--batch-size must be an integer from 1 to 5000');
    } else if (arg === '--no-fill-cas') args.fillCas = false;
    else if (arg === '--delimiter') args.delimiter = value();
    else if (arg === '--encoding') {
      const encoding = value();
      if (!Buffer.isEncoding(encoding)) fail(`unknown encoding "${encoding}"`);
      args.encoding = encoding;
    } else if (arg.startsWith('-')) fail(`unknown option ${arg}\n\n${USAGE}`);
    else files.push(arg);
  }
  if (files.length !== 1) fail(USAGE);
  return { ...args, file: resolve(files[0]) };
}

const args = parseArgs(process.argv.slice(2));
const { config, orm, where, signal, started } = await openImportTarget(args.file);

let report: CosingImportReport | null = null;
let exitCode = 0;
try {
  console.log(`importing ${args.file} into ${where}`);
  const seeded = await seedIfEmpty(orm, { demo: config.seedDemoData });
  // The server seeds only an empty database: an import into one must put the knowledge base first.
  if (seeded.seeded) console.log(`the database was empty: loaded the curated knowledge base first (${seeded.ingredients} ingredients, ${seeded.products} demo products)`);
  let shown = 0;
  report = await importCosing(orm, args.file, {
    batchSize: args.batchSize,
    fillCuratedCas: args.fillCas,
    delimiter: args.delimiter,
    encoding: args.encoding,
    signal,
    onProgress: (r) => {
      if (r.rowsRead - shown >= 10_000) {
        shown = r.rowsRead;
        console.error(`  … ${r.rowsRead} rows (${r.inserted} inserted, ${r.updated} updated) by line ${r.committedThroughLine}`);
      }
    },
  });
  console.log(formatCosingReport(report));
  if (report.failure) exitCode = 1;
  // Instances serving this database keep the knowledge base in memory: with Redis, tell them.
  if (config.redisUrl && (report.inserted || report.updated)) {
    await announceProcessCacheDrops(config.redisUrl, config.redisPrefix, ['knowledge-base'])
      .then(() => console.log('told the running instances (through Redis) to reload the knowledge base'))
      .catch((error: unknown) => console.error(`could not tell the running instances to reload the knowledge base: ${(error as Error).message}`));
  }
} catch (error) {
  if (error instanceof CosingFormatError) {
    console.error(error.message);
    exitCode = 2;
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await orm.close();
}
console.log(`total with opening the database: ${((performance.now() - started) / 1000).toFixed(2)} s`);
process.exit(exitCode);
