// Outgoing e-mail. Through SMTP with nodemailer when SMTP_URL is set; otherwise each message is
// written to the log (development), so nothing is lost and nothing needs a mail server.
import nodemailer, { type Transporter } from 'nodemailer';
import { validationFailed } from '../../errors.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe of a digest). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; rejects when the SMTP server refuses it (the caller's transaction rolls back). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLogger {
  info(object: object, message: string): void;
}

export function createMailer(options: { smtpUrl: string | null; from: string }, log: MailLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        log.info(
          { mail: { from: options.from, ...message } },
          `e-mail to ${message.to} (SMTP_URL is not set: logged, not sent)`,
        );
      },
      close() {},
    };
  }
  // Short timeouts: a request waits for the SMTP server, so a dead one must fail fast.
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } catch (error) {
        // The server refused the recipient (e.g. 550 no such mailbox): the client's input.
        if ((error as { code?: string }).code === 'EENVELOPE')
          throw validationFailed('email', `The mail server refused the address ${message.to}`);
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}
