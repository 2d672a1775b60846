// Text people wrote (display names, usernames, routine and product names) inside the e-mails we
// send: a stranger can choose it, and our mail to any address must not carry their instructions or
// links. It goes in quoted as a name, short, on one line, with nothing that a
// mail client or a reader could take for an address; otherwise it is left out. Never in a subject.

/** A scheme (`http://`, `mailto:`), `www.`, a host-like `word.tld`, an address or a path. */
const URL_LIKE = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}_-]\.\p{L}{2,}|@|\/\/|\\\\/iu;

/** Control and format characters (newlines, bidi overrides, zero-width joiners) become a space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** Names are this long at most (in characters); longer ones are cut with an ellipsis. */
export const NAME_MAX = 40;

/**
 * The text as a quoted name (`"Dana"`), or null when there is nothing safe to show: empty, or
 * anything URL-like. NFKC first, so that full-width dots and slashes are seen for what they are.
 */
export function quotedName(text: string | null | undefined, max = NAME_MAX): string | null {
  const flat = (text ?? '').normalize('NFKC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (!flat || URL_LIKE.test(flat)) return null;
  const chars = [...flat.replace(/"/g, "'")];
  const capped =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : chars.join('');
  return `"${capped}"`;
}

/** The first of the texts that can be quoted, or null. */
export const firstQuotedName = (...texts: Array<string | null | undefined>): string | null =>
  texts.reduce<string | null>((found, text) => found ?? quotedName(text), null);
