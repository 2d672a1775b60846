// Hashtags in an opinion's text. Pure: text in, normalised tags out.

/** The longest tag we keep; a longer run of word characters is not a hashtag. */
export const MAX_HASHTAG_LENGTH = 50;
/** At most this many distinct tags per text (the first ones). */
export const MAX_HASHTAGS = 30;

const WORD = '\\p{L}\\p{M}\\p{N}_';
// A # that starts a word: not inside a word, a URL fragment (/#x, a#b) or an HTML entity (&#39;).
const HASHTAG = new RegExp(`(?<![${WORD}&#/])#([${WORD}]+)`, 'gu');
const TAG = new RegExp(`^[${WORD}]{1,${MAX_HASHTAG_LENGTH}}$`, 'u');
const LETTER = /\p{L}/u;

/**
 * The canonical form of one tag (with or without its #): NFKC, lowercase. Null when it is not a
 * tag: empty, too long, other characters than letters, digits and _, or no letter at all (#1).
 */
export function normalizeHashtag(tag: string): string | null {
  const bare = tag.normalize('NFKC').toLowerCase().replace(/^#/, '');
  return TAG.test(bare) && LETTER.test(bare) ? bare : null;
}

/** The distinct hashtags of a text, normalised, in order of first appearance. */
export function parseHashtags(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.normalize('NFKC').matchAll(HASHTAG)) {
    const tag = normalizeHashtag(match[1]);
    if (tag) found.add(tag);
    if (found.size === MAX_HASHTAGS) break;
  }
  return [...found];
}
