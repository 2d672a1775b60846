// What the synthetic catalogs of scripts/seed-scale.ts (through the app) and bench/search-data.ts (in SQL)
// share: a database of their own, and the syllables and words their brand and product names are made of.
import pg from 'pg';

export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!name || /^skincare_(tpl|test)_/.test(name)) {
    console.error(`Refusing to write to "${name}": give DATABASE_URL a database of its own, e.g. …/skincare_scale`);
    process.exit(2);
  }
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export const SYLLABLES = [
  'lu',
  'mi',
  'ra',
  'so',
  've',
  'na',
  'ki',
  'do',
  'ze',
  'pha',
  'lo',
  'ria',
  'ne',
  'ta',
  'vi',
  'cor',
  'el',
  'an',
  'is',
  'mo',
];
export const SUFFIXES = ['', '', ' Labs', ' Skin', ' Botanics', ' Derm', ' & Co', ' Naturals', ' Beauty', ' Care'];
export const DESCRIPTORS = [
  'Hydrating',
  'Gentle',
  'Daily',
  'Calming',
  'Brightening',
  'Barrier',
  'Soothing',
  'Clarifying',
  'Rich',
  'Light',
  'Intense',
  'Balancing',
  'Renewing',
  'Comfort',
  'Pure',
  'Advanced',
  'Sensitive',
  'Deep',
  'Ultra',
  'Overnight',
  'Firming',
  'Nourishing',
  'Repair',
  'Clear',
];
