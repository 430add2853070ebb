import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The message decoded enough to read its text and links. */
  body: string;
}

/** Joins quoted-printable soft line breaks and decodes =XX bytes, as a mail reader would. */
export function decodeQuotedPrintable(encoded: string): string {
  const bytes = encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server (the smtp-server package) that keeps what it receives, for tests that follow
 * a mail from the app to its reader: `smtpUrl` goes into SMTP_URL.
 */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          body: decodeQuotedPrintable(raw),
        });
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to `to` after the `after`-th one received, waiting up to 5 s for it. */
    async next(to: string, after = 0): Promise<ReceivedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = received.slice(after).find((item) => item.to.some((address) => address.toLowerCase() === to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within 5 s (received: ${received.map((m) => m.to.join(',')).join('; ') || 'none'})`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiting.delete(wake), resolve());
          waiting.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The key of the verify or reset link in a mail. */
export function keyIn(mail: ReceivedMail): string {
  const key = /[?&]key=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!key) throw new Error(`No link with a key in the mail "${mail.subject}"`);
  return key;
}
