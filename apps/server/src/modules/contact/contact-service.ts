import { CONTACT_LIMITS, CONTACT_MIN_FILL_MS, PRODUCT_NAME, type AdminContactMessage, type AdminContactMessageListQuery, type ContactBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createContactRepository } from './contact-repository';

/** Where a message came from, as the route saw it. */
export interface ContactSender {
  userId: string | null;
  ip: string | null;
}

export interface ContactLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What became of a message: kept (and mailed, or not), or dropped by a spam check. */
export type ContactOutcome = { kind: 'stored'; message: AdminContactMessage; mailed: boolean } | { kind: 'dropped'; reason: 'honeypot' | 'too-fast' };

/** One line of text: runs of spaces, tabs and line breaks become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The trimmed field, or a 400 naming it when trimming left it too short. */
function fieldOf(field: 'name' | 'subject' | 'message', value: string, trim: (value: string) => string): string {
  const trimmed = trim(value);
  const { min } = CONTACT_LIMITS[field];
  if (trimmed.length < min) {
    throw badRequest(
      trimmed.length === 0 ? `body.${field} must not be blank` : `body.${field} must be at least ${min} characters, not counting spaces at its start and end`,
    );
  }
  return trimmed;
}

/** The mail to the people who run the app: plain text, Reply-To the person who wrote. */
export function contactMail(message: AdminContactMessage, settings: { to: string; publicUrl: string }): MailMessage {
  return {
    to: settings.to,
    subject: `[${PRODUCT_NAME} contact] ${message.subject}`,
    replyTo: { name: message.name, address: message.email },
    text: [
      `A message from the contact form of ${PRODUCT_NAME}.`,
      '',
      `From: ${message.name} <${message.email}>`,
      `Account: ${message.userId ?? 'not signed in'}`,
      `Address: ${message.ip ?? 'unknown'}`,
      `Received: ${message.createdAt}`,
      `Subject: ${message.subject}`,
      '',
      message.message,
      '',
      '--',
      `Reply to this mail to answer ${message.name}. Mark it handled in the admin console: ${settings.publicUrl}/admin/contact-messages`,
    ].join('\n'),
  };
}

/**
 * The contact form's rules (docs/architecture.md, "Contact messages"): spam is dropped without a
 * word to the sender, a real message is stored first and mailed second, so a mailer that fails
 * loses nothing; admins mark messages handled, each change in the audit log.
 */
export function createContactService(deps: { db: Kysely<Database>; mailer: Mailer; contactEmail: string; publicUrl: string; now?: () => number }) {
  const messages = createContactRepository(deps.db);
  const now = deps.now ?? Date.now;

  return {
    async submit(body: ContactBody, sender: ContactSender, log: ContactLog): Promise<ContactOutcome> {
      const name = fieldOf('name', body.name, oneLine);
      const subject = fieldOf('subject', body.subject, oneLine);
      const text = fieldOf('message', body.message, (value) => value.trim());
      const email = body.email.trim();

      const fillMs = now() - body.startedAt;
      const reason = body.website?.trim() ? 'honeypot' : fillMs < CONTACT_MIN_FILL_MS ? 'too-fast' : undefined;
      if (reason) {
        log.info({ reason, fillMs, ip: sender.ip, userId: sender.userId }, 'contact message dropped as spam');
        return { kind: 'dropped', reason };
      }

      const message = await messages.insert({ name, email, subject, message: text, userId: sender.userId, ip: sender.ip?.slice(0, 64) ?? null });
      try {
        await deps.mailer.send(contactMail(message, { to: deps.contactEmail, publicUrl: deps.publicUrl }));
      } catch (error) {
        log.error({ err: error, contactMessageId: message.id }, 'contact message stored but not mailed; admins see it in the console');
        return { kind: 'stored', message, mailed: false };
      }
      await messages.markMailed(message.id);
      return { kind: 'stored', message, mailed: true };
    },

    list(query: AdminContactMessageListQuery, page: { offset: number; limit: number }) {
      return messages.list({ handled: query.handled }, page);
    },

    /** Marks a message handled or waiting again; an actual change is recorded in the audit log. */
    async setHandled(actor: AuditActor, id: string, handled: boolean): Promise<AdminContactMessage> {
      return deps.db.transaction().execute(async (trx) => {
        const before = await messages.getForUpdate(trx, id);
        if (!before) throw notFound('No contact message has this id.');
        if ((before.handledAt !== null) === handled) return before;
        const after = await messages.setHandled(trx, id, handled);
        await recordAudit(trx, { actor, action: 'update', resource: 'contact-message', resourceId: id, before, after });
        return after;
      });
    },
  };
}
