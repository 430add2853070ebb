import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { MailUnavailableError, type MailLog, type Mailer } from './mailer';

export interface OutboxMailerOptions {
  mailFrom: string;
  /** The outbox is dataDir/outbox. */
  dataDir: string;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** The http(s) addresses in a text, without the punctuation that ends a sentence around them. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(LINK)].map(([link]) => link.replace(/[.,;:!?)\]]+$/, ''));
}

/**
 * The default when no SMTP_URL is set: every mail is written, as the exact message an SMTP server
 * would get, to dataDir/outbox/<time>-<random>.eml, and its links are logged, so someone running
 * `npm start` can follow a verification link from the log (or open the file in a mail program).
 */
export function createOutboxMailer({ mailFrom, dataDir }: OutboxMailerOptions, log: MailLog): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  // nodemailer composes the message; it is loaded with the first mail.
  let compose: Promise<Transporter> | undefined;
  const composer = () =>
    (compose ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })));
  return {
    async send({ to, subject, text, html, replyTo }) {
      const composing = await composer();
      try {
        const { message } = await composing.sendMail({ from: mailFrom, to, subject, text, html, replyTo });
        await mkdir(outbox, { recursive: true, mode: 0o700 });
        // Colons are not allowed in Windows file names; the time still sorts as written.
        const time = new Date().toISOString().replaceAll(':', '-');
        const file = path.join(outbox, `${time}-${randomBytes(4).toString('hex')}.eml`);
        // Account mails carry sign-in secrets (reset links): readable by the server's user only.
        await writeFile(file, message as Buffer, { mode: 0o600, flag: 'wx' });
        log.info({ to, subject, file, links: linksIn(text) }, 'mail written to the outbox (no SMTP_URL set)');
      } catch (error) {
        throw new MailUnavailableError({ cause: error });
      }
    },
  };
}
