import type { Transporter } from 'nodemailer';
import { MailUnavailableError, type Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), with credentials if any. */
  smtpUrl: string;
  mailFrom: string;
}

// The person who asked for the mail is waiting for the answer: a server that is down or does not
// answer must fail in seconds (then 503), not after nodemailer's defaults of up to 10 minutes.
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 15_000;

/** Sends through an SMTP server; one connection per mail (account mails are few). */
export function createSmtpMailer({ smtpUrl, mailFrom }: SmtpMailerOptions): Mailer {
  // nodemailer is loaded with the first mail.
  let transport: Promise<Transporter> | undefined;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        // Our messages never attach files or URLs; refuse them should a message ever try.
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    ));
  return {
    async send({ to, subject, text, html, replyTo }) {
      const smtp = await transportNow();
      try {
        await smtp.sendMail({ from: mailFrom, to, subject, text, html, replyTo });
      } catch (error) {
        throw new MailUnavailableError({ cause: error });
      }
    },
    close: async () => (await transport)?.close(),
  };
}
