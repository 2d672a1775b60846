import { validationFailed } from '../../errors.js';
import { parseQuery, type ParsedQuery } from './engine/query.js';
import { searchVocabulary } from './synonyms.js';

export const MAX_QUERY_LENGTH = 200;

/** The text search's own checks: a 400 for a query too long; the parsed query, null when nothing is searchable. */
export function parseSearchText(field: string, text: string): ParsedQuery | null {
  if (text.length > MAX_QUERY_LENGTH) throw validationFailed(field, `${field} is at most ${MAX_QUERY_LENGTH} characters`);
  const parsed = parseQuery(text, searchVocabulary());
  return parsed.terms.length ? parsed : null;
}

