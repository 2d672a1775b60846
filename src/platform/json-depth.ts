// JSON bodies nested deeper than a person's data ever is are refused before they are parsed:
// JSON.parse itself copes, but what walks the value afterwards recurses (GraphQL's coercion of a
// variable, the REST router's checks), and a 200,000-deep array (400 kB) overflowed the stack: a 500.
// The scan is linear in the body and allocates nothing.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Arrays and objects inside one another in a JSON body or a GraphQL variables text. */
export const MAX_JSON_DEPTH = 400;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests arrays and objects deeper than `max` (strings skipped, escapes honoured). */
export function jsonNestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export const tooDeep = (field: string): AppError =>
  new AppError('VALIDATION_FAILED', `The JSON is nested more than ${MAX_JSON_DEPTH} deep`, {
    field,
    limit: 'json_depth',
    max: MAX_JSON_DEPTH,
  });

/**
 * application/json bodies: the depth scan, then Fastify's own parser (secure-json-parse, refusing
 * `__proto__` and `constructor.prototype` keys, as before).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeper(body as string)) {
      done(tooDeep('body'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
