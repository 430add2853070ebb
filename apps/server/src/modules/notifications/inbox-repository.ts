import { NotificationDeliveryStatus, type InboxNotification } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Page } from '../articles/article-repository';

interface InboxRow {
  id: string;
  title: string;
  body: string;
  link: string | null;
  delivered_at: Date;
  read_at: Date | null;
}

const inboxItemOf = (row: InboxRow): InboxNotification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  deliveredAt: new Date(row.delivered_at).toISOString(),
  readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
});

const DELIVERED = NotificationDeliveryStatus.DELIVERED;

/** A signed-in reader's inbox (migration 0022): the delivered notifications addressed to them. */
export function createInboxRepository(db: Kysely<Database>) {
  return {
    async page(userId: string, page: Page): Promise<{ items: InboxNotification[]; total: number; unread: number }> {
      const [{ rows }, counts] = await Promise.all([
        sql<InboxRow>`SELECT n.id, n.title, n.body, n.link, r.delivered_at, r.read_at
          FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
          WHERE r.user_id = ${userId} AND n.status = ${DELIVERED}
          ORDER BY r.delivered_at DESC, n.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
        sql<{ total: string; unread: string }>`SELECT count(*) AS total, count(*) FILTER (WHERE r.read_at IS NULL) AS unread
          FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
          WHERE r.user_id = ${userId} AND n.status = ${DELIVERED}`.execute(db),
      ]);
      return { items: rows.map(inboxItemOf), total: Number(counts.rows[0]?.total ?? 0), unread: Number(counts.rows[0]?.unread ?? 0) };
    },

    /** Marks one read (the first time is kept); undefined when it is not in this reader's inbox. */
    async markRead(userId: string, notificationId: string): Promise<InboxNotification | undefined> {
      const { rows } = await sql<InboxRow>`UPDATE notification_recipients r SET read_at = coalesce(r.read_at, now())
        FROM notifications n
        WHERE r.notification_id = ${notificationId} AND r.user_id = ${userId} AND n.id = r.notification_id AND n.status = ${DELIVERED}
        RETURNING n.id, n.title, n.body, n.link, r.delivered_at, r.read_at`.execute(db);
      return rows[0] && inboxItemOf(rows[0]);
    },

    /** Marks every notification in the inbox read; how many were unread. */
    async markAllRead(userId: string): Promise<number> {
      const { rows } = await sql<{ notification_id: string }>`UPDATE notification_recipients r SET read_at = now()
        FROM notifications n
        WHERE r.user_id = ${userId} AND r.read_at IS NULL AND n.id = r.notification_id AND n.status = ${DELIVERED}
        RETURNING r.notification_id`.execute(db);
      return rows.length;
    },
  };
}
