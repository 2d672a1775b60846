// Sends the reformulation digest: one e-mail per person with unread, un-mailed alerts and the
// digest on (src/modules/reformulation/reformulation-digest.service.ts). Safe to run twice or from
// several instances at once: an alert is mailed once.
//   npm run mail:reformulation-digest
// Database: PostgreSQL when DATABASE_URL is set, else PGlite in PGLITE_DIR (stop the server first:
// PGlite allows one process per folder). E-mail: SMTP_URL (unset: messages are logged).
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { sendReformulationDigests } from '../src/modules/reformulation/reformulation-digest.service.js';
import { fail } from './import-lib.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`, 1),
);
const mailer = createMailer(config.mail, { info: (object, message) => console.log(message, JSON.stringify(object)) });
try {
  const report = await sendReformulationDigests(orm, mailer, config.publicUrl);
  console.log(
    `reformulation digest: ${report.messages} e-mails sent (${report.alerts} alerts) to ${report.people} people due${report.skipped ? `, ${report.skipped} already sent by another run` : ''}`,
  );
} finally {
  mailer.close();
  await orm.close();
}
