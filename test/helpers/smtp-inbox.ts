// A local SMTP server (smtp-server) that keeps what it receives: the service's e-mails for real,
// read back by tests and by scripts/check-pages.ts.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  subject: string;
  body: string;
}

/** The text of a MIME message: headers unfolded, the body decoded (quoted-printable or base64). */
export function parseMessage(raw: string, to: string[]): Received {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const subject = header('Subject').replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_n, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8'),
  );
  return { to, subject, body };
}

export interface SmtpInbox {
  port: number;
  inbox: Received[];
  /** Waits (up to `timeoutMs`) for a message to the address (the latest; with `subject`, one with it). */
  waitFor(address: string, timeoutMs?: number, subject?: string): Promise<Received>;
  close(): Promise<void>;
}

/** `refuse`: recipients the server answers 550 (no such mailbox), as a real one would. */
export async function startSmtpInbox(options: { refuse?: (address: string) => boolean } = {}): Promise<SmtpInbox> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address))
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(
          parseMessage(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    inbox,
    async waitFor(address, timeoutMs = 10_000, subject) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox
          .filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject))
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No message to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
