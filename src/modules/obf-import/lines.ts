// Splits a byte stream into lines without ever holding more than `maxBytes` of one: the bytes of
// a line are kept as Buffers and decoded once the line ends; past the cap they are dropped as
// they stream by and only counted. readline builds each line as a string whatever its size, so
// one 800 MB line in an 815 kB gzip threw "Invalid string length" and a 400 MB one took 1.3 GB.
// No ORM, no I/O of its own.

/** A line's text (without its line break), or, for a line over the cap, its length in bytes. */
export type SplitLine = { line: number; text: string } | { line: number; tooLong: number };

const NEWLINE = 0x0a;

export async function* splitLines(input: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<SplitLine> {
  let parts: Buffer[] = [];
  let size = 0;
  // Bytes of the current line once it is over the cap; -1 while it is within it.
  let over = -1;
  let line = 0;
  const take = (): SplitLine => {
    line++;
    let result: SplitLine;
    if (over >= 0) result = { line, tooLong: over };
    else {
      let text = Buffer.concat(parts, size).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
      result = { line, text };
    }
    parts = [];
    size = 0;
    over = -1;
    return result;
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      const length = end - start;
      if (over >= 0) over += length;
      else if (size + length > maxBytes) {
        over = size + length;
        parts = [];
        size = 0;
      } else if (length) {
        parts.push(bytes.subarray(start, end));
        size += length;
      }
      if (newline === -1) break;
      yield take();
      start = newline + 1;
    }
  }
  // A last line without a line break.
  if (size || over >= 0) yield take();
}
