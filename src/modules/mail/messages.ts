// The texts of the e-mails the service sends. Plain text: links are written out in full. What a
// person wrote (names) goes through quotedName (user-text.ts) and never into a subject.
import type { MailMessage } from './mailer.js';
import { firstQuotedName, quotedName } from './user-text.js';

const sign = '\n\n— The Skincare team';

/** "Hello "dana"," or "Hello,". */
export const greeting = (username: string): string => {
  const name = quotedName(username);
  return name ? `Hello ${name},` : 'Hello,';
};

/** `the Skincare account "dana"`, or `a Skincare account` when the name cannot be shown. */
const account = (username: string): string => {
  const name = quotedName(username);
  return name ? `the Skincare account ${name}` : 'a Skincare account';
};

export const emailChangeMessage = (to: string, username: string, link: string, hours: number): MailMessage => ({
  to,
  subject: 'Confirm your new e-mail address',
  text: `${greeting(username)}\n\nSomeone (we hope you) asked to use this address for ${account(username)}.\nConfirm it by opening this link within ${hours} hours:\n\n${link}\n\nIf it was not you, ignore this message: nothing changes.${sign}`,
});

export const verificationMessage = (to: string, username: string, link: string, hours: number): MailMessage => ({
  to,
  subject: 'Verify your e-mail address',
  text: `${greeting(username)}\n\nPlease verify the e-mail address of ${account(username)} by opening this link within ${hours} hours:\n\n${link}${sign}`,
});

/** Sent to any address a member types in: the member's words are at most a quoted name. */
export const inviteMessage = (
  to: string,
  inviter: { displayName?: string | null; username: string },
  link: string,
): MailMessage => {
  const name = firstQuotedName(inviter.displayName, inviter.username);
  const member = name ? `A Skincare member who goes by ${name}` : 'A Skincare member';
  return {
    to,
    subject: 'An invitation to Skincare',
    text: `Hello,\n\n${member} thinks you would like Skincare: look up what is in your products and find what suits your skin.\n\nJoin here: ${link}\n\nYou got this message because a member entered your address; we keep it only as a record of the invitation. We never ask for your password or payment by e-mail.${sign}`,
  };
};
