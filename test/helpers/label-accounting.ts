// The honesty invariant of the label parser, on offsets of the input: every word of the input is read into an
// entry (its name, strength or kit part) or set aside with a kind; every HTML tag is set aside as markup.
import { decodeHTML } from 'entities';
import type { ListAnalysis } from '../../src/modules/analysis/engine/analyze.js';

const WORD = /[\p{L}\p{N}]+/gu;
const TAG = /<\s*\/?\s*[a-z][^<>]*>?/gi;

const fold = (w: string): string => w.normalize('NFKC').toLowerCase();

/** Words of the input (offset and word) that no entry reads and nothing set aside holds; tags not set aside as markup. */
export function unaccounted(text: string, analysis: ListAnalysis): Array<{ at: number; word: string }> {
  const pool = new Map<string, number>();
  const add = (s: string | null | undefined) => {
    for (const w of (s ?? '').match(WORD) ?? []) pool.set(fold(w), (pool.get(fold(w)) ?? 0) + 1);
  };
  for (const e of analysis.entries) {
    add(e.input);
    add(e.concentration);
    // "1,000ppm" is read as "1000 ppm": its groups are read too.
    if (e.concentration && /\d{4}/.test(e.concentration)) add(e.concentration.replace(/(\d)(?=(?:\d{3})+\b)/g, '$1,'));
    if (e.nano) add('nano');
    for (const other of e.alsoPrintedAs ?? []) add(other);
  }
  for (const dup of analysis.duplicates) add(dup);
  for (const part of analysis.parts) add(part);
  for (const s of analysis.setAside) if (s.kind !== 'markup') add(s.text);
  const markup = analysis.setAside
    .filter((s) => s.kind === 'markup')
    .map((s) => s.text)
    .join(' ');
  const missing: Array<{ at: number; word: string }> = [];
  for (const m of text.matchAll(TAG))
    if (!markup.includes(m[0].replace(/\s+/g, ' '))) missing.push({ at: m.index, word: m[0] });
  // Words outside tags, entities decoded in place (offsets are of the input).
  // Footnote references ("Tocopherol (2)") point at a footnote set aside; "C.I. 77891" is read as "CI 77891".
  const plain = text
    .replace(TAG, (t) => ' '.repeat(t.length))
    .replace(/\(\s*\d\s*\)|\[\s*\d\s*\]/g, (r) => (analysis.footnotes.length ? ' '.repeat(r.length) : r))
    .replace(/\bC\.I\.(?=\s?\d)/g, 'CI  ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, (e) => decodeHTML(e).padEnd(e.length, ' '));
  for (const m of plain.matchAll(WORD)) {
    const key = fold(m[0]);
    // "and" between two names is read as the separator it is.
    if (key === 'and') continue;
    const left = pool.get(key) ?? 0;
    if (left > 0) pool.set(key, left - 1);
    // A word the parser split differently ("1,2-Hexanediol" → digits kept apart) is still accounted for by parts.
    else if (!(m[0].match(/\p{L}+|\p{N}+/gu) ?? []).every((w) => (pool.get(fold(w)) ?? 0) > 0))
      missing.push({ at: m.index, word: m[0] });
  }
  return missing;
}
