// The e-mail a requester gets when an expert answers their routine request (plain text).
import type { MailMessage } from '../mail/mailer.js';

export const routineAnsweredMessage = (to: string, username: string, expert: string, routine: string, link: string): MailMessage => ({
  to,
  subject: `${expert} answered your routine request`,
  text: `Hello ${username},\n\n${expert} answered your request for a routine with "${routine}":\n\n${link}\n\nAll answers to your requests are under "My routine requests".\n\n— The Skincare team`,
});
