// Streams an Open Beauty Facts export one product at a time: JSONL (one product object a line,
// gzipped or not) or the CSV export (tab-separated, a header row of field names, no quoting).
// The file is never held whole in memory, nor is any line longer than the cap (lines.ts). No ORM.
import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { splitLines } from './lines.js';

export type ObfFormat = 'jsonl' | 'csv';

/** Bytes of one line (one product) read at most; a longer line is skipped unread ("line-too-long"). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A line of the file: the product object, why it is none, or a line over the cap (its bytes). */
export type ObfLine =
  | { line: number; raw: Record<string, unknown> }
  | { line: number; error: string }
  | { line: number; tooLong: number };

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

async function* jsonLines(input: Readable, maxBytes: number): AsyncGenerator<ObfLine> {
  for await (const item of splitLines(input, maxBytes)) {
    if ('tooLong' in item) {
      yield item;
      continue;
    }
    const { line, text } = item;
    if (!text.trim()) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value))
        yield { line, raw: value as Record<string, unknown> };
      else yield { line, error: 'not a JSON object' };
    } catch (error) {
      yield { line, error: (error as Error).message.slice(0, 200) };
    }
  }
}

/**
 * OBF's CSV: tabs between fields, no quoting (a quote is a plain character), UTF-8, so a record is
 * one line's tab-separated fields: read through the same capped splitter as JSONL rather than a
 * CSV parser, whose record-size limit stops the whole file. Fields past the header's are
 * dropped, missing ones left out; empty lines skipped.
 */
async function* csvRows(input: Readable, maxBytes: number): AsyncGenerator<ObfLine> {
  let columns: string[] | null = null;
  for await (const item of splitLines(input, maxBytes)) {
    if ('tooLong' in item) {
      if (!columns) throw new Error(`the CSV header line is over ${maxBytes} bytes: not an Open Beauty Facts export`);
      yield item;
      continue;
    }
    if (!item.text) continue;
    const fields: string[] = item.text.split('\t', columns?.length);
    if (!columns) {
      columns = fields;
      continue;
    }
    const raw: Record<string, string> = {};
    fields.forEach((value, i) => {
      raw[columns![i]] = value;
    });
    yield { line: item.line, raw };
  }
}

/** The products of an export in file order, with bad and over-long lines reported (never thrown) so the import goes on. */
export function readObfLines(source: Readable | string, format: ObfFormat, maxLineBytes = MAX_LINE_BYTES): ObfLines {
  const { input, bytesRead } = open(source);
  return { lines: format === 'csv' ? csvRows(input, maxLineBytes) : jsonLines(input, maxLineBytes), bytesRead };
}
