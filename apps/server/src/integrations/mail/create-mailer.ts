import type { MailLog, Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailerSettings {
  /** From SMTP_URL; without it mail goes to the outbox folder. */
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}

/** The mailer the settings ask for: SMTP when SMTP_URL is set, the local outbox otherwise. */
export function createMailer({ smtpUrl, mailFrom, dataDir }: MailerSettings, log: MailLog): Mailer {
  return smtpUrl ? createSmtpMailer({ smtpUrl, mailFrom }) : createOutboxMailer({ mailFrom, dataDir }, log);
}
