import { validationFailed } from '../../errors.js';
import { type IntentVocabulary, readIntent } from './engine/intent.js';
import { parseQuery, type ParsedQuery } from './engine/query.js';
import { intentVocabulary, plainVocabulary, searchVocabulary } from './synonyms.js';

export const MAX_QUERY_LENGTH = 200;

/**
 * Letters in one word of a query: the longest word of any INCI name of the EU inventory has 43
 * ("cocoamphocarboxyethylhydroxypropylsulfonate"). A longer word names nothing the catalog holds,
 * and its work grew with its length (a 200-letter word: 10,600 one-edit spellings looked up and a
 * trigram search over 200 trigrams, 3.3 s on PGlite).
 */
export const MAX_WORD_LETTERS = 50;

/**
 * Words in one query, `or`, negated and quoted ones included: each is a term of every tsquery the
 * search writes (the full query, the literal one, each relaxed term), ranked over every candidate.
 * The relevance sets' longest query has 10; a product name pasted whole rarely more than 14.
 */
export const MAX_QUERY_WORDS = 16;

/**
 * A search text given under its name or under `q` (the name most sites use, issue 42): one of
 * them, or a 400 naming both when both are given (which would win is a guess).
 */
export function eitherText(name: string, text: string | null | undefined, q: string | null | undefined): string | null {
  if (text != null && q != null)
    throw validationFailed(`${name}, q`, `${name} and q are the same parameter; give one of them`);
  return text ?? q ?? null;
}

/**
 * The text search's own checks: a 400 for a query too long or holding control characters; the
 * parsed query, null when nothing is searchable. `read`: the product searches' reading of what the
 * words mean (free-from constraints, kinds and concerns, fillers: issue 42); ingredient names and
 * suggestions are searched as typed.
 */
export function parseSearchText(
  field: string,
  text: string,
  read = false,
  ingredient?: IntentVocabulary['ingredient'],
): ParsedQuery | null {
  if (text.length > MAX_QUERY_LENGTH)
    throw validationFailed(field, `${field} is at most ${MAX_QUERY_LENGTH} characters`);
  // No one types a control character: NUL and the like are a 400 here, as the database would refuse them in a value.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    throw validationFailed(field, `${field} holds a control character`);
  // What the words ask for beyond names (free-from, fillers, sizes) first; the rest is searched.
  // The bounds hold for the words as typed, whatever of them is read as a constraint or dropped.
  const vocabulary = read ? searchVocabulary() : plainVocabulary();
  const typed = parseQuery(text, vocabulary);
  const words = typed.terms.flatMap((t) => t.words);
  if (words.length > MAX_QUERY_WORDS)
    throw validationFailed(field, `${field} holds ${words.length} words; at most ${MAX_QUERY_WORDS}`);
  const long = words.find((w) => [...w].length > MAX_WORD_LETTERS);
  if (long)
    throw validationFailed(field, `${field} holds a word of ${[...long].length} letters; at most ${MAX_WORD_LETTERS}`);
  const intent = readIntent(text, ingredient ? { ...intentVocabulary(), ingredient } : intentVocabulary());
  const parsed: ParsedQuery =
    intent.text === text ? { ...typed, intent } : { ...parseQuery(intent.text, searchVocabulary()), intent };
  const asked = intent.constraints.length || intent.unchecked.length || intent.comedogenic;
  return parsed.terms.length || asked ? parsed : null;
}
