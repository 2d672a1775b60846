// What a first seeding stores, as a fingerprint per table: its rows and a hash of its ordered contents, free of what
// changes from one seeding to the next (ids, the clock). For changing a seeder's way of writing without changing what
// it writes: fingerprint before the change, again after, and compare.
//   node --import ./register.mjs bench/seed-fingerprint.ts [--no-inventory] [--write file.json | --compare file.json]
// Ids: a uuid column is replaced by a label of the row it names (its table and a hash of its other columns), so a
// routine step still says which routine it belongs to. Timestamps: hours before now, rounded (the seeding dates
// rows over past weeks from its own clock; a run takes seconds); midnights in days. Uuids and ISO times inside text or
// JSON likewise. Compare fingerprints taken the same day (a week's start or a day moves at midnight).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { openDatabase, type EntityManager } from '../src/db.js';
import { seedIfEmpty } from '../src/seeders/index.js';

type Fingerprint = Record<string, { rows: number; hash: string }>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?/g;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export async function seededFingerprint(em: EntityManager): Promise<Fingerprint> {
  const now = Date.now();
  // A time cut to its day or week (a contest's week_start, a date) moves against now as the hours pass: in days.
  const hoursAgo = (iso: string) => {
    const at = Date.parse(iso);
    return at % 86_400_000 === 0 ? `${Math.floor((now - at) / 86_400_000)}d` : `${Math.round((now - at) / 3_600_000)}h`;
  };
  const columns = await em.execute<Array<{ table: string; column: string; type: string }>>(
    `select c.table_name as "table", c.column_name as "column", c.data_type as type
     from information_schema.columns c join information_schema.tables t
       on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = current_schema() and c.table_name <> 'mikro_orm_migrations'
     order by c.table_name, c.column_name`,
  );
  const tables = new Map<string, Array<{ column: string; type: string }>>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  const rows = new Map<string, Array<Record<string, unknown>>>();
  for (const table of tables.keys())
    rows.set(
      table,
      (await em.execute(`select to_jsonb(t) as row from "${table}" t`)).map((r) => r.row),
    );

  /** A column's value with ids left as they are (pass 1 leaves uuid columns out) and times relative to now. */
  const plain = (value: unknown, type: string): string => {
    if (value === null || value === undefined) return 'null';
    if (type.startsWith('timestamp') || type === 'date') return hoursAgo(String(value));
    return JSON.stringify(value).replace(ISO_TIME, hoursAgo);
  };
  // Pass 1: every row's label from its columns other than uuids.
  const labels = new Map<string, string>();
  for (const [table, cols] of tables) {
    if (!cols.some((c) => c.column === 'id' && c.type === 'uuid')) continue;
    for (const row of rows.get(table) ?? []) {
      const content = cols
        .filter((c) => c.type !== 'uuid')
        .map((c) => `${c.column}=${plain(row[c.column], c.type)}`)
        .join('|')
        .replace(UUID, 'uuid');
      labels.set(String(row.id), `${table}:${sha(content).slice(0, 16)}`);
    }
  }
  const label = (id: string) => labels.get(id.toLowerCase()) ?? 'uuid?';
  // Pass 2: every row with its uuids as labels, the rows sorted, hashed.
  const fingerprint: Fingerprint = {};
  for (const [table, cols] of tables) {
    const lines = (rows.get(table) ?? [])
      .map((row) =>
        cols
          .filter((c) => !(c.column === 'id' && c.type === 'uuid'))
          .map((c) =>
            c.type === 'uuid'
              ? `${c.column}=${row[c.column] == null ? 'null' : label(String(row[c.column]))}`
              : `${c.column}=${plain(row[c.column], c.type).replace(UUID, label)}`,
          )
          .join('|'),
      )
      .sort();
    fingerprint[table] = { rows: lines.length, hash: sha(lines.join('\n')).slice(0, 16) };
  }
  return fingerprint;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const orm = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  await seedIfEmpty(orm, { demo: true, inventory: !args.includes('--no-inventory') });
  const fingerprint = await seededFingerprint(orm.em.fork() as EntityManager);
  await orm.close();
  const file = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : null);
  const writeTo = file('--write');
  const compareWith = file('--compare');
  if (writeTo) writeFileSync(writeTo, `${JSON.stringify(fingerprint, null, 2)}\n`);
  if (compareWith) {
    const before = JSON.parse(readFileSync(compareWith, 'utf8')) as Fingerprint;
    const differ = [...new Set([...Object.keys(before), ...Object.keys(fingerprint)])]
      .sort()
      .filter((t) => JSON.stringify(before[t]) !== JSON.stringify(fingerprint[t]));
    for (const t of differ) console.log(`${t}: ${JSON.stringify(before[t])} → ${JSON.stringify(fingerprint[t])}`);
    console.log(
      differ.length ? `${differ.length} tables differ` : `all ${Object.keys(fingerprint).length} tables the same`,
    );
    process.exitCode = differ.length ? 1 : 0;
  } else if (!writeTo) console.log(JSON.stringify(fingerprint, null, 2));
}
