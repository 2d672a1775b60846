import { validationFailed } from '../../errors.js';
import { parseQuery, type ParsedQuery } from './engine/query.js';
import { searchVocabulary } from './synonyms.js';

export const MAX_QUERY_LENGTH = 200;

/** The text search's own checks: a 400 for a query too long or holding control characters; the parsed query, null when nothing is searchable. */
export function parseSearchText(field: string, text: string): ParsedQuery | null {
  if (text.length > MAX_QUERY_LENGTH)
    throw validationFailed(field, `${field} is at most ${MAX_QUERY_LENGTH} characters`);
  // No one types a control character: NUL and the like are a 400 here, as the database would refuse them in a value.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    throw validationFailed(field, `${field} holds a control character`);
  const parsed = parseQuery(text, searchVocabulary());
  return parsed.terms.length ? parsed : null;
}
