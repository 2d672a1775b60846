// Typos and words run together or apart, looked up among the known words (search_word: the words
// of product, brand, category and ingredient names) in at most two statements. Used by the product
// search and, when nothing is suggested, by the suggestions.
import type { EntityManager } from '../../db.js';
import { oneEditAway, twoParts } from './engine/query.js';

/** Words of a query that are looked up as possible typos or words run together: the first ones. */
export const MAX_CORRECTED_WORDS = 4;
/** Letters of a word whose one-edit spellings are looked up; a longer word gets its trigram nearest. */
export const MAX_EDITED_LETTERS = 20;
/** Corrections of one word searched as its alternatives (each is a term of every tsquery). */
export const MAX_FIXES_PER_WORD = 6;
/** Neighbouring typed words looked up as one word run apart ("duin zand" → Duinzand). */
export const MAX_JOINED_PAIRS = 6;

/**
 * How alike (pg_trgm similarity) the nearest known word must be to stand for an unknown one: at
 * the extension's 0.3 "razor" met "rose" (0.1 by itself, through a shared part) and brands the
 * catalog does not have met words that share three letters; "niacimanide" → niacinamide is 0.41.
 */
export const NEAREST_SIMILARITY = 0.4;

const editsOf = (word: string): string[] => (word.length <= MAX_EDITED_LETTERS ? oneEditAway(word) : []);

/**
 * What else a typed word may stand for, among the known words (of product, brand, category and
 * ingredient names):
 * - a word that is two known words run together, those two as a phrase ("eyecream" → eye cream;
 *   "rosewater" → rose water too, though Rosewater is a known word);
 * - a word that is no known word, every known word one typing error away from it (a letter
 *   dropped, added, changed, two swapped: "retinl" → retinal and retinol, "aicd" → acid); failing
 *   those, the known word nearest to it by trigrams (pg_trgm's % and similarity), which meets
 *   errors further apart ("niacimanide").
 */
export async function corrections(
  em: EntityManager,
  words: string[],
  typing: string | null,
): Promise<Map<string, string[]>> {
  // Bounded by the query whatever it holds: MAX_CORRECTED_WORDS words looked at, one-edit spellings
  // of the short ones only (52 a letter: a 50-letter word has 2,600), the trigram nearest for the rest.
  const candidates = words.filter((w) => w.length >= 4 && !/\d/.test(w)).slice(0, MAX_CORRECTED_WORDS);
  if (!candidates.length && words.length < 2) return new Map();
  const parts = candidates.flatMap((w) => twoParts(w).flat());
  // Two typed words that are one known word run together ("clear vane" → Clearvane): each also
  // searched as that word. The first MAX_JOINED_PAIRS neighbours only.
  const pairs = words
    .slice(0, MAX_JOINED_PAIRS + 1)
    .flatMap((w, i) => (i && !/\d/.test(w) && !/\d/.test(words[i - 1]) ? [[words[i - 1], w, words[i - 1] + w]] : []));
  // With them, whether known words start with the word being typed: then it is no typo ("ceram"
  // of ceramide, not cream). A LIKE prefix of four letters or more reads the trigram index.
  const started = typing !== null && candidates.includes(typing) ? typing : null;
  const seen = await em.execute<Array<{ word: string | null }>>(
    `select word from search_word where word = any(array[?]::text[])
     union all (select null from search_word where ?::text is not null and word like ? limit 1)`,
    [[...new Set([...candidates, ...parts, ...pairs.map((p) => p[2])])], started, `${started ?? ''}%`],
  );
  const known = new Set(seen.flatMap((r) => (r.word ? [r.word] : [])));
  if (started && seen.some((r) => r.word === null)) known.add(started);
  const out = new Map<string, string[]>();
  for (const [a, b, joined] of pairs) {
    if (!known.has(joined)) continue;
    out.set(a, [...(out.get(a) ?? []), joined]);
    out.set(b, [...(out.get(b) ?? []), joined]);
  }
  for (const w of candidates) {
    const joined = twoParts(w)
      .filter(([a, b]) => known.has(a) && known.has(b))
      .map(([a, b]) => `${a} ${b}`);
    if (joined.length) out.set(w, [...(out.get(w) ?? []), ...joined]);
  }
  const unknown = candidates.filter((w) => !known.has(w));
  if (!unknown.length) return out;
  // The unknown words' corrections in ONE statement (there were two): the known words one edit
  // away, each looked up by primary key (as `word = any(array)` of 500 words and more the planner
  // read the trigram index: 9,000-13,500 buffers at 1,000,000 products); the nearest by trigrams
  // of a word that has none and runs no two known words together. The edits and their words go as
  // one parameter each, split by the statement (a folded word has no space): as 500 parameters
  // they cost milliseconds to parse and plan.
  const edits = unknown.flatMap((w) => editsOf(w).map((e) => [w, e]));
  const rows = await em.execute<Array<{ owner: string; word: string | null; near: boolean }>>(
    `with near as materialized (
       select e.owner, s.word
       from unnest(string_to_array(?::text, ' '), string_to_array(?::text, ' ')) as e(owner, word)
         join search_word s on s.word = e.word
     )
     select owner, word, true as near from near
     union all
     select f.w, (select s.word from search_word s where s.word % f.w and similarity(s.word, f.w) >= ${NEAREST_SIMILARITY}
       order by similarity(s.word, f.w) desc, abs(length(s.word) - length(f.w)), s.word limit 1), false
     from unnest(string_to_array(?::text, ' ')) as f(w) where f.w not in (select owner from near)`,
    [edits.map(([w]) => w).join(' '), edits.map(([, e]) => e).join(' '), unknown.filter((w) => !out.has(w)).join(' ')],
  );
  const near = new Set(rows.flatMap((r) => (r.near ? [`${r.owner} ${r.word}`] : [])));
  for (const w of unknown) {
    const fixes = editsOf(w).filter((e) => near.has(`${w} ${e}`));
    if (fixes.length) out.set(w, [...(out.get(w) ?? []), ...fixes.sort().slice(0, MAX_FIXES_PER_WORD)]);
  }
  for (const r of rows) if (!r.near && r.word) out.set(r.owner, [...(out.get(r.owner) ?? []), r.word]);
  return out;
}
