// Streams a CosIng CSV through csv-parse, one record at a time: the file is never held in
// memory whole. Yields parsed rows with the line each starts on. No ORM.
import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse, type Info } from 'csv-parse';
import type { FunctionMapper } from './functions.js';
import { CosingRowReader, type CosingColumns, type RowResult } from './parse.js';

export interface CosingReadOptions {
  /** Field separator; CosIng exports use ",". */
  delimiter?: string;
  /** Text encoding of the file (a path source only); default utf8. */
  encoding?: BufferEncoding;
}

export type CosingRow = RowResult | { header: CosingColumns; line: number };

/** A CSV syntax error (say, a quote never closed), with the line where the parser stopped. */
export class CosingSyntaxError extends Error {
  override name = 'CosingSyntaxError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Line-break characters inside the cells of a record, and how many of them are CR LF pairs.
 * csv-parse counts a quoted CR LF as two lines, so its `lines` runs ahead by one for each.
 */
function lineBreaksIn(cells: readonly string[]): { chars: number; pairs: number } {
  let chars = 0;
  let pairs = 0;
  for (const cell of cells) {
    if (!cell.includes('\n') && !cell.includes('\r')) continue;
    chars += cell.match(/[\r\n]/g)?.length ?? 0;
    pairs += cell.match(/\r\n/g)?.length ?? 0;
  }
  return { chars, pairs };
}

/**
 * The rows of a CosIng export: first `{ header }`, then one result per data row, good or bad.
 * Throws CosingFormatError when the header row is missing, CosingSyntaxError on broken CSV.
 */
export async function* readCosingRows(
  source: Readable | string,
  mapFunctions: FunctionMapper,
  options: CosingReadOptions = {},
): AsyncGenerator<CosingRow> {
  const input =
    typeof source === 'string'
      ? createReadStream(source, { encoding: options.encoding ?? 'utf8', highWaterMark: 256 * 1024 })
      : source;
  const parser = parse({
    delimiter: options.delimiter ?? ',',
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
  });
  // Errors of the file stream and of the parser both surface in the loop below.
  pipeline(input, parser, () => {});
  const reader = new CosingRowReader(mapFunctions);
  // Lines csv-parse counted twice (a quoted CR LF) before the current record.
  let overcount = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      const breaks = lineBreaksIn(record);
      // csv-parse reports the line a record ends on; the record starts that many breaks earlier.
      const line = info.lines - overcount - breaks.chars;
      overcount += breaks.pairs;
      const result = reader.accept(record, line);
      if (result === 'preamble') continue;
      if (result === 'header') yield { header: reader.columns!, line };
      else yield result;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0) - overcount;
      throw new CosingSyntaxError(`CSV error at line ${line}: ${error.message}`, line);
    }
    throw error;
  } finally {
    parser.destroy();
    input.destroy();
  }
  reader.finish();
}
