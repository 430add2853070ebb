/** One mail to one person. `text` is always sent; `html` is its richer twin when there is one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go, when not to the sender (the contact form: the person who wrote). */
  replyTo?: { name: string; address: string };
}

/** Sends mail. send resolves once the mail is handed over, and rejects with MailUnavailableError. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void | Promise<void>;
}

/** Where an adapter reports what it did; the app's pino logger fits. */
export interface MailLog {
  info(details: object, message: string): void;
}

/** The mail could not be handed over (server down, refused, disk full). Callers answer 503. */
export class MailUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The mail could not be sent right now. Try again in a few minutes.', options);
    this.name = 'MailUnavailableError';
  }
}
