// Times the CosIng import on a generated, CosIng-like inventory: into a fresh PGlite folder and,
// when DATABASE_URL is set, into a throwaway database on that PostgreSQL server (created and
// dropped here; the database DATABASE_URL names is never written to).
//   node_modules/.bin/node --import ./register.mjs bench/cosing-import.ts [--rows 30000] [--batch-size 1000] [--keep]
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../src/db.js';
import { COSING_FUNCTION_NAMES } from '../src/modules/ingredient/cosing/functions.js';
import { importCosing, type CosingImportReport } from '../src/seeders/cosing-importer.js';
import { formatCosingReport } from '../src/seeders/cosing-report.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = option('rows', 30_000);
const BATCH = option('batch-size', 1000);
const KEEP = args.includes('--keep');

// A seeded generator: the same file every run.
let seed = 0x5eed1234;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const chance = (p: number): boolean => random() < p;

// Word parts of real INCI names.
const GENERA = [
  'ALOE',
  'CAMELLIA',
  'CENTELLA',
  'CHAMOMILLA',
  'CALENDULA',
  'ROSMARINUS',
  'LAVANDULA',
  'CITRUS',
  'VITIS',
  'OLEA',
  'PRUNUS',
  'ROSA',
  'HELIANTHUS',
  'GLYCYRRHIZA',
  'GINKGO',
  'PANAX',
  'HAMAMELIS',
  'SALVIA',
  'THYMUS',
  'MENTHA',
  'EUCALYPTUS',
  'MORINGA',
  'ARGANIA',
  'SIMMONDSIA',
  'BUTYROSPERMUM',
  'THEOBROMA',
  'COCOS',
  'AVENA',
  'ORYZA',
  'TRITICUM',
  'ZEA',
  'GLYCINE',
  'PUNICA',
  'VACCINIUM',
  'RUBUS',
  'FRAGARIA',
  'MALUS',
  'PYRUS',
  'PAEONIA',
  'MAGNOLIA',
  'HIBISCUS',
  'ARNICA',
  'ACHILLEA',
  'ECHINACEA',
  'HYPERICUM',
  'BETULA',
  'QUERCUS',
  'SALIX',
  'TILIA',
  'URTICA',
  'CUCUMIS',
  'CUCURBITA',
  'DAUCUS',
  'PERSEA',
  'MANGIFERA',
  'CARICA',
  'ANANAS',
  'OPUNTIA',
  'LEONTOPODIUM',
  'SCUTELLARIA',
  'ASTRAGALUS',
  'CURCUMA',
  'ZINGIBER',
  'PIPER',
  'CINNAMOMUM',
  'ARTEMISIA',
  'POLYGONUM',
  'HOUTTUYNIA',
  'PORTULACA',
  'NELUMBO',
];
const EPITHETS = [
  'BARBADENSIS',
  'SINENSIS',
  'ASIATICA',
  'RECUTITA',
  'OFFICINALIS',
  'ANGUSTIFOLIA',
  'AURANTIUM',
  'LIMON',
  'VINIFERA',
  'EUROPAEA',
  'AMYGDALUS',
  'CANINA',
  'DAMASCENA',
  'ANNUUS',
  'GLABRA',
  'BILOBA',
  'GINSENG',
  'VIRGINIANA',
  'SCLAREA',
  'VULGARIS',
  'PIPERITA',
  'GLOBULUS',
  'OLEIFERA',
  'SPINOSA',
  'CHINENSIS',
  'PARKII',
  'CACAO',
  'NUCIFERA',
  'SATIVA',
  'VULGARE',
  'MAYS',
  'SOJA',
  'GRANATUM',
  'MACROCARPON',
  'IDAEUS',
  'ANANASSA',
  'DOMESTICA',
  'COMMUNIS',
  'ALBIFLORA',
  'KOBUS',
  'SABDARIFFA',
  'MONTANA',
  'MILLEFOLIUM',
  'PURPUREA',
  'PERFORATUM',
  'ALBA',
  'ROBUR',
  'CORDATA',
  'DIOICA',
  'MELO',
  'PEPO',
  'CAROTA',
  'GRATISSIMA',
  'INDICA',
  'PAPAYA',
  'COMOSUS',
  'FICUS-INDICA',
  'ALPINUM',
  'BAICALENSIS',
  'MEMBRANACEUS',
  'LONGA',
  'OFFICINALE',
  'NIGRUM',
  'CASSIA',
  'ANNUA',
  'CUSPIDATUM',
  'CORDATA',
  'OLERACEA',
  'NUCIFERA',
];
const PARTS = [
  'LEAF',
  'ROOT',
  'FLOWER',
  'SEED',
  'FRUIT',
  'PEEL',
  'BARK',
  'STEM',
  'CALLUS',
  'BUD',
  'KERNEL',
  'RHIZOME',
  'FLOWER/LEAF/STEM',
  'SPROUT',
  'MERISTEM CELL',
];
const FORMS = [
  'EXTRACT',
  'EXTRACT',
  'EXTRACT',
  'OIL',
  'WATER',
  'POWDER',
  'JUICE',
  'BUTTER',
  'WAX',
  'CULTURE CONDITIONED MEDIA',
  'FERMENT FILTRATE',
  'CELL EXTRACT',
  'UNSAPONIFIABLES',
  'OIL POLYGLYCERYL-6 ESTERS',
];
const FAMILIES = [
  'Liliaceae',
  'Theaceae',
  'Apiaceae',
  'Asteraceae',
  'Lamiaceae',
  'Rutaceae',
  'Vitaceae',
  'Oleaceae',
  'Rosaceae',
  'Fabaceae',
  'Poaceae',
  'Myrtaceae',
];
const FATTY = [
  'LAURYL',
  'MYRISTYL',
  'CETYL',
  'STEARYL',
  'CETEARYL',
  'BEHENYL',
  'OLEYL',
  'ISOSTEARYL',
  'OCTYLDODECYL',
  'ETHYLHEXYL',
  'ISOPROPYL',
  'DECYL',
  'HEXYLDECYL',
  'C12-15 ALKYL',
  'C14-22 ALKYL',
  'C20-22 ALKYL',
  'ISODECYL',
  'TRIDECYL',
  'BUTYL',
  'COCO',
  'ISOAMYL',
  'PENTAERYTHRITYL',
  'GLYCERYL',
  'POLYGLYCERYL-3',
  'POLYGLYCERYL-10',
  'SORBITAN',
  'METHYL GLUCOSE',
  'SUCROSE',
  'PROPYLENE GLYCOL',
  'NEOPENTYL GLYCOL',
  'DIPENTAERYTHRITYL',
  'TRIMETHYLOLPROPANE',
];
const ACIDS = [
  'LAURATE',
  'MYRISTATE',
  'PALMITATE',
  'STEARATE',
  'ISOSTEARATE',
  'OLEATE',
  'BEHENATE',
  'ETHYLHEXANOATE',
  'HEPTANOATE',
  'CAPRYLATE',
  'CAPRATE',
  'SUCCINATE',
  'ADIPATE',
  'SEBACATE',
  'CITRATE',
  'LACTATE',
  'SALICYLATE',
  'BENZOATE',
  'NEOPENTANOATE',
  'DIMER DILINOLEATE',
  'HYDROXYSTEARATE',
  'RICINOLEATE',
  'ERUCATE',
  'TETRAISOSTEARATE',
  'DIHEPTANOATE',
  'SESQUIOLEATE',
  'TRIMELLITATE',
  'COCOATE',
  'SHEA BUTTERATE',
  'MACADAMIATE',
];
const CATIONS = [
  'SODIUM',
  'POTASSIUM',
  'DISODIUM',
  'TRISODIUM',
  'MAGNESIUM',
  'CALCIUM',
  'ZINC',
  'AMMONIUM',
  'TEA-',
  'MEA-',
  'ALUMINUM',
  'LITHIUM',
];
const ACYLS = [
  'LAUROYL',
  'MYRISTOYL',
  'PALMITOYL',
  'STEAROYL',
  'COCOYL',
  'OLEOYL',
  'CAPRYLOYL',
  'UNDECYLENOYL',
  'BEHENOYL',
  'ACETYL',
  'HYDROGENATED TALLOW',
];
const HEADS = [
  'GLUTAMATE',
  'SARCOSINATE',
  'TAURATE',
  'METHYL TAURATE',
  'ISETHIONATE',
  'GLYCINATE',
  'ALANINATE',
  'LACTYLATE',
  'AMPHOACETATE',
  'SULFOSUCCINATE',
  'PHOSPHATE',
  'SULFATE',
  'ETH SULFATE',
  'HYDROLYZED WHEAT PROTEIN',
  'APPLE AMINO ACIDS',
  'ASPARTATE',
  'THREONATE',
  'PROLINATE',
];
const MONOMERS = [
  'ACRYLATES',
  'ACRYLAMIDE',
  'VP',
  'VA',
  'STYRENE',
  'METHACRYLATE',
  'C10-30 ALKYL ACRYLATE',
  'STEARETH-20 METHACRYLATE',
  'DIMETHICONE',
  'SODIUM ACRYLATE',
  'HYDROXYETHYL ACRYLATE',
  'ACRYLOYLDIMETHYLTAURATE',
  'BEHENETH-25 METHACRYLATE',
  'VINYL DIMETHICONE',
  'BUTYLENE',
  'ETHYLENE',
  'PROPYLENE',
  'ISOBUTYLENE',
  'VINYL ACETATE',
  'CROTONATES',
];
const PEPTIDE = [
  'DIPEPTIDE',
  'TRIPEPTIDE',
  'TETRAPEPTIDE',
  'PENTAPEPTIDE',
  'HEXAPEPTIDE',
  'HEPTAPEPTIDE',
  'OCTAPEPTIDE',
  'NONAPEPTIDE',
  'OLIGOPEPTIDE',
  'POLYPEPTIDE',
];
const SUBSTITUENTS = [
  'HYDROXYETHYL',
  'HYDROXYPROPYL',
  'METHYL',
  'ETHYL',
  'CARBOXYMETHYL',
  'DIMETHYL',
  'TRIMETHYL',
  'ACETYL',
  'BIS-',
  'DIETHYLHEXYL',
  'HYDROXYPROPYLTRIMONIUM',
  'QUATERNIUM-',
  'POLYQUATERNIUM-',
];
const CORES = [
  'CELLULOSE',
  'STARCH',
  'GUAR',
  'CHITOSAN',
  'GLUCOSIDE',
  'UREA',
  'SILANOL',
  'SILICATE',
  'BETAINE',
  'GLUCAN',
  'CYCLODEXTRIN',
  'ISOSORBIDE',
  'SULFONE',
  'PANTHENOL',
  'TOCOPHEROL',
  'RETINOATE',
  'ASCORBATE',
  'RESORCINOL',
  'AMINOBENZOATE',
  'CINNAMATE',
  'TRIAZINE',
];
const BOTANICAL_FUNCTIONS = [
  'SKIN CONDITIONING',
  'SKIN CONDITIONING',
  'SKIN CONDITIONING - MISCELLANEOUS',
  'ANTIOXIDANT',
  'SOOTHING',
  'MASKING',
  'PERFUMING',
  'TONIC',
  'ASTRINGENT',
  'EMOLLIENT',
  'SKIN PROTECTING',
  'HUMECTANT',
  'REFRESHING',
  'HAIR CONDITIONING',
];
const CHEMICAL_FUNCTIONS = [
  ...COSING_FUNCTION_NAMES,
  'SKIN CONDITIONING',
  'EMOLLIENT',
  'EMULSIFYING',
  'SURFACTANT - CLEANSING',
  'VISCOSITY CONTROLLING',
  'FILM FORMING',
  'HAIR CONDITIONING',
  'SKIN CONDITIONING - EMOLLIENT',
  'ANTISTATIC',
];

function casNumber(): string {
  const head = String(int(50, 9_999_999));
  const mid = String(int(0, 99)).padStart(2, '0');
  const digits = (head + mid).split('').reverse();
  const check = digits.reduce((sum, d, i) => sum + Number(d) * (i + 1), 0) % 10;
  return `${head}-${mid}-${check}`;
}

function ecNumber(): string {
  return `${int(200, 950)}-${String(int(0, 999)).padStart(3, '0')}-${int(0, 9)}`;
}

interface Generated {
  name: string;
  functions: string[];
  description: string;
}

function botanical(): Generated {
  const genus = pick(GENERA);
  const epithet = pick(EPITHETS);
  const part = pick(PARTS);
  const form = pick(FORMS);
  const name = `${genus} ${epithet} ${part} ${form}`;
  const title = (w: string) => w.charAt(0) + w.slice(1).toLowerCase();
  const description = chance(0.7)
    ? `${name.split(' ').map(title).join(' ')} is the ${form.toLowerCase()} of the ${part.toLowerCase()} of ${title(genus)} ${epithet.toLowerCase()}, ${pick(FAMILIES)}`
    : '';
  return { name, functions: Array.from({ length: int(1, 3) }, () => pick(BOTANICAL_FUNCTIONS)), description };
}

function chemical(): Generated {
  const kind = random();
  let name: string;
  if (kind < 0.3) name = `${chance(0.2) ? `PEG-${int(2, 150)} ` : ''}${pick(FATTY)} ${pick(ACIDS)}`;
  else if (kind < 0.5) {
    const cation = pick(CATIONS);
    name = `${cation}${cation.endsWith('-') ? '' : ' '}${pick(ACYLS)} ${pick(HEADS)}`;
  } else if (kind < 0.62)
    name = chance(0.5)
      ? `PEG-${int(2, 200)} ${pick(FATTY)} ${pick(['ETHER', 'AMINE', 'GLYCERIDES', 'HYDROGENATED CASTOR OIL', 'DIMETHICONE'])}`
      : `PPG-${int(1, 50)}-${pick(['LAURETH', 'CETETH', 'STEARETH', 'DECETH', 'BUTETH'])}-${int(2, 60)}`;
  else if (kind < 0.75)
    name = `${pick(MONOMERS)}/${pick(MONOMERS)} ${pick(['COPOLYMER', 'CROSSPOLYMER', 'COPOLYMER', 'CROSSPOLYMER-2'])}`;
  else if (kind < 0.83) name = `${pick(ACYLS)} ${pick(PEPTIDE)}-${int(1, 90)}${chance(0.2) ? ' AMIDE' : ''}`;
  else if (kind < 0.97) {
    const sub = pick(SUBSTITUENTS);
    name = sub.endsWith('-') ? `${sub}${int(1, 120)}${chance(0.5) ? ` ${pick(CORES)}` : ''}` : `${sub} ${pick(CORES)}`;
  } else name = `CI ${int(10000, 79999)}`;
  const description = chance(0.5)
    ? pick([
        `${name.toLowerCase()}, a mixture of esters`,
        `Reaction product of ${pick(FATTY).toLowerCase()} alcohol and ${pick(ACIDS).toLowerCase().replace(/ate$/, 'ic acid')}`,
        `${int(2, 9)}-hydroxy-${int(1, 4)}-methyl${pick(['propyl', 'butyl', 'hexyl'])} ${pick(ACIDS).toLowerCase()}`,
      ])
    : '';
  return { name, functions: Array.from({ length: int(1, 3) }, () => pick(CHEMICAL_FUNCTIONS)), description };
}

const quote = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Writes the CSV row by row (it is never built in memory either) and says what it holds. */
async function generate(file: string): Promise<{ bad: number; curated: number }> {
  const out = createWriteStream(file);
  const write = (cells: string[]) =>
    out.write(`${cells.map(quote).join(',')}\r\n`) ||
    new Promise<void>((resolve) => out.once('drain', () => resolve()));
  out.write(
    '"COSING Ingredients-Fragrance Inventory"\r\n"Export date: 21/11/2025"\r\n"Disclaimer: the information is provided for guidance only and does not constitute a legal interpretation"\r\n\r\n',
  );
  await write([
    'COSING Ref No',
    'INCI name',
    'INN name',
    'Ph. Eur. Name',
    'CAS No',
    'EC No',
    'Chem/IUPAC Name / Description',
    'Restriction',
    'Function',
    'Update Date',
  ]);
  // Real CosIng holds the names we curated too: about one row in fifteen here.
  const curated = loadIngredientRecords().map((r) => r.inci.toUpperCase());
  const names = new Set<string>();
  let bad = 0;
  let curatedRows = 0;
  for (let i = 0; i < ROWS; i++) {
    let row: Generated;
    if (chance(0.01)) {
      bad++;
      row = {
        name: pick(['', '  ', '12345', '---', '1,2-', 'X'.repeat(320)]),
        functions: ['EMOLLIENT'],
        description: '',
      };
    } else if (chance(0.065) && curatedRows < curated.length) {
      curatedRows++;
      row = { name: pick(curated), functions: ['SKIN CONDITIONING'], description: '' };
    } else {
      do row = chance(0.4) ? botanical() : chemical();
      while (names.has(row.name));
      names.add(row.name);
    }
    const cas = chance(0.55)
      ? chance(0.08)
        ? `${casNumber()} / ${casNumber()}`
        : casNumber()
      : chance(0.5)
        ? '-'
        : '';
    await write([
      String(30000 + i),
      row.name,
      '',
      '',
      cas,
      cas && cas !== '-' ? ecNumber() : '',
      row.description,
      chance(0.03) ? pick(['III/1', 'V/34', 'VI/22', 'II/1373']) : '',
      [...new Set(row.functions)].join(', '),
      `${String(int(1, 28)).padStart(2, '0')}/${String(int(1, 12)).padStart(2, '0')}/${int(2008, 2025)}`,
    ]);
  }
  out.end();
  await finished(out);
  return { bad, curated: curatedRows };
}

const mb = (bytes: number): number => Math.round(bytes / 1e6);

function line(label: string, report: CosingImportReport): string {
  return `${label.padEnd(34)} ${report.elapsedSeconds.toFixed(2).padStart(6)} s  ${String(Math.round(report.rowsRead / report.elapsedSeconds)).padStart(7)} rows/s  (+${report.inserted} ~${report.updated} =${report.unchanged})`;
}

async function run(
  label: string,
  target: { databaseUrl: string | null; pgliteDir: string },
  file: string,
): Promise<void> {
  const t = performance.now();
  const orm = await openDatabase(target);
  const seeded = await seedIfEmpty(orm, { demo: false });
  const rssBefore = process.memoryUsage().rss;
  console.log(
    `\n${label}: opened, migrated and seeded ${seeded.ingredients} curated ingredients in ${((performance.now() - t) / 1000).toFixed(2)} s (RSS ${mb(rssBefore)} MB)`,
  );
  try {
    const first = await importCosing(orm, file, { batchSize: BATCH });
    if (first.failure) throw new Error(`import failed: ${JSON.stringify(first.failure)}`);
    console.log(
      formatCosingReport(first)
        .split('\n')
        .map((l) => `  ${l}`)
        .join('\n'),
    );
    const second = await importCosing(orm, file, { batchSize: BATCH });
    if (second.inserted || second.updated)
      throw new Error(`the second run changed rows: ${second.inserted} inserted, ${second.updated} updated`);
    const [{ n }] = await orm.em
      .fork()
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from ingredient where not curated');
    console.log(line(`${label}, first run`, first));
    console.log(line(`${label}, second run (no changes)`, second));
    console.log(
      `  imported rows in the table: ${n}; RSS ${mb(rssBefore)} MB before the imports, ${mb(process.memoryUsage().rss)} MB after`,
    );
  } finally {
    await orm.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'cosing-bench-'));
const file = join(dir, 'cosing.csv');
try {
  const t = performance.now();
  const made = await generate(file);
  console.log(
    `generated ${ROWS} rows (${made.bad} bad, ${made.curated} curated names) in ${((performance.now() - t) / 1000).toFixed(2)} s: ${file}, ${(statSync(file).size / 1e6).toFixed(1)} MB`,
  );

  await run('PGlite', { databaseUrl: null, pgliteDir: join(dir, 'pglite') }, file);

  if (process.env.DATABASE_URL) {
    const name = `cosing_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      await run(`PostgreSQL (${url.host})`, { databaseUrl: url.toString(), pgliteDir: '' }, file);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  } else {
    console.log('\nDATABASE_URL is not set: PostgreSQL skipped.');
  }
} finally {
  if (KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
