// Trimming and skipping by character class in one pass. A regular expression such as /[.:]+$/ or /\s*-\s*/ run
// over a text is tried at every position of a long run of its characters and reads the run again each time
// (quadratic in the run); these walk it once. Pure.

/** The characters `\s` matches in a JavaScript regular expression. */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

type CharTest = string | ((code: number) => boolean);
const tester = (chars: CharTest): ((code: number) => boolean) =>
  typeof chars === 'string' ? (code) => chars.includes(String.fromCharCode(code)) : chars;

/** The index after the characters of `chars` from `from` on (`isSpace` by default). */
export function skipChars(text: string, from: number, chars: CharTest = isSpace): number {
  const test = tester(chars);
  let at = from;
  while (at < text.length && test(text.charCodeAt(at))) at++;
  return at;
}

/** `text` without the characters of `chars` at its end (what `/[chars]+$/` removes). */
export function trimEndOf(text: string, chars: CharTest): string {
  const test = tester(chars);
  let end = text.length;
  while (end > 0 && test(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the characters of `chars` at its start (what `/^[chars]+/` removes). */
export function trimStartOf(text: string, chars: CharTest): string {
  const start = skipChars(text, 0, chars);
  return start === 0 ? text : text.slice(start);
}

/** `text` without `lead` characters at its start and `tail` characters at its end (`/^[lead]+|[tail]+$/g`). */
export function trimEdges(text: string, lead: CharTest, tail: CharTest): string {
  return trimStartOf(trimEndOf(text, tail), lead);
}

/**
 * Splits `text` at each `separator` character and the spaces around it, as a split on spaces, separator, spaces
 * would, in one pass.
 */
export function splitSpaced(text: string, separator: CharTest): string[] {
  const test = tester(separator);
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (!test(text.charCodeAt(i))) continue;
    parts.push(trimEndOf(text.slice(from, i), isSpace));
    i = skipChars(text, i + 1) - 1;
    from = i + 1;
  }
  parts.push(text.slice(from));
  return parts;
}
