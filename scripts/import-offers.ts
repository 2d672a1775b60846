// Applies a retailer-offer feed to the offer table.
//   npm run import:offers -- FILE.csv|FILE.json
// CSV: a header row naming product (id or alias), retailer, url, price, currency and optionally
// ended (true ends the product's offer from that retailer). JSON: an array of objects with those
// keys. Idempotent; bad lines are reported (line, field, why) and skipped, the rest land in one
// transaction. Exit code 0 when every line was good, 1 when some were bad, 2 for an unreadable file.
// PGlite (PGLITE_DIR, default .data/pglite) unless DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db.js';
import { applyFeed, FeedFormatError, formatFeedReport, readFeed } from '../src/modules/buy/offer-feed.service.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length !== 1 || files[0].startsWith('-')) {
  console.error('usage: npm run import:offers -- FILE.csv|FILE.json');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(resolve(files[0]), 'utf8');
} catch (error) {
  console.error(`cannot read ${files[0]}: ${(error as Error).message}`);
  process.exit(2);
}
let lines;
try {
  lines = readFeed(text);
} catch (error) {
  if (!(error instanceof FeedFormatError)) throw error;
  console.error(`${files[0]}: ${error.message}`);
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
let exitCode = 0;
try {
  await seedIfEmpty(orm, { demo: config.seedDemoData });
  const report = await applyFeed(orm.em.fork() as never, lines);
  console.log(formatFeedReport(report));
  if (report.bad.length) exitCode = 1;
} finally {
  await orm.close();
}
process.exit(exitCode);
