// Text people wrote (display names, usernames, routine and product names) inside the e-mails we
// send: a stranger can choose it, and our mail to any address must not carry their instructions or
// links. It goes in quoted as a name, short, on one line, and only when it holds nothing but what
// names are made of; otherwise it is left out (the e-mail still goes, without the name). Never in
// a subject. The profile itself may hold anything: only what reaches an e-mail is restricted.
//
// An allowlist, not a list of what looks like a link: every script has its own full stops
// (U+3002 "。", U+FF0E "．", U+2027 "‧", U+0701 "܁"...), and a denylist of URL shapes missed them.
// Allowed: letters and combining marks of any script, spaces, apostrophes, hyphens. Left out with
// everything else: digits (a name needs none; they are what phone numbers and amounts of a
// call-back scam are made of, and half of a bare address), dots of any script, slashes, '@', ':'.

/** What a name in an e-mail may hold, whole (after NFKC and whitespace folding). */
export const NAME_ALLOWED = /^[\p{L}\p{M}' \u2019\u02BC-]+$/u;

/** Control and format characters (newlines, bidi overrides, zero-width joiners) become a space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** Names are this long at most (in characters); longer ones are cut with an ellipsis. */
export const NAME_MAX = 40;

/** The text as it would be judged: NFKC (full-width letters become letters), one line, spaces folded. */
const flatten = (text: string | null | undefined): string =>
  (text ?? '').normalize('NFKC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();

/** Whether a name may go into an e-mail (it holds only letters, marks, spaces, apostrophes, hyphens). */
export const isMailableName = (text: string | null | undefined): boolean => NAME_ALLOWED.test(flatten(text));

/**
 * The text as a quoted name (`"Dana"`), or null when there is nothing safe to show: empty, or
 * holding anything but letters, marks, spaces, apostrophes and hyphens.
 */
export function quotedName(text: string | null | undefined, max = NAME_MAX): string | null {
  const flat = flatten(text);
  if (!NAME_ALLOWED.test(flat)) return null;
  const chars = [...flat];
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

/**
 * A sentence an expert wrote (a note to the person they answer): more than a name may hold (digits for
 * strengths and nights, sentence punctuation), still nothing a mail client or a reader could take for an
 * address. Allowed: letters, marks and digits of any script, spaces, and , . ; : ! ? ' ’ " “ ” ( ) % + – — - <
 * > & * … / =. Refused within that: a full stop or a colon before a letter (`word.tld`, `mailto:x`), `//`, a
 * dotted run of numbers (`10.0.0.1`), and seven digits in a row however spaced (a telephone number).
 */
const NOTE_ALLOWED = /^[\p{L}\p{M}\p{N} ,.;:!?'’"“”()%+–—<>&*…/=-]+$/u;
const NOTE_ADDRESS_LIKE = /[.:]\p{L}|:\/|\/\/|\d\.\d+\.\d|\d(?:[ ()+.–-]?\d){6}/u;

/** One line of a note as it may go into an e-mail (double quotes made single), or null when it may not. */
export function mailableNoteLine(text: string, max: number): string | null {
  const flat = flatten(text);
  if (!flat || !NOTE_ALLOWED.test(flat) || NOTE_ADDRESS_LIKE.test(flat)) return null;
  const chars = [...flat.replace(/"/g, "'")];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
