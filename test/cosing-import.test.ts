import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  COSING_FUNCTION_MAP,
  COSING_FUNCTION_NAMES,
  createFunctionMapper,
} from '../src/modules/ingredient/cosing/functions.js';
import { importCosing } from '../src/seeders/cosing-importer.js';
import { invalidateMatcher } from '../src/modules/ingredient/matcher.service.js';
import {
  CosingFormatError,
  MAX_ALIAS_LENGTH,
  badNameReason,
  cosingAlias,
  detectHeader,
  firstCasNumber,
  importedDescription,
  parseRow,
  uniqueAlias,
} from '../src/modules/ingredient/cosing/parse.js';
import { readCosingRows, type CosingRow } from '../src/modules/ingredient/cosing/reader.js';
import { formatCosingReport } from '../src/seeders/cosing-report.js';
import { loadVocabulary } from '../src/modules/ingredient/vocabulary.js';
import { startTestApp, type TestApp } from './helpers/app.js';

const FIXTURE = 'test/fixtures/cosing-sample.csv';
const vocabulary = loadVocabulary();
const mapFunctions = createFunctionMapper(vocabulary.functions);
const text = (csv: string) => Readable.from([csv]);

async function rowsOf(csv: string): Promise<CosingRow[]> {
  const rows: CosingRow[] = [];
  for await (const row of readCosingRows(text(csv), mapFunctions)) rows.push(row);
  return rows;
}

describe('CosIng parsing (no database)', () => {
  it('maps CosIng functions onto vocabulary ids and reports the rest', () => {
    expect(mapFunctions('HUMECTANT, SKIN CONDITIONING')).toEqual({
      ids: ['humectant', 'skin_conditioning'],
      unknown: [],
    });
    expect(mapFunctions('SKIN CONDITIONING - EMOLLIENT').ids).toEqual(['emollient', 'skin_conditioning']);
    expect(mapFunctions('SKIN CONDITIONING - HUMECTANT').ids).toEqual(['humectant', 'skin_conditioning']);
    expect(mapFunctions('SKIN CONDITIONING - OCCLUSIVE').ids).toEqual(['occlusive']);
    expect(mapFunctions('UV FILTER, VISCOSITY CONTROLLING').ids).toEqual(['uv_filter', 'viscosity_controlling']);
    expect(mapFunctions(' skin  conditioning – humectant ,HUMECTANT').ids).toEqual(['humectant', 'skin_conditioning']);
    expect(mapFunctions('COSMETIC COLORANT, LIGHT STABILIZER, SURFACTANT - FOAM BOOSTING').ids).toEqual([
      'colorant',
      'light_stabiliser',
      'surfactant',
      'foam_boosting',
    ]);
    expect(mapFunctions('ORAL CARE, TONIC, HAIR DYEING')).toEqual({
      ids: ['tonic'],
      unknown: ['ORAL CARE', 'HAIR DYEING'],
    });
    expect(mapFunctions('')).toEqual({ ids: [], unknown: [] });
    for (const ids of Object.values(COSING_FUNCTION_MAP))
      for (const id of ids) expect(vocabulary.functions).toHaveProperty(id);
    // Most of the CosIng glossary has an id; what does not is hair, nail and oral care.
    const unmapped = COSING_FUNCTION_NAMES.filter((name) => mapFunctions(name).ids.length === 0);
    expect(unmapped.length).toBeLessThan(15);
    expect(unmapped).toContain('HAIR DYEING');
  });

  it('finds the header whatever the case, spacing and order of its columns', () => {
    const columns = detectHeader([
      '  FUNCTION ',
      'Cosing Ref No',
      'cas NO',
      '  inci NAME ',
      'EC No',
      'Chem/IUPAC  Name /  Description',
      'Restriction',
      'update DATE',
    ]);
    expect(columns).toEqual({
      functions: 0,
      refNo: 1,
      casNo: 2,
      inciName: 3,
      ecNo: 4,
      description: 5,
      restriction: 6,
      updateDate: 7,
    });
    expect(detectHeader(['\uFEFFINCI name', 'Function'])).toMatchObject({ inciName: 0, functions: 1, casNo: -1 });
    expect(detectHeader(['COSING Ingredients-Fragrance Inventory'])).toBeNull();
    expect(detectHeader(['Name', 'Function', 'CAS No'])).toBeNull();
    // The inventory shipped in data/eu/ writes its columns in snake case.
    expect(detectHeader(['cosing_ref_no', 'inci_name', 'cas_number', 'ec_number', 'functions'])).toMatchObject({
      refNo: 0,
      inciName: 1,
      casNo: 2,
      ecNo: 3,
      functions: 4,
    });
  });

  it('takes the first CAS number that looks like one, check digit included', () => {
    expect(firstCasNumber('56-81-5')).toBe('56-81-5');
    expect(firstCasNumber(' 8001-54-5 / 63449-41-2')).toBe('8001-54-5');
    expect(firstCasNumber('7732-18-5, 56-81-5')).toBe('7732-18-5');
    expect(firstCasNumber('56-81-4 / 7732-18-5')).toBe('7732-18-5');
    for (const junk of ['', '-', 'not applicable', '56-81', '12345678-12-3', '56-81-4'])
      expect(firstCasNumber(junk)).toBeNull();
  });

  it('maps a row to a record and tells bad rows apart', () => {
    const columns = detectHeader(['INCI name', 'Function', 'CAS No', 'Chem/IUPAC Name / Description'])!;
    const good = parseRow(
      ['  Sodium   HYALURONATE ', 'HUMECTANT, SKIN CONDITIONING', '9067-32-7', ''],
      columns,
      7,
      mapFunctions,
    );
    expect(good).toEqual({
      ok: true,
      record: expect.objectContaining({
        line: 7,
        name: 'Sodium HYALURONATE',
        alias: 'sodium-hyaluronate',
        casNumber: '9067-32-7',
        functions: ['humectant', 'skin_conditioning'],
        chemicalDescription: '',
      }),
    });
    expect(parseRow(['', 'HUMECTANT'], columns, 8, mapFunctions)).toEqual({
      ok: false,
      line: 8,
      reason: 'no INCI name',
    });
    expect(parseRow(['12345', 'HUMECTANT'], columns, 9, mapFunctions)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no letters/),
    });
    expect(parseRow(['-/-', 'HUMECTANT'], columns, 9, mapFunctions)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no letters/),
    });
    expect(badNameReason('X'.repeat(301))).toMatch(/longer than 300/);
    expect(badNameReason('X'.repeat(300))).toBeNull();
    expect(badNameReason('水')).toMatch(/alias/);
    expect(cosingAlias('C12-15 Alkyl Benzoate')).toBe('c12-15-alkyl-benzoate');
    expect(cosingAlias('ACRYLATES/C10-30 ALKYL ACRYLATE CROSSPOLYMER')).toBe(
      'acrylates-c10-30-alkyl-acrylate-crosspolymer',
    );
    const long = cosingAlias('POLYMETHYLENE '.repeat(20));
    expect(long.length).toBeLessThanOrEqual(MAX_ALIAS_LENGTH);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(uniqueAlias('peg-8', new Set(['peg-8', 'peg-8-2']))).toBe('peg-8-3');
    expect(
      importedDescription({ chemicalDescription: '', functions: ['humectant', 'uv_filter'] }, vocabulary.functions),
    ).toBe('An ingredient listed in the EU CosIng inventory with the functions humectant and UV filter.');
  });

  it('reads the inventory shipped in data/eu/ (snake-case header, the credit in SOURCES.md)', async () => {
    const { createReadStream, readFileSync } = await import('node:fs');
    const rows: CosingRow[] = [];
    for await (const row of readCosingRows(createReadStream('data/eu/cosing-inventory.csv'), mapFunctions))
      if (rows.push(row) >= 200) break;
    expect(rows[0]).toMatchObject({ header: { inciName: 1, functions: 4, casNo: 2 } });
    const ok = rows.filter((r) => 'ok' in r && r.ok);
    expect(ok.length).toBeGreaterThan(190);
    expect(ok[0]).toMatchObject({
      record: { name: 'DISODIUM TETRAMETHYLHEXADECENYLCYSTEINE FORMYLPROLINATE', casNumber: '2040469-40-5' },
    });
    expect(readFileSync('data/eu/SOURCES.md', 'utf8').replace(/\s+/g, ' ')).toMatch(
      /Source: European Commission, CosIng database/,
    );
  });

  it('streams a file with title lines, quoted commas and line breaks, numbering rows by their first line', async () => {
    const csv = [
      'COSING Ingredients-Fragrance Inventory',
      '"Updated: 1 January 2025, all rows"',
      '',
      'INCI name,Function,Chem/IUPAC Name / Description',
      'GLYCERIN,"HUMECTANT, SOLVENT","Propane-1,2,3-triol"',
      'ALOE BARBADENSIS LEAF EXTRACT,SKIN CONDITIONING,"Aloe Barbadensis Leaf Extract is an extract',
      'of the leaves of the aloe, Aloe barbadensis"',
      ',HUMECTANT,',
      'SQUALANE,EMOLLIENT,',
    ].join('\r\n');
    const rows = await rowsOf(csv);
    expect(rows[0]).toMatchObject({ line: 4, header: { inciName: 0, functions: 1, description: 2 } });
    expect(
      rows.slice(1).map((r) => ('ok' in r ? (r.ok ? [r.record.line, r.record.name] : [r.line, r.reason]) : null)),
    ).toEqual([
      [5, 'GLYCERIN'],
      [6, 'ALOE BARBADENSIS LEAF EXTRACT'],
      [8, 'no INCI name'],
      [9, 'SQUALANE'],
    ]);
    const aloe = rows[2] as { ok: true; record: { chemicalDescription: string } };
    expect(aloe.record.chemicalDescription).toBe(
      'Aloe Barbadensis Leaf Extract is an extract of the leaves of the aloe, Aloe barbadensis',
    );
  });

  it('rejects a file without an "INCI name" column, saying what it found', async () => {
    await expect(rowsOf('Name,Function,CAS No\nGLYCERIN,HUMECTANT,56-81-5\n')).rejects.toThrow(
      /line 1: Name \| Function \| CAS No\) has no "INCI name" column/,
    );
    await expect(rowsOf('just,some\ntext,here\n')).rejects.toThrow(CosingFormatError);
  });
});

type IngredientRow = Record<string, unknown> & {
  alias: string;
  name: string;
  curated: boolean;
  cas_number: string | null;
  functions: string[];
  description: string;
  updated_at: Date;
};

let t: TestApp;
/** The knowledge base before any import: Glycerin's row, and which of the fixture's new names it already has. */
let before: { glycerin: IngredientRow; present: string[] };
beforeAll(async () => {
  t = await startTestApp();
  // The shipped inventory is seeded with the knowledge base: the fixture's names are taken out again (and
  // PEG-8's CAS number the inventory filled in), so that the import has them to add.
  await sql(`delete from ingredient where not curated and lower(name) = any(?::text[])`, [
    `{${NEW_NAMES.map((n) => `"${n.toLowerCase()}"`).join(',')}}`,
  ]);
  await sql(`update ingredient set cas_number = null where alias = 'peg-8'`);
  invalidateMatcher();
  before = {
    glycerin: await byAlias('glycerin'),
    present: (
      await sql<{ name: string }>(`select name from ingredient where lower(name) = any(?::text[])`, [
        `{${NEW_NAMES.map((n) => `"${n.toLowerCase()}"`).join(',')}}`,
      ])
    ).map((p) => p.name),
  };
});
afterAll(async () => {
  await t?.close();
});

const sql = <T = IngredientRow>(query: string, params: unknown[] = []) => t.em().execute<T[]>(query, params);
const byAlias = async (alias: string) => (await sql(`select * from ingredient where alias = ?`, [alias]))[0];

// The rows of the fixture that are new to the knowledge base; if one becomes curated, pick another name.
const NEW_NAMES = [
  'ALUMINUM SESQUICHLOROHYDREX PEG',
  'METHYL DIISOPROPYL PROPIONAMIDE',
  'ADENOSINE CYCLIC PHOSPHATE',
  'METHACRYLOYL ETHYL BETAINE/ACRYLATES COPOLYMER',
  'DIPENTAERYTHRITYL PENTAISONONANOATE',
  'BROMOCHLOROPHENE',
  'TRIDECETH-2 CARBOXAMIDE MEA',
  'DI-C12-15 ALKYL FUMARATE',
  'DI C12-15 ALKYL FUMARATE',
  'ALLANTOIN ASCORBATE',
  'DIHEXYL CARBONATE',
  'DRACOCEPHALUM MOLDAVICA CALLUS CULTURE',
  'MYRISTOYL HEXAPEPTIDE-23',
  'DISODIUM HYDROGENATED TALLOW GLUTAMATE',
  'DIMORPHOLINOPYRIDAZINONE',
];

describe('importCosing on the database', () => {
  // The fixture imported once, by whichever test needs it first: each test can run alone (-t).
  let fixtureImport: ReturnType<typeof importCosing> | null = null;
  const importFixture = () => (fixtureImport ??= importCosing(t.orm, FIXTURE, { batchSize: 4 }));
  const glycerinBefore = () => before.glycerin;
  const newNames = () => [`{${NEW_NAMES.map((n) => `"${n.toLowerCase()}"`).join(',')}}`];

  it('starts from the knowledge base the fixture expects', async () => {
    expect(before.present).toEqual([]);
    expect(before.glycerin).toMatchObject({ name: 'Glycerin', curated: true, cas_number: '56-81-5' });
    expect(await byAlias('peg-8')).toMatchObject({ curated: true, cas_number: null });
    expect((await byAlias('water')).other_names).toContain('Aqua');
  });

  it('imports the fixture with exact counts, leaving curated rows alone', async () => {
    const report = await importFixture();
    expect(report).toMatchObject({
      headerLine: 5,
      rowsRead: 24,
      inserted: 15,
      updated: 0,
      unchanged: 0,
      skippedCurated: 2,
      skippedOtherName: 2,
      duplicates: 1,
      bad: 4,
      curatedCasFilled: 1,
      unknownFunctions: { REFRESHING: 1, 'ORAL CARE': 1, 'NAIL CONDITIONING': 1 },
      failure: null,
      committedThroughLine: 26,
    });
    expect(report.badRows).toEqual([
      { line: 28, reason: 'no INCI name' },
      { line: 29, reason: 'INCI name "12345-67" has no letters' },
      { line: 30, reason: 'INCI name longer than 300 characters (320)' },
      { line: 31, reason: 'INCI name "---" has no letters' },
    ]);
    expect(report.batches).toBe(4);
    expect(formatCosingReport(report)).toMatch(/rows read: +24\ninserted: +15\n/);

    // Curated Glycerin exactly as it was; PEG-8 only gained its CAS number.
    expect(await byAlias('glycerin')).toEqual(glycerinBefore());
    expect(await byAlias('peg-8')).toMatchObject({ curated: true, cas_number: '25322-68-3' });
    // Neither Aqua nor CI 77891 got a row of their own.
    expect(
      await sql(`select name from ingredient where lower(name) in ('aqua', 'ci 77891', 'glycerin', 'peg-8')`),
    ).toEqual([{ name: 'Glycerin' }, { name: 'PEG-8' }]);

    const imported = await sql(
      `select * from ingredient where not curated and lower(name) = any(?::text[]) order by name`,
      newNames(),
    );
    expect(imported.map((i) => i.name).sort()).toEqual([...NEW_NAMES].sort());
    for (const i of imported)
      expect(i).toMatchObject({ effects: [], groups: [], other_names: [], comedogenic: null, irritancy: null });
    expect(await byAlias('bromochlorophene')).toMatchObject({
      name: 'BROMOCHLOROPHENE',
      functions: ['antimicrobial'],
      cas_number: '15435-29-7',
      description: "2,2'-Methylenebis(6-bromo-4-chlorophenol)",
      curated: false,
    });
    expect(await byAlias('adenosine-cyclic-phosphate')).toMatchObject({ cas_number: '60-92-4' });
    expect(await byAlias('allantoin-ascorbate')).toMatchObject({
      name: 'ALLANTOIN ASCORBATE',
      description: 'Allantoin ascorbate (a complex of allantoin and ascorbic acid)',
    });
    expect(await byAlias('di-c12-15-alkyl-fumarate')).toMatchObject({
      name: 'DI-C12-15 ALKYL FUMARATE',
      functions: ['emollient', 'skin_conditioning'],
    });
    expect(await byAlias('di-c12-15-alkyl-fumarate-2')).toMatchObject({
      name: 'DI C12-15 ALKYL FUMARATE',
      functions: ['emollient'],
    });
    expect(await byAlias('dimorpholinopyridazinone')).toMatchObject({
      functions: ['uv_filter', 'light_stabiliser'],
      description: 'An ingredient listed in the EU CosIng inventory with the functions UV filter and light stabiliser.',
    });
    expect(await byAlias('methyl-diisopropyl-propionamide')).toMatchObject({
      functions: [],
      description: 'An ingredient listed in the EU CosIng inventory.',
    });
  });

  it('changes nothing when run again', async () => {
    await importFixture();
    const [before] = await sql<{ n: number; last: Date }>(
      `select count(*)::int as n, max(updated_at) as last from ingredient`,
    );
    const report = await importCosing(t.orm, FIXTURE);
    expect(report).toMatchObject({
      rowsRead: 24,
      inserted: 0,
      updated: 0,
      unchanged: 15,
      skippedCurated: 2,
      skippedOtherName: 2,
      duplicates: 1,
      bad: 4,
      curatedCasFilled: 0,
      failure: null,
    });
    const [after] = await sql<{ n: number; last: Date }>(
      `select count(*)::int as n, max(updated_at) as last from ingredient`,
    );
    expect(after).toEqual(before);
  });

  it('serves imported ingredients over REST, and the matcher knows them at once', async () => {
    await importFixture();
    const response = await t.inject({ method: 'GET', url: '/ingredients/bromochlorophene' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      alias: 'bromochlorophene',
      name: 'BROMOCHLOROPHENE',
      functions: ['antimicrobial'],
      cas_number: '15435-29-7',
      flags: [],
    });
    expect((await t.inject({ method: 'GET', url: '/ingredients/di-c12-15-alkyl-fumarate-2' })).json()).toMatchObject({
      name: 'DI C12-15 ALKYL FUMARATE',
    });
    const analysis = await t.inject({
      method: 'POST',
      url: '/analyze/ingredient_list',
      payload: { ingredient_list: 'Aqua, Glycerin, Bromochlorophene, Dihexyl Carbonate' },
    });
    expect(analysis.statusCode).toBe(201);
    const entries = (analysis.json() as { ingredients: Array<{ input: string; ingredient: { alias: string } | null }> })
      .ingredients;
    expect(entries.map((e) => e.ingredient?.alias)).toEqual([
      'water',
      'glycerin',
      'bromochlorophene',
      'dihexyl-carbonate',
    ]);
  });

  it('updates imported rows whose CosIng data changed, never curated ones', async () => {
    await importFixture();
    const csv = [
      'INCI name,Function,CAS No,Chem/IUPAC Name / Description',
      `BROMOCHLOROPHENE,"ANTIMICROBIAL, MASKING",15435-29-7,"2,2'-Methylenebis(6-bromo-4-chlorophenol)"`,
      'Glycerin,HUMECTANT,56-81-5,Something else entirely',
      'DIHEXYL CARBONATE,"SKIN CONDITIONING - EMOLLIENT, SOLVENT",,',
    ].join('\n');
    const report = await importCosing(t.orm, text(csv));
    expect(report).toMatchObject({ rowsRead: 3, inserted: 0, updated: 1, unchanged: 1, skippedCurated: 1 });
    expect(await byAlias('bromochlorophene')).toMatchObject({ functions: ['antimicrobial', 'masking'] });
    expect(await byAlias('glycerin')).toEqual(glycerinBefore());
  });

  it('rejects a header without "INCI name" before writing anything', async () => {
    const [before] = await sql<{ n: number }>(`select count(*)::int as n from ingredient`);
    await expect(importCosing(t.orm, text('Title line\nName,Function\nFOO BAR,HUMECTANT\n'))).rejects.toThrow(
      /has no "INCI name" column/,
    );
    await expect(importCosing(t.orm, text('Title line\nName,Function\nFOO BAR,HUMECTANT\n'))).rejects.toBeInstanceOf(
      CosingFormatError,
    );
    const [after] = await sql<{ n: number }>(`select count(*)::int as n from ingredient`);
    expect(after.n).toBe(before.n);
  });

  it('keeps the batches before a failing row and reports the failing line', async () => {
    await sql(`alter table ingredient add constraint cosing_test_no_failing check (name <> 'FAILING TEST ROW')`);
    try {
      const names = [
        'TEST ROW ONE',
        'TEST ROW TWO',
        'TEST ROW THREE',
        'TEST ROW FOUR',
        'FAILING TEST ROW',
        'TEST ROW SIX',
        'TEST ROW SEVEN',
      ];
      const csv = ['A title line', 'INCI name,Function', ...names.map((n) => `${n},EMOLLIENT`)].join('\n');
      const report = await importCosing(t.orm, text(csv), { batchSize: 3 });
      expect(report.failure).toMatchObject({
        line: 7,
        name: 'FAILING TEST ROW',
        message: expect.stringMatching(/cosing_test_no_failing/),
      });
      expect(report).toMatchObject({ inserted: 3, batches: 1, committedThroughLine: 5 });
      expect(formatCosingReport(report)).toMatch(/FAILED at line 7 \("FAILING TEST ROW"\)/);
      const stored = await sql<{ name: string }>(
        `select name from ingredient where name like '%TEST ROW%' order by name`,
      );
      expect(stored.map((s) => s.name)).toEqual(['TEST ROW ONE', 'TEST ROW THREE', 'TEST ROW TWO']);
    } finally {
      await sql(`alter table ingredient drop constraint cosing_test_no_failing`);
    }
  });
});
