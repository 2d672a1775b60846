// The e-mail a requester gets when an expert answers their routine request (plain text). The
// expert's username, routine name and note are their words: quoted in the body, not in the subject.
import type { MailMessage } from '../mail/mailer.js';
import { greeting } from '../mail/messages.js';
import { mailableNoteLine, quotedName } from '../mail/user-text.js';

/** A note is at most 2000 characters; one line of it is never cut shorter than that. */
const NOTE_MAX = 2000;

/**
 * The expert's note as quoted lines ("> …"), each line through the mail filter for sentences
 * (invisible characters out, nothing that reads as a link, an address or a telephone number). A note with a link or an
 * address is left out whole, with a pointer to where the requester reads it: half a note could
 * say the opposite of the whole.
 */
function quotedNote(note: string): string {
  const lines = note
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!lines.length) return '';
  const quoted = lines.map((line) => mailableNoteLine(line, NOTE_MAX));
  if (quoted.some((line) => line === null))
    return `\n\nThe expert added a note with a link or an address, which we do not put in e-mails: read it under "My routine requests".`;
  return `\n\nTheir note:\n\n${quoted.map((line) => `> ${line}`).join('\n')}`;
}

export const routineAnsweredMessage = (
  to: string,
  username: string,
  expert: string,
  routine: string,
  link: string,
  note = '',
): MailMessage => {
  const who = quotedName(expert);
  const what = quotedName(routine, 80);
  return {
    to,
    subject: 'An expert answered your routine request',
    text: `${greeting(username)}\n\n${who ? `The expert ${who}` : 'An expert'} answered your request for a routine with ${what ? `the routine ${what}` : 'a routine'}:\n\n${link}${quotedNote(note)}\n\nAll answers to your requests are under "My routine requests".\n\n— The Skincare team`,
  };
};
