// The e-mail a requester gets when an expert answers their routine request (plain text). The
// expert's username and routine name are their words: quoted names in the body, not in the subject.
import type { MailMessage } from '../mail/mailer.js';
import { greeting } from '../mail/messages.js';
import { quotedName } from '../mail/user-text.js';

export const routineAnsweredMessage = (
  to: string,
  username: string,
  expert: string,
  routine: string,
  link: string,
): MailMessage => {
  const who = quotedName(expert);
  const what = quotedName(routine, 80);
  return {
    to,
    subject: 'An expert answered your routine request',
    text: `${greeting(username)}\n\n${who ? `The expert ${who}` : 'An expert'} answered your request for a routine with ${what ? `the routine ${what}` : 'a routine'}:\n\n${link}\n\nAll answers to your requests are under "My routine requests".\n\n— The Skincare team`,
  };
};
