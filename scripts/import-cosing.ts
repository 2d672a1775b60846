// Imports the EU CosIng ingredient inventory (the CSV users download) into the ingredient table.
//   npm run import:cosing -- COSING_Ingredients.csv [--batch-size 1000] [--no-fill-cas]
//                            [--delimiter ';'] [--encoding latin1]
// PGlite (PGLITE_DIR, default .data/pglite) unless DATABASE_URL is set. Idempotent: a second run
// changes nothing. Curated ingredients are never overwritten (a missing CAS number may be filled in).
import { importCosing, type CosingImportReport } from '../src/seeders/cosing-importer.js';
import { CosingFormatError } from '../src/modules/ingredient/cosing/parse.js';
import { formatCosingReport } from '../src/seeders/cosing-report.js';
import { announceProcessCacheDrops } from '../src/platform/process-cache-drops.js';
import { seedIfEmpty } from '../src/seeders/index.js';
import { join } from 'node:path';
import { INVENTORY_FILE } from '../src/modules/knowledge/cosing-inventory.js';
import { dataDir } from '../src/modules/knowledge/yaml-data.js';
import { fail, integerOption, openImportTarget, readImportCommandLine } from './import-lib.js';

const USAGE = `usage: npm run import:cosing -- [FILE.csv] [options]

  FILE.csv           the Commission's CosIng export, or the inventory we ship (the default:
                     data/eu/cosing-inventory.csv; Source: European Commission, CosIng database)

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

function readArgs(argv: string[]): Args {
  const { file, values } = readImportCommandLine(argv, USAGE, {
    'batch-size': { type: 'string' },
    'no-fill-cas': { type: 'boolean' },
    delimiter: { type: 'string' },
    encoding: { type: 'string' },
  });
  const encoding = values.encoding as string | undefined;
  if (encoding !== undefined && !Buffer.isEncoding(encoding)) fail(`unknown encoding "${encoding}"`);
  return {
    file,
    batchSize: integerOption(values['batch-size'], '--batch-size', 1000, 5000),
    fillCas: !values['no-fill-cas'],
    delimiter: values.delimiter as string | undefined,
    encoding: encoding as BufferEncoding | undefined,
  };
}

// Without a file: the inventory shipped in data/eu/.
const argv = process.argv.slice(2);
if (!argv.some((a) => /\.(csv|txt)$/i.test(a)) && !argv.some((a) => a === '--help' || a === '-h'))
  argv.unshift(join(dataDir, INVENTORY_FILE));
const args = readArgs(argv);
const { config, orm, where, signal, started } = await openImportTarget(args.file);

let report: CosingImportReport | null = null;
let exitCode = 0;
try {
  console.log(`importing ${args.file} into ${where}`);
  const seeded = await seedIfEmpty(orm, { demo: config.seedDemoData });
  // The server seeds only an empty database: an import into one must put the knowledge base first.
  if (seeded.seeded)
    console.log(
      `the database was empty: loaded the curated knowledge base first (${seeded.ingredients} ingredients, ${seeded.products} demo products)`,
    );
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
        console.error(
          `  … ${r.rowsRead} rows (${r.inserted} inserted, ${r.updated} updated) by line ${r.committedThroughLine}`,
        );
      }
    },
  });
  console.log(formatCosingReport(report));
  if (report.failure) exitCode = 1;
  // Instances serving this database keep the knowledge base in memory: with Redis, tell them.
  if (config.redisUrl && (report.inserted || report.updated)) {
    await announceProcessCacheDrops(config.redisUrl, config.redisPrefix, ['knowledge-base'])
      .then(() => console.log('told the running instances (through Redis) to reload the knowledge base'))
      .catch((error: unknown) =>
        console.error(`could not tell the running instances to reload the knowledge base: ${(error as Error).message}`),
      );
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
