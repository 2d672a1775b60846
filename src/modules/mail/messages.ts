// The texts of the e-mails the service sends. Plain text: links are written out in full.
import type { MailMessage } from './mailer.js';

const sign = '\n\n— The Skincare team';

export const emailChangeMessage = (to: string, username: string, link: string, hours: number): MailMessage => ({
  to,
  subject: 'Confirm your new e-mail address',
  text: `Hello ${username},\n\nSomeone (we hope you) asked to use this address for the Skincare account "${username}".\nConfirm it by opening this link within ${hours} hours:\n\n${link}\n\nIf it was not you, ignore this message: nothing changes.${sign}`,
});

export const verificationMessage = (to: string, username: string, link: string, hours: number): MailMessage => ({
  to,
  subject: 'Verify your e-mail address',
  text: `Hello ${username},\n\nPlease verify the e-mail address of your Skincare account "${username}" by opening this link within ${hours} hours:\n\n${link}${sign}`,
});

export const inviteMessage = (to: string, inviter: string, link: string): MailMessage => ({
  to,
  subject: `${inviter} invites you to Skincare`,
  text: `Hello,\n\n${inviter} thinks you would like Skincare: look up what is in your products and find what suits your skin.\n\nJoin here: ${link}\n\nYou got this message because ${inviter} entered your address; we keep it only as a record of the invitation.${sign}`,
});
