import type { AdminNotification, AdminNotificationListQuery, NotificationAudience, NotificationDeliveryStatus } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { containingPattern } from '../../http/query';
import { pageWithTotal, type Page } from '../articles/article-repository';

type Executor = Kysely<Database> | Transaction<Database>;

const SORTS = {
  sendAt: sql`n.send_at`,
  createdAt: sql`n.created_at`,
  title: sql`lower(n.title)`,
  status: sql`n.status`,
  recipientCount: sql`n.recipient_count`,
} as const;

interface NotificationRow {
  id: string;
  title: string;
  body: string;
  link: string | null;
  audience: NotificationAudience;
  region_ids: number[];
  category_ids: string[];
  user_ids: string[];
  user_emails: string[] | null;
  send_at: Date;
  status: NotificationDeliveryStatus;
  error: string | null;
  attempts: number;
  created_by: string | null;
  created_by_email: string | null;
  approved_by: string | null;
  approved_by_email: string | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
  recipient_count: string | number;
  read_count: string | number;
  mailed_count: string | number;
}

/** A notification with who wrote and approved it, its chosen users' addresses and its counts. */
const SELECT_NOTIFICATIONS = sql`SELECT n.*, cu.email AS created_by_email, au.email AS approved_by_email,
    (SELECT array_agg(u.email ORDER BY array_position(n.user_ids, u.id)) FROM users u WHERE u.id = ANY(n.user_ids)) AS user_emails,
    coalesce(c.recipient_count, 0) AS recipient_count, coalesce(c.read_count, 0) AS read_count, coalesce(c.mailed_count, 0) AS mailed_count
  FROM notifications n
  LEFT JOIN users cu ON cu.id = n.created_by
  LEFT JOIN users au ON au.id = n.approved_by
  LEFT JOIN LATERAL (SELECT count(*) AS recipient_count, count(r.read_at) AS read_count, count(r.mailed_at) AS mailed_count
    FROM notification_recipients r WHERE r.notification_id = n.id) c ON true`;

const iso = (value: Date) => new Date(value).toISOString();
const person = (userId: string | null, email: string | null) => (userId === null && email === null ? null : { userId, email });

export function adminNotificationOf(row: NotificationRow): AdminNotification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    audience: row.audience,
    regionIds: row.region_ids,
    categoryIds: row.category_ids,
    userIds: row.user_ids,
    userEmails: row.user_emails ?? [],
    sendAt: iso(row.send_at),
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    createdBy: person(row.created_by, row.created_by_email),
    approvedBy: person(row.approved_by, row.approved_by_email),
    deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
    recipientCount: Number(row.recipient_count),
    readCount: Number(row.read_count),
    mailedCount: Number(row.mailed_count),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns a create or an edit writes. */
export interface NotificationFields {
  title: string;
  body: string;
  link: string | null;
  audience: NotificationAudience;
  regionIds: number[];
  categoryIds: string[];
  userIds: string[];
  sendAt: Date;
}

/** The admin's SQL over notifications (migration 0022); the inbox's is inbox-repository.ts, delivery's delivery.ts. */
export function createNotificationRepository(db: Executor) {
  async function one(id: string, lock = false): Promise<AdminNotification | undefined> {
    if (lock) await sql`SELECT 1 FROM notifications WHERE id = ${id} FOR UPDATE`.execute(db);
    const { rows } = await sql<NotificationRow>`${SELECT_NOTIFICATIONS} WHERE n.id = ${id}`.execute(db);
    return rows[0] && adminNotificationOf(rows[0]);
  }

  return {
    async list(query: AdminNotificationListQuery, page: Page): Promise<{ items: AdminNotification[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) {
        const pattern = containingPattern(query.q);
        conditions.push(sql`(n.title ILIKE ${pattern} OR n.body ILIKE ${pattern})`);
      }
      if (query.status !== undefined) conditions.push(sql`n.status = ${query.status}`);
      if (query.audience !== undefined) conditions.push(sql`n.audience = ${query.audience}`);
      const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<NotificationRow & { total: string }>`SELECT *, count(*) OVER () AS total FROM (${SELECT_NOTIFICATIONS}
            WHERE ${sql.join(conditions, sql` AND `)}) n
            ORDER BY ${SORTS[query.sort ?? 'sendAt']} ${direction}, n.id ${direction}
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(adminNotificationOf), total };
    },

    get: (id: string) => one(id),

    /** The notification, locked until the transaction ends. */
    lock: (id: string) => one(id, true),

    /** Whether a delivery holds it right now. */
    async claimed(id: string): Promise<boolean> {
      const row = await db.selectFrom('notifications').select('claimed_until').where('id', '=', id).executeTakeFirst();
      return row?.claimed_until != null && row.claimed_until > new Date();
    },

    async create(fields: NotificationFields, status: NotificationDeliveryStatus, createdBy: string | null, approvedBy: string | null): Promise<string> {
      const row = await db
        .insertInto('notifications')
        .values({
          title: fields.title,
          body: fields.body,
          link: fields.link,
          audience: fields.audience,
          region_ids: fields.regionIds,
          category_ids: fields.categoryIds,
          user_ids: fields.userIds,
          send_at: fields.sendAt,
          status,
          created_by: createdBy,
          approved_by: approvedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes the fields and the status; approvedBy undefined leaves it as it is. An edit starts the attempts afresh. */
    async update(id: string, fields: NotificationFields, status: NotificationDeliveryStatus, approvedBy: string | null | undefined): Promise<void> {
      await db
        .updateTable('notifications')
        .set({
          title: fields.title,
          body: fields.body,
          link: fields.link,
          audience: fields.audience,
          region_ids: fields.regionIds,
          category_ids: fields.categoryIds,
          user_ids: fields.userIds,
          send_at: fields.sendAt,
          status,
          error: null,
          attempts: 0,
          ...(approvedBy !== undefined ? { approved_by: approvedBy } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async approve(id: string, status: NotificationDeliveryStatus, approvedBy: string | null): Promise<void> {
      await db.updateTable('notifications').set({ status, approved_by: approvedBy, error: null, attempts: 0, updated_at: new Date() }).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('notifications').where('id', '=', id).execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
