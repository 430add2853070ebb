import {
  AdminRole,
  isRegionId,
  NotificationDeliveryStatus,
  type AdminNotification,
  type AdminNotificationCreateBody,
  type AdminNotificationListQuery,
  type AdminNotificationUpdateBody,
  type NotificationAudience,
} from '@newsreel/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { nextNotificationStatus, type NotificationEvent, type NotificationRole } from './notification-lifecycle';
import { createNotificationRepository, type NotificationFields, type NotificationRepository } from './notification-repository';

const NO_NOTIFICATION = 'There is no notification with that id.';
export const NOTIFICATION_RESOURCE = 'notification';

export interface NotificationServiceDeps {
  db: Kysely<Database>;
  /** Called after a commit that leaves a notification queued, with its send time (to wake delivery then). */
  queued: (sendAt: Date) => void;
}

const roleOf = (actor: AuditActor): NotificationRole => (actor.adminRole === AdminRole.SUPERUSER ? 'superuser' : 'moderator');

function moved(from: NotificationDeliveryStatus | null, event: NotificationEvent, by: NotificationRole): NotificationDeliveryStatus {
  const next = nextNotificationStatus(from, event, by);
  if (!next.ok) throw conflict(next.reason);
  return next.status;
}

/** The audience's own list must name someone; the other lists are not kept. Unknown ids are 400s naming the field. */
async function checkedFields(db: Kysely<Database> | Transaction<Database>, fields: NotificationFields): Promise<NotificationFields> {
  const lists = { regionIds: [] as number[], categoryIds: [] as string[], userIds: [] as string[] };
  const need = (field: string, what: string) => badRequest(`body.${field} must name at least one ${what} when the audience is ${fields.audience}`);
  const audience: NotificationAudience = fields.audience;
  if (audience === 'regions') {
    if (fields.regionIds.length === 0) throw need('regionIds', 'region');
    const unknown = fields.regionIds.find((id) => !isRegionId(id));
    if (unknown !== undefined) throw badRequest(`body.regionIds: there is no region with id ${unknown}`);
    lists.regionIds = fields.regionIds;
  } else if (audience === 'categories') {
    if (fields.categoryIds.length === 0) throw need('categoryIds', 'category');
    const ids = [...new Set(fields.categoryIds.map((id) => id.toLowerCase()))];
    const found = new Set((await db.selectFrom('categories').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badRequest(`body.categoryIds: there is no category with id ${missing}`);
    lists.categoryIds = ids;
  } else if (audience === 'users') {
    if (fields.userIds.length === 0) throw need('userIds', 'user');
    const ids = [...new Set(fields.userIds.map((id) => id.toLowerCase()))];
    const found = new Set((await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badRequest(`body.userIds: there is no user with id ${missing}`);
    lists.userIds = ids;
  }
  return { ...fields, title: fields.title.trim(), body: fields.body.trim(), link: fields.link?.trim() || null, ...lists };
}

function fieldsOf(body: AdminNotificationCreateBody): NotificationFields {
  return {
    title: body.title,
    body: body.body,
    link: body.link ?? null,
    audience: body.audience,
    regionIds: body.regionIds ?? [],
    categoryIds: body.categoryIds ?? [],
    userIds: body.userIds ?? [],
    sendAt: new Date(body.sendAt),
  };
}

/**
 * The admin's scheduled notifications (SPEC §3, §7 Admin): each write moves the status as
 * notification-lifecycle.ts says and is in the audit log in its own transaction.
 */
export function createNotificationService({ db, queued }: NotificationServiceDeps) {
  const reads = createNotificationRepository(db);

  async function write(work: (repo: NotificationRepository, trx: Transaction<Database>) => Promise<AdminNotification>): Promise<AdminNotification> {
    const result = await db.transaction().execute((trx) => work(createNotificationRepository(trx), trx));
    if (result.status === NotificationDeliveryStatus.QUEUED) queued(new Date(result.sendAt));
    return result;
  }

  async function locked(repo: NotificationRepository, id: string): Promise<AdminNotification> {
    const before = await repo.lock(id);
    if (!before) throw notFound(NO_NOTIFICATION);
    if (before.status === NotificationDeliveryStatus.QUEUED && (await repo.claimed(id))) {
      throw conflict('This notification is being delivered right now; it can no longer be changed.');
    }
    return before;
  }

  return {
    list: (query: AdminNotificationListQuery, page: Page) => reads.list(query, page),

    async get(id: string): Promise<AdminNotification> {
      const notification = await reads.get(id);
      if (!notification) throw notFound(NO_NOTIFICATION);
      return notification;
    },

    create: (actor: AuditActor, body: AdminNotificationCreateBody) =>
      write(async (repo, trx) => {
        const by = roleOf(actor);
        const status = moved(null, 'create', by);
        const fields = await checkedFields(trx, fieldsOf(body));
        const id = await repo.create(fields, status, actor.userId, by === 'superuser' ? actor.userId : null);
        const created = (await repo.get(id))!;
        await recordAudit(trx, { actor, action: 'create', resource: NOTIFICATION_RESOURCE, resourceId: id, before: null, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: string, body: AdminNotificationUpdateBody) =>
      write(async (repo, trx) => {
        const before = await locked(repo, id);
        const by = roleOf(actor);
        const status = moved(before.status, 'edit', by);
        const fields = await checkedFields(trx, {
          title: body.title ?? before.title,
          body: body.body ?? before.body,
          link: body.link !== undefined ? body.link : before.link,
          audience: body.audience ?? before.audience,
          regionIds: body.regionIds ?? before.regionIds,
          categoryIds: body.categoryIds ?? before.categoryIds,
          userIds: body.userIds ?? before.userIds,
          sendAt: body.sendAt ? new Date(body.sendAt) : new Date(before.sendAt),
        });
        // A moderator's change needs a superuser's approval again.
        await repo.update(id, fields, status, status === NotificationDeliveryStatus.PENDING_REVIEW ? null : undefined);
        const after = (await repo.get(id))!;
        await recordAudit(trx, { actor, action: 'update', resource: NOTIFICATION_RESOURCE, resourceId: id, before, after });
        return after;
      }),

    approve: (actor: AuditActor, id: string) =>
      write(async (repo, trx) => {
        const before = await locked(repo, id);
        const status = moved(before.status, 'approve', roleOf(actor));
        await repo.approve(id, status, actor.userId);
        const after = (await repo.get(id))!;
        await recordAudit(trx, { actor, action: 'approve', resource: NOTIFICATION_RESOURCE, resourceId: id, before, after });
        return after;
      }),

    /** Deletes it in any status; a delivered one leaves its recipients' inboxes with it. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const repo = createNotificationRepository(trx);
        const before = await locked(repo, id);
        await repo.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource: NOTIFICATION_RESOURCE, resourceId: id, before, after: null });
      });
    },
  };
}
