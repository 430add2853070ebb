import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminNotificationCreateBodySchema,
  AdminNotificationListQuerySchema,
  AdminNotificationListSchema,
  AdminNotificationSchema,
  AdminNotificationUpdateBodySchema,
  IdParamsSchema,
  InboxNotificationSchema,
  InboxQuerySchema,
  InboxSchema,
  InboxUnreadSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { userIdOf } from '../../http/access';
import { errorResponses, notFound } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { createInboxRepository } from './inbox-repository';
import { deliveryRunAt, registerNotificationJobs } from './notification-jobs';
import { createNotificationService } from './notification-service';

const Deleted = Type.Null({ description: 'Deleted' });
const STATUSES = 'Statuses (SPEC §3): 0 queued, 1 pending review, 2 delivered, 3 error.';

/**
 * Scheduled notifications (issue 15; docs/architecture.md, "Scheduled notifications"): the admin
 * console's routes (moderators and superusers; approving is a superuser's, the access table), the
 * signed-in reader's inbox, and the delivery job. Every admin write is in the audit log.
 */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  registerNotificationJobs(deps.jobs, { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl });
  const notifications = createNotificationService({
    db,
    queued: (at) =>
      void deliveryRunAt(deps.jobs, at).catch((error: unknown) => app.log.warn({ err: error, at }, 'could not queue a delivery run for a notification; the minute’s run delivers it')),
  });
  const inbox = createInboxRepository(db);
  const tags = ['admin notifications'];
  const inboxTags = ['notifications'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/notifications',
    {
      schema: {
        operationId: 'adminListNotifications',
        summary: 'Scheduled notifications, with their status and counts',
        description: `\`q\` matches part of the title or body (any case); \`status\` and \`audience\` filter. Sorted by \`sort\` (default sendAt) and \`order\` (default desc). ${STATUSES}`,
        tags,
        querystring: AdminNotificationListQuerySchema,
        response: { 200: AdminNotificationListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await notifications.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/notifications',
    {
      schema: {
        operationId: 'adminCreateNotification',
        summary: 'Schedule a notification',
        description:
          '201: created. A superuser’s is queued (delivered at sendAt; a time already past delivers it at once); a moderator’s is pending review until a superuser approves it. 400: a field is missing or malformed, or the audience names no one or an unknown region, category or user (the message names the field).',
        tags,
        body: AdminNotificationCreateBodySchema,
        response: { 201: AdminNotificationSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await notifications.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/notifications/:id',
    {
      schema: {
        operationId: 'adminGetNotification',
        summary: 'One notification, with how many it reached, mailed and were read',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminNotificationSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => notifications.get(request.params.id),
  );

  app.put(
    '/v1/admin/notifications/:id',
    {
      schema: {
        operationId: 'adminUpdateNotification',
        summary: 'Change a notification not yet delivered',
        description:
          'Fields left out stay as they are. A moderator’s change puts it in pending review again; a superuser’s keeps its status, and puts one in error back in the queue. 409: it is delivered, or being delivered right now. 404: no such notification.',
        tags,
        params: IdParamsSchema,
        body: AdminNotificationUpdateBodySchema,
        response: { 200: AdminNotificationSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => notifications.update(auditActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/admin/notifications/:id/approve',
    {
      schema: {
        operationId: 'adminApproveNotification',
        summary: 'Approve a notification pending review, or send one in error again (superusers)',
        description: 'It is queued, and delivered at its time (at once when that has passed). 409: it is not pending review or in error. 404: no such notification.',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminNotificationSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => notifications.approve(auditActorOf(request), request.params.id),
  );

  app.delete(
    '/v1/admin/notifications/:id',
    {
      schema: {
        operationId: 'adminDeleteNotification',
        summary: 'Delete a notification',
        description: '204: deleted; a delivered one leaves its recipients’ inboxes too. 409: it is being delivered right now. 404: no such notification.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await notifications.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/notifications',
    {
      schema: {
        operationId: 'listInbox',
        summary: 'The signed-in reader’s notifications, newest first, with how many are unread',
        tags: inboxTags,
        querystring: InboxQuerySchema,
        response: { 200: InboxSchema, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const { items, total, unread } = await inbox.page(userIdOf(request), page);
      return { items, total, unread, page: page.page, limit: page.limit };
    },
  );

  app.post(
    '/v1/notifications/:id/read',
    {
      schema: {
        operationId: 'markInboxNotificationRead',
        summary: 'Mark one notification of the inbox read',
        description: 'Answers it with its readAt (the first time it was opened). 404: it is not in this reader’s inbox.',
        tags: inboxTags,
        params: IdParamsSchema,
        response: { 200: InboxNotificationSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const read = await inbox.markRead(userIdOf(request), request.params.id);
      if (!read) throw notFound('There is no notification with that id in your inbox.');
      return read;
    },
  );

  app.post(
    '/v1/notifications/read-all',
    {
      schema: {
        operationId: 'markInboxRead',
        summary: 'Mark every notification of the inbox read',
        description: 'Answers the unread count, 0.',
        tags: inboxTags,
        response: { 200: InboxUnreadSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      await inbox.markAllRead(userIdOf(request));
      return { unread: 0 };
    },
  );
};
