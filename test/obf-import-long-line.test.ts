// One long line must not stop an Open Beauty Facts import: an 815 kB gzip
// holding one 800 MB line threw "Invalid string length" out of readline, and a 400 MB line took
// RSS from 259 MB to 1.55 GB. The line is skipped unread, counted in the summary, memory flat.
import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importObf } from '../src/modules/obf-import/importer.js';
import { splitLines, type SplitLine } from '../src/modules/obf-import/lines.js';
import { MAX_LINE_BYTES } from '../src/modules/obf-import/reader.js';
import { formatObfReport } from '../src/modules/obf-import/report.js';
import { startTestApp, type TestApp } from './helpers/app.js';

const tmp = mkdtempSync(join(tmpdir(), 'obf-long-line-'));
const MB = 1024 * 1024;

/** Writes a gzip of `head`, then `zeros` bytes of '0', then `tail`, streamed: never held in memory. */
async function gzipWithLongLine(file: string, head: string, zeros: number, tail: string): Promise<void> {
  async function* content() {
    yield Buffer.from(head);
    const block = Buffer.alloc(MB, '0');
    for (let left = zeros; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
    yield Buffer.from(tail);
  }
  await pipeline(Readable.from(content()), createGzip({ level: 1 }), createWriteStream(file));
}

/** Runs `work`, sampling RSS every 20 ms: the largest growth over the RSS before it. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

const product = (code: string, name: string) =>
  JSON.stringify({ code, product_name: name, ingredients_text: 'Aqua, Glycerin, Niacinamide' });

describe('the line splitter (no database)', () => {
  async function split(chunks: Array<Buffer | string>, max: number): Promise<SplitLine[]> {
    const lines: SplitLine[] = [];
    for await (const line of splitLines(Readable.from(chunks), max)) lines.push(line);
    return lines;
  }

  it('joins lines across chunks, multi-byte characters cut between chunks too, and strips CR and a BOM', async () => {
    const text = Buffer.from('\uFEFFfirst\r\nsé-cond\n\nlast');
    const cut = text.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    expect(await split([text.subarray(0, 4), text.subarray(4, cut), text.subarray(cut)], 100)).toEqual([
      { line: 1, text: 'first' },
      { line: 2, text: 'sé-cond' },
      { line: 3, text: '' },
      { line: 4, text: 'last' },
    ]);
  });

  it('reports a line over the cap with its length, and goes on with the next', async () => {
    expect(await split(['ok\n', 'x'.repeat(30), 'y'.repeat(30), '\nfine\n', 'z'.repeat(11)], 10)).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, tooLong: 60 },
      { line: 3, text: 'fine' },
      { line: 4, tooLong: 11 },
    ]);
    // Exactly at the cap is still read.
    expect(await split(['0123456789\n'], 10)).toEqual([{ line: 1, text: '0123456789' }]);
  });
});

describe('import:obf with a line far over the cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // The knowledge base and the importer's code loaded once, so the measurement sees the line only.
    await importObf(t.orm, Readable.from([`${product('3000000000014', 'Warm-up')}\n`]), { format: 'jsonl' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('skips a 300 MB JSONL line in a gzip of a few hundred kB, imports the lines around it, RSS stays flat', async () => {
    const file = join(tmp, 'long-line.jsonl.gz');
    await gzipWithLongLine(
      file,
      `${product('3000000000021', 'Before the long line')}\n{"code":"3000000000038","blob":"`,
      300 * MB,
      `"}\n${product('3000000000045', 'After the long line')}\n`,
    );
    expect(statSync(file).size).toBeLessThan(2 * MB);
    const { result: report, growthMb } = await peakGrowth(() => importObf(t.orm, file, { format: 'jsonl' }));
    expect(report).toMatchObject({ failure: null, linesRead: 3, imported: 2, skipped: { 'line-too-long': 1 } });
    expect(report.examples['line-too-long']).toEqual([
      { line: 2, detail: expect.stringMatching(/^3145728\d\d bytes, over the 16777216 byte limit/) },
    ]);
    expect(formatObfReport(report)).toMatch(/line over the length limit \(not read\): 1\n\s+line 2: /);
    // At most the cap (16 MB) of the line is ever held, plus chunks not yet collected: 21 MB on
    // PGlite, 55 MB on PostgreSQL (its pool) when measured; 880 MB before, 1.3 GB for 400 MB.
    expect(growthMb).toBeLessThan((8 * MAX_LINE_BYTES) / MB);
  }, 180_000);

  it('does the same for the CSV export, with a cap given', async () => {
    const file = join(tmp, 'long-line.csv.gz');
    const header = 'code\tproduct_name\tingredients_text\n';
    await gzipWithLongLine(
      file,
      `${header}3000000000052\tBefore\tAqua, Glycerin\n3000000000069\t`,
      64 * MB,
      '\tAqua\n3000000000076\tAfter\tAqua, Glycerin\n',
    );
    const { result: report, growthMb } = await peakGrowth(() =>
      importObf(t.orm, file, { format: 'csv', maxLineBytes: MB }),
    );
    expect(report).toMatchObject({ failure: null, linesRead: 3, imported: 2, skipped: { 'line-too-long': 1 } });
    expect(report.examples['line-too-long']?.[0]).toMatchObject({ line: 3 });
    expect(growthMb).toBeLessThan(48);
  }, 180_000);
});
