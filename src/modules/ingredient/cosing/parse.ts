// The pure part of the CosIng import: finding the header row, turning one CSV row into an
// ingredient record, and telling bad rows apart. No ORM, no streams, no file access.
import { MAX_ALIAS_LENGTH, slugify } from '../../shared/ids.js';
import type { FunctionMapper } from './functions.js';

/** A CosIng file we cannot read: no header row, or one without the columns we need. */
export class CosingFormatError extends Error {
  override name = 'CosingFormatError';
}

export const MAX_NAME_LENGTH = 300;
/** The API accepts aliases of at most MAX_ALIAS_LENGTH characters; longer slugs are cut at a hyphen. */
export { MAX_ALIAS_LENGTH };
/** How many records may come before the header row (title lines of a real export). */
export const HEADER_SEARCH_LIMIT = 50;

/** Where each column is; -1 when the file has no such column. */
export interface CosingColumns {
  inciName: number;
  functions: number;
  refNo: number;
  casNo: number;
  ecNo: number;
  description: number;
  restriction: number;
  updateDate: number;
}

type Column = keyof CosingColumns;

// Header names after normalizeHeaderCell: lower case, single spaces, no spaces around "/".
const HEADER_NAMES: Record<string, Column> = {
  'inci name': 'inciName',
  function: 'functions',
  functions: 'functions',
  'cosing ref no': 'refNo',
  'cosing ref nr': 'refNo',
  'cas no': 'casNo',
  'cas number': 'casNo',
  'ec no': 'ecNo',
  'ec number': 'ecNo',
  'chem/iupac name/description': 'description',
  'chem/iupac name': 'description',
  description: 'description',
  restriction: 'restriction',
  restrictions: 'restriction',
  'update date': 'updateDate',
};

/** " Chem / IUPAC  Name / Description " → "chem/iupac name/description"; "CAS No." → "cas no". */
export function normalizeHeaderCell(cell: string): string {
  return (
    cell
      .replace(/^\uFEFF/, '')
      .toLowerCase()
      // The inventory we ship (data/eu/cosing-inventory.csv) writes its columns in snake case: "inci_name".
      .replace(/_/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/\s*\/\s*/g, '/')
      .replace(/[.:]+$/, '')
      .trim()
  );
}

/** The columns of a header row, or null when `cells` is not one ("INCI name" and "Function" both needed). */
export function detectHeader(cells: readonly string[]): CosingColumns | null {
  const columns: CosingColumns = {
    inciName: -1,
    functions: -1,
    refNo: -1,
    casNo: -1,
    ecNo: -1,
    description: -1,
    restriction: -1,
    updateDate: -1,
  };
  cells.forEach((cell, index) => {
    const column = HEADER_NAMES[normalizeHeaderCell(cell)];
    if (column && columns[column] === -1) columns[column] = index;
  });
  return columns.inciName >= 0 && columns.functions >= 0 ? columns : null;
}

/** How many known column names a row of several cells has: a row with any was probably meant as the header. */
export function headerLikeness(cells: readonly string[]): number {
  if (cells.filter((c) => c.trim()).length < 2) return 0;
  return new Set(cells.map((c) => HEADER_NAMES[normalizeHeaderCell(c)]).filter(Boolean)).size;
}

/** The error for a file whose first `HEADER_SEARCH_LIMIT` records hold no usable header. */
export function missingHeaderError(
  candidate: { line: number; cells: readonly string[] } | null,
  searched: number,
): CosingFormatError {
  const need = 'a header row with the columns "INCI name" and "Function"';
  if (!candidate)
    return new CosingFormatError(`Not a CosIng export: expected ${need} within the first ${searched} rows, found none`);
  const names = new Set(candidate.cells.map((c) => HEADER_NAMES[normalizeHeaderCell(c)]));
  const missing = [!names.has('inciName') && '"INCI name"', !names.has('functions') && '"Function"']
    .filter(Boolean)
    .join(' and ');
  const shown = candidate.cells
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(0, 12)
    .join(' | ');
  return new CosingFormatError(
    `Not a CosIng export: the header row (line ${candidate.line}: ${shown}) has no ${missing} column; expected ${need}`,
  );
}

const CAS = /^(\d{2,7})-(\d{2})-(\d)$/;

/** True when the CAS check digit is right (the weighted sum of the other digits, mod 10). */
export function casChecksumValid(cas: string): boolean {
  const m = CAS.exec(cas);
  if (!m) return false;
  const digits = (m[1] + m[2]).split('').reverse();
  const sum = digits.reduce((total, d, i) => total + Number(d) * (i + 1), 0);
  return sum % 10 === Number(m[3]);
}

/**
 * The first CAS number of a cell ("56-81-5", "8001-54-5 / 63449-41-2", "-", "See Annex"):
 * pieces separated by "/", "," or ";" that look like digits-digits-digit with a right check digit.
 */
export function firstCasNumber(cell: string | undefined): string | null {
  if (!cell) return null;
  for (const piece of cell.split(/[/,;]/)) {
    const cas = piece.trim().replace(/[\u2010-\u2015\u2212]/g, '-');
    if (CAS.test(cas) && casChecksumValid(cas)) return cas;
  }
  return null;
}

/** The INCI name as stored: trimmed, one space between words, no control characters. */
export function cleanText(text: string | undefined): string {
  if (!text) return '';
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/[\u0000-\u001f\u007f\uFEFF]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The alias of an INCI name: its slug, cut to MAX_ALIAS_LENGTH at a hyphen. Empty when it has no [a-z0-9]. */
export function cosingAlias(name: string): string {
  let alias = slugify(name);
  if (alias.length > MAX_ALIAS_LENGTH) {
    alias = alias.slice(0, MAX_ALIAS_LENGTH + 1);
    const cut = alias.lastIndexOf('-');
    alias = (cut > MAX_ALIAS_LENGTH / 2 ? alias.slice(0, cut) : alias.slice(0, MAX_ALIAS_LENGTH)).replace(/-+$/, '');
  }
  return alias;
}

/** `base`, else `base-2`, `base-3`, … : the first that `taken` does not hold (kept within MAX_ALIAS_LENGTH). */
export function uniqueAlias(base: string, taken: { has(alias: string): boolean }): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const alias = `${base.slice(0, MAX_ALIAS_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(alias)) return alias;
  }
}

/** One usable row of the inventory. */
export interface CosingRecord {
  /** Line of the file where the row starts (1-based). */
  line: number;
  name: string;
  /** The slug of the name (before any -2, -3 that keeps aliases unique). */
  alias: string;
  casNumber: string | null;
  functions: string[];
  /** Function names of the row we have no vocabulary id for. */
  unknownFunctions: string[];
  /** "Chem/IUPAC Name / Description", or '' when the file has none for the row. */
  chemicalDescription: string;
  refNo: string | null;
  ecNumber: string | null;
  restriction: string | null;
  updateDate: string | null;
}

export type RowResult = { ok: true; record: CosingRecord } | { ok: false; line: number; reason: string };

/** Why a name cannot be imported, or null when it can. */
export function badNameReason(name: string): string | null {
  if (!name) return 'no INCI name';
  if (name.length > MAX_NAME_LENGTH) return `INCI name longer than ${MAX_NAME_LENGTH} characters (${name.length})`;
  if (!/\p{L}/u.test(name)) return `INCI name "${name}" has no letters`;
  if (!cosingAlias(name)) return `INCI name "${name}" has no latin letters or digits to make an alias from`;
  return null;
}

const cellAt = (cells: readonly string[], index: number): string => (index >= 0 ? cleanText(cells[index]) : '');
const orNull = (text: string): string | null => (text && text !== '-' ? text : null);

/** Maps one data row (cells in file order) to a record, or says why it is bad. */
export function parseRow(
  cells: readonly string[],
  columns: CosingColumns,
  line: number,
  mapFunctions: FunctionMapper,
): RowResult {
  const name = cellAt(cells, columns.inciName);
  const reason = badNameReason(name);
  if (reason) return { ok: false, line, reason };
  const { ids, unknown } = mapFunctions(cellAt(cells, columns.functions));
  const description = cellAt(cells, columns.description);
  return {
    ok: true,
    record: {
      line,
      name,
      alias: cosingAlias(name),
      casNumber: firstCasNumber(cellAt(cells, columns.casNo)),
      functions: ids,
      unknownFunctions: unknown,
      chemicalDescription: /^[-\u2013\u2014]?$/.test(description) ? '' : description,
      refNo: orNull(cellAt(cells, columns.refNo)),
      ecNumber: orNull(cellAt(cells, columns.ecNo)),
      restriction: orNull(cellAt(cells, columns.restriction)),
      updateDate: orNull(cellAt(cells, columns.updateDate)),
    },
  };
}

/** "Humectant" → "humectant"; "UV filter" stays (an acronym keeps its case). */
const inSentence = (label: string): string => label.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/** The description of an imported ingredient: CosIng's chemical description, else a sentence from its functions. */
export function importedDescription(
  record: Pick<CosingRecord, 'chemicalDescription' | 'functions'>,
  labels: Readonly<Record<string, string>>,
): string {
  if (record.chemicalDescription) return record.chemicalDescription;
  if (!record.functions.length) return 'An ingredient listed in the EU CosIng inventory.';
  const names = record.functions.map((id) => inSentence(labels[id] ?? id.replace(/_/g, ' ')));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `An ingredient listed in the EU CosIng inventory with the ${names.length === 1 ? 'function' : 'functions'} ${list}.`;
}

/** Header-then-rows state over the records of one file, for callers that read them one at a time. */
export class CosingRowReader {
  columns: CosingColumns | null = null;
  headerLine = 0;
  private searched = 0;
  private candidate: { line: number; cells: readonly string[]; score: number } | null = null;

  constructor(private readonly mapFunctions: FunctionMapper) {}

  /** 'preamble' for title lines before the header, 'header' for the header row, else the row's result. */
  accept(cells: readonly string[], line: number): RowResult | 'preamble' | 'header' {
    if (this.columns) return parseRow(cells, this.columns, line, this.mapFunctions);
    const columns = detectHeader(cells);
    if (columns) {
      this.columns = columns;
      this.headerLine = line;
      return 'header';
    }
    const score = headerLikeness(cells);
    if (score >= 1 && (!this.candidate || score > this.candidate.score)) this.candidate = { line, cells, score };
    if (++this.searched >= HEADER_SEARCH_LIMIT) throw missingHeaderError(this.candidate, this.searched);
    return 'preamble';
  }

  /** Call at the end of the file: throws when no header row was found. */
  finish(): void {
    if (!this.columns) throw missingHeaderError(this.candidate, this.searched);
  }
}
