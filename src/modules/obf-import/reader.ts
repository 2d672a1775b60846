// Streams an Open Beauty Facts export one product at a time: JSONL (one product object a line,
// gzipped or not) or the CSV export (tab-separated, a header row of field names, no quoting).
// The file is never held whole in memory. No ORM.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse, type Info } from 'csv-parse';

export type ObfFormat = 'jsonl' | 'csv';

/** A line of the file: the product object, or why it is none. */
export type ObfLine = { line: number; raw: Record<string, unknown> } | { line: number; error: string };

export interface ObfLines {
  lines: AsyncGenerator<ObfLine>;
  /** Bytes of the file read so far (compressed bytes for .gz): for a progress bar against its size. */
  bytesRead: () => number;
}

/** The format a file name says (`.jsonl`, `.json`, `.ndjson`, `.csv`, `.tsv`, each optionally `.gz`). */
export function formatOf(path: string): ObfFormat | null {
  const name = path.toLowerCase().replace(/\.gz$/, '');
  if (/\.(jsonl|ndjson|json)$/.test(name)) return 'jsonl';
  if (/\.(csv|tsv)$/.test(name)) return 'csv';
  return null;
}

function open(source: Readable | string): { input: Readable; bytesRead: () => number } {
  if (typeof source !== 'string') return { input: source, bytesRead: () => 0 };
  const file = createReadStream(source, { highWaterMark: 256 * 1024 });
  const bytesRead = () => file.bytesRead;
  if (!source.toLowerCase().endsWith('.gz')) return { input: file, bytesRead };
  const gunzip = createGunzip();
  // A broken gzip stream surfaces as an error of the iterator below.
  pipeline(file, gunzip, () => {});
  return { input: gunzip, bytesRead };
}

async function* jsonLines(input: Readable): AsyncGenerator<ObfLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) yield { line, raw: value as Record<string, unknown> };
      else yield { line, error: 'not a JSON object' };
    } catch (error) {
      yield { line, error: (error as Error).message.slice(0, 200) };
    }
  }
}

async function* csvRows(input: Readable): AsyncGenerator<ObfLine> {
  // OBF's CSV: tabs between fields, no quoting (a quote is a plain character), UTF-8.
  const parser = parse({ delimiter: '\t', quote: false, bom: true, columns: true, info: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ['\r\n', '\n'] });
  pipeline(input, parser, () => {});
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: Info }>) {
    yield { line: info.lines, raw: record };
  }
}

/** The products of an export in file order, with bad lines reported (never thrown) so the import goes on. */
export function readObfLines(source: Readable | string, format: ObfFormat): ObfLines {
  const { input, bytesRead } = open(source);
  return { lines: format === 'csv' ? csvRows(input) : jsonLines(input), bytesRead };
}
