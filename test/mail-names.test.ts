// What people wrote reaches our e-mails only as a name made of letters, marks, spaces, apostrophes
// and hyphens (src/modules/mail/user-text.ts). Property tests over strings mixing scripts and the
// punctuation of many scripts, plus the attacker's findings of issue 37.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { inviteMessage } from '../src/modules/mail/messages.js';
import { mailableNoteLine, NAME_MAX, quotedName } from '../src/modules/mail/user-text.js';

/** Letters of several scripts, combining marks, and what the allowlist lets through besides. */
const ALLOWED_PIECES = [
  'a',
  'Z',
  'é',
  'ß',
  'Ω',
  'ж',
  'ע',
  'ع',
  'क',
  'ि',
  'ก',
  '한',
  '漢',
  'か',
  'ア',
  'ʼ',
  '\u0301',
  '\u0308',
  ' ',
  "'",
  '\u2019',
  '-',
  'Ａ', // full-width A: NFKC makes it a letter
];
/** Everything that must keep a name out: digits of several scripts, full stops of several, URL signs. */
const REFUSED_PIECES = [
  '0',
  '7',
  '٣',
  '५',
  '.',
  '。',
  '．',
  '｡',
  '‧',
  '܁',
  '۔',
  '·',
  '/',
  '／',
  '\\',
  '@',
  '＠',
  ':',
  '：',
  '#',
  '?',
  '&',
  '%',
  '+',
  '=',
  '_',
  '(',
  ')',
  '<',
  '>',
  '"',
  '!',
  ',',
  '\u2024',
  '\u2E3C',
  '\u{1F600}',
];
const piece = (pieces: string[]) => fc.constantFrom(...pieces);
const textOf = (pieces: string[], maxLength = 60) =>
  fc.array(piece(pieces), { maxLength }).map((parts) => parts.join(''));

/** The oracle, written independently of the service's regex: each character judged alone. */
const allowedChar = (ch: string): boolean =>
  /\p{L}|\p{M}/u.test(ch) || [' ', "'", '\u2019', '\u02BC', '-'].includes(ch);
const inner = (quoted: string): string => quoted.slice(1, -1).replace(/…$/, '');

describe('names in e-mails: an allowlist', () => {
  it('whatever reaches an e-mail holds only letters, marks, spaces, apostrophes and hyphens', () => {
    fc.assert(
      fc.property(textOf([...ALLOWED_PIECES, ...REFUSED_PIECES, '\n', '\u200b', '\u202e']), (text) => {
        const quoted = quotedName(text);
        if (quoted === null) return;
        expect([...inner(quoted)].every(allowedChar)).toBe(true);
        expect([...inner(quoted)].length).toBeLessThanOrEqual(NAME_MAX);
        const mail = inviteMessage('x@example.com', { displayName: text, username: 'fallback' }, 'https://s.example/j');
        expect(mail.subject).toBe('An invitation to Skincare');
        expect(mail.text).toContain(`goes by ${quoted} thinks`);
      }),
      { numRuns: 2000 },
    );
  });

  it('every name made only of allowed characters reaches the e-mail', () => {
    fc.assert(
      fc.property(textOf(ALLOWED_PIECES), (text) => {
        const flat = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
        fc.pre(flat.length > 0);
        const quoted = quotedName(text);
        expect(quoted).not.toBeNull();
        if ([...flat].length <= NAME_MAX) expect(quoted).toBe(`"${flat}"`);
      }),
      { numRuns: 2000 },
    );
  });

  it('one refused character anywhere keeps the name out, and the e-mail still goes without it', () => {
    fc.assert(
      fc.property(textOf(ALLOWED_PIECES, 20), piece(REFUSED_PIECES), textOf(ALLOWED_PIECES, 20), (a, bad, b) => {
        expect(quotedName(`${a}${bad}${b}`)).toBeNull();
        const mail = inviteMessage(
          'x@example.com',
          { displayName: `${a}${bad}${b}`, username: 'u.1' },
          'https://s.example/j',
        );
        expect(mail.text).toContain('A Skincare member thinks');
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['a bare IPv4 address', '10.0.0.1'],
    ['a decimal IPv4 address', '167772161'],
    ['an ideographic full stop', 'evil。example'],
    ['a full-width full stop', 'evil．example'],
    ['hyphenation points', 'support‧evil‧example'],
    ['a scheme', 'http://evil.example'],
    ['an address', 'help@evil'],
    ['a phone number', 'Call 0800 555 0100'],
    ['a colon', 'Security team: verify now'],
  ])('leaves out %s', (_what, name) => {
    expect(quotedName(name)).toBeNull();
  });

  it.each([
    ['Dana', '"Dana"'],
    ["O'Brien-Smith", `"O'Brien-Smith"`],
    ['José Ñúñez', '"José Ñúñez"'],
    ['김지수', '"김지수"'],
    ['Ｄａｎａ', '"Dana"'],
    ['  Anna \n Lee ', '"Anna Lee"'],
  ])('keeps the name %s', (name, quoted) => {
    expect(quotedName(name)).toBe(quoted);
  });
});

describe("an expert's note in e-mails: sentences, never an address", () => {
  it('keeps what a note says: strengths, nights, times, punctuation', () => {
    for (const line of [
      'Start with this, three nights a week.',
      'Use 0.5% retinol at 10:30 pm; then 1% after 6 weeks!',
      'Patch-test first (behind the ear) for 2–3 days, then “slowly”.',
      'Niacinamide 10 % + zinc 1 %: mornings only',
    ])
      expect(mailableNoteLine(line, 2000)).toBe(line.replace(/"/g, "'"));
  });

  it('leaves out a line holding a link, a host, an address or a telephone number', () => {
    for (const line of [
      'Buy it at https://cheap.example/deal',
      'see cheap.example',
      'write to me@evil.example',
      'mailto:me',
      'see evil。example',
      'see evil‧example',
      'ask at 10.0.0.1',
      'call 0800 555 0100',
      'call +44 (20) 7946-0958',
      '//evil',
    ])
      expect([line, mailableNoteLine(line, 2000)]).toEqual([line, null]);
  });
});
