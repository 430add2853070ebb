import { AccountStatus, NotificationDeliveryStatus } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { bulletinMail } from './bulletin-mail';
import { MAX_DELIVERY_ATTEMPTS, nextNotificationStatus } from './notification-lifecycle';
import { createNotificationRepository } from './notification-repository';
import { NOTIFICATION_RESOURCE } from './notification-service';

/** How long one delivery holds a notification; a worker that stops is taken over after it. */
const CLAIM_MS = 10 * 60_000;
/** Due notifications delivered per run; more wait for the next. */
const DUE_BATCH = 20;
/** The actor_type of a signed-in user in reader_settings (migration 0003). */
const USER_ACTOR = 1;

export interface DeliveryDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The app's own address, for the links in the mails. */
  publicUrl: string;
}

export interface DeliveryReport {
  delivered: string[];
  /** Failed this time and to be tried again (the caller's job fails, so the queue retries it). */
  retrying: { id: string; reason: string }[];
  /** Failed for the last time: now in error, with the reason. */
  failed: { id: string; reason: string }[];
}

/** The recipients' condition of each audience, over `users u` and the notification `n`. */
const AUDIENCE = sql`CASE n.audience
    WHEN 'everyone' THEN true
    WHEN 'users' THEN u.id = ANY(n.user_ids)
    WHEN 'regions' THEN EXISTS (SELECT 1 FROM visitors v WHERE v.user_id = u.id AND v.region_id = ANY(n.region_ids))
    WHEN 'categories' THEN EXISTS (SELECT 1 FROM user_category_scores s
      WHERE s.actor_type = ${USER_ACTOR} AND s.actor_id = u.id::text AND s.category_id = ANY(n.category_ids) AND s.score > 0)
    ELSE false END`;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the queued notifications whose time has come (the lifecycle's `deliver`), each once:
 *
 * 1. it is claimed for CLAIM_MS (others skip it meanwhile; a stopped worker's claim runs out);
 * 2. its audience's active accounts get it in their inbox — the inbox's primary key adds no one
 *    twice, so a retry only adds whom an earlier attempt missed;
 * 3. recipients with the bulletin setting on who were not mailed yet are mailed, each marked
 *    mailed as soon as the mail is handed over, so a retry mails no one twice;
 * 4. it becomes delivered (in the audit log as the server's `deliver`).
 *
 * A failure (the mail server down, the database) releases it with the reason and one more
 * attempt counted: it is tried again on the queue's retry, and after MAX_DELIVERY_ATTEMPTS it is
 * in error with the reason (`fail`). Readers see a notification only once it is delivered.
 */
export async function deliverDueNotifications({ db, mailer, publicUrl }: DeliveryDeps, now = new Date()): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: [], retrying: [], failed: [] };
  const due = await db
    .selectFrom('notifications')
    .select('id')
    .where('status', '=', NotificationDeliveryStatus.QUEUED)
    .where('send_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('send_at')
    .limit(DUE_BATCH)
    .execute();

  for (const { id } of due) {
    const claimed = await db
      .updateTable('notifications')
      .set({ claimed_until: new Date(Date.now() + CLAIM_MS) })
      .where('id', '=', id)
      .where('status', '=', NotificationDeliveryStatus.QUEUED)
      .where('send_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', new Date())]))
      .returning(['title', 'body', 'link'])
      .executeTakeFirst();
    if (!claimed) continue;
    try {
      await sql`INSERT INTO notification_recipients (notification_id, user_id)
        SELECT n.id, u.id FROM notifications n JOIN users u ON u.status = ${AccountStatus.ACTIVE}
        WHERE n.id = ${id} AND ${AUDIENCE}
        ON CONFLICT DO NOTHING`.execute(db);
      const unmailed = await sql<{ user_id: string; email: string; language: string | null }>`SELECT r.user_id, u.email, u.language
        FROM notification_recipients r
        JOIN users u ON u.id = r.user_id
        JOIN reader_settings s ON s.actor_type = ${USER_ACTOR} AND s.actor_id = u.id::text AND s.key = 'bulletin' AND s.value = 'true'::jsonb
        WHERE r.notification_id = ${id} AND r.mailed_at IS NULL
        ORDER BY u.email`.execute(db);
      for (const reader of unmailed.rows) {
        await mailer.send(bulletinMail(reader.email, reader.language, claimed, publicUrl));
        await db.updateTable('notification_recipients').set({ mailed_at: new Date() }).where('notification_id', '=', id).where('user_id', '=', reader.user_id).execute();
      }
      const delivered = await db.transaction().execute(async (trx) => {
        const repo = createNotificationRepository(trx);
        const before = await repo.lock(id);
        if (!before) return false; // deleted meanwhile: its inbox rows went with it
        const next = nextNotificationStatus(before.status, 'deliver', 'system');
        if (!next.ok) return false;
        await trx
          .updateTable('notifications')
          .set({ status: next.status, delivered_at: new Date(), claimed_until: null, error: null, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await trx.updateTable('notification_recipients').set({ delivered_at: new Date() }).where('notification_id', '=', id).execute();
        await recordAudit(trx, { actor: SYSTEM_ACTOR, action: 'deliver', resource: NOTIFICATION_RESOURCE, resourceId: id, before, after: await repo.get(id) });
        return true;
      });
      if (delivered) report.delivered.push(id);
    } catch (error) {
      const reason = reasonOf(error);
      const last = await recordFailure(db, id, reason);
      (last ? report.failed : report.retrying).push({ id, reason });
    }
  }
  return report;
}

/** Counts a failed attempt with its reason and releases the claim; after the last attempt, the notification is in error. True then. */
async function recordFailure(db: Kysely<Database>, id: string, reason: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const repo = createNotificationRepository(trx);
    const before = await repo.lock(id);
    if (!before) return true;
    const attempts = before.attempts + 1;
    const exhausted = attempts >= MAX_DELIVERY_ATTEMPTS;
    const next = nextNotificationStatus(before.status, 'fail', 'system');
    const inError = exhausted && next.ok;
    const error = inError ? `Delivery failed ${attempts} times; the last time: ${reason}` : reason;
    await trx
      .updateTable('notifications')
      .set({ attempts, error, claimed_until: null, ...(inError && next.ok ? { status: next.status } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (inError) await recordAudit(trx, { actor: SYSTEM_ACTOR, action: 'fail', resource: NOTIFICATION_RESOURCE, resourceId: id, before, after: await repo.get(id) });
    return inError;
  });
}
