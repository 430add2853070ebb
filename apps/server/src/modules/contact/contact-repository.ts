import type { AdminContactMessage } from '@newsreel/contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
type ContactMessageRow = Selectable<Database['contact_messages']>;

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  ip: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function adminContactMessageOf(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    mailedAt: iso(row.mailed_at),
    handledAt: iso(row.handled_at),
  };
}

/** contact_messages (migration 0029): what the contact form stored, for the admins. */
export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(message: NewContactMessage): Promise<AdminContactMessage> {
      const row = await db
        .insertInto('contact_messages')
        .values({ name: message.name, email: message.email, subject: message.subject, message: message.message, user_id: message.userId, ip: message.ip })
        .returningAll()
        .executeTakeFirstOrThrow();
      return adminContactMessageOf(row);
    },

    async markMailed(id: string): Promise<void> {
      await db.updateTable('contact_messages').set({ mailed_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /** Newest first; `handled` true or false keeps only the handled or the waiting ones. */
    async list(filter: { handled?: boolean }, page: { offset: number; limit: number }): Promise<{ items: AdminContactMessage[]; total: number }> {
      let query = db.selectFrom('contact_messages');
      if (filter.handled !== undefined) query = query.where('handled_at', filter.handled ? 'is not' : 'is', null);
      const [rows, counted] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(adminContactMessageOf), total: Number(counted.total) };
    },

    /** The message as it is, locked for the change that follows (in `trx`). */
    async getForUpdate(trx: Executor, id: string): Promise<AdminContactMessage | undefined> {
      const row = await trx.selectFrom('contact_messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      return row && adminContactMessageOf(row);
    },

    /** Handled now (keeping the first time when it already was), or waiting again. */
    async setHandled(trx: Executor, id: string, handled: boolean): Promise<AdminContactMessage> {
      const row = await trx
        .updateTable('contact_messages')
        .set({ handled_at: handled ? sql<Date>`coalesce(handled_at, now())` : null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return adminContactMessageOf(row);
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
