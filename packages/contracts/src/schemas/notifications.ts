import { Type, type Static } from 'typebox';
import { enumValues, NotificationDeliveryStatus } from '../enums';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';
import { IdSchema } from './content';

/**
 * Scheduled notifications (SPEC §3 notification delivery status, §7 Admin; issue 15): written in
 * the admin console, delivered at their time to their audience's in-app inbox and, for readers
 * with the bulletin setting on, by mail. docs/architecture.md, "Scheduled notifications", has the
 * statuses and how they move.
 */

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 1000;
export const NOTIFICATION_LINK_MAX = 2000;
/** At most this many regions, categories or chosen users in one audience. */
export const NOTIFICATION_AUDIENCE_MAX = 150;
/** A path of this app (`/v/…`, one slash) or an https address. */
export const NOTIFICATION_LINK_PATTERN = '^(/(?![/\\\\])\\S*|https://[^\\s/]+\\S*)$';

export const NOTIFICATION_AUDIENCES = ['everyone', 'regions', 'categories', 'users'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

const DateTime = Type.String({ format: 'date-time' });
const StatusSchema = LiteralUnion(enumValues(NotificationDeliveryStatus), {
  description: 'SPEC §3 notification delivery status: 0 queued (waits for its time), 1 pending review (a superuser approves it), 2 delivered, 3 error (`error` says why)',
});
const AudienceSchema = LiteralUnion(NOTIFICATION_AUDIENCES, {
  description: 'everyone: every active account; regions: accounts whose visitors are in regionIds; categories: readers who follow (score above 0) one of categoryIds; users: userIds',
});
const TitleSchema = Type.String({ minLength: 1, maxLength: NOTIFICATION_TITLE_MAX, pattern: '\\S' });
const BodySchema = Type.String({ minLength: 1, maxLength: NOTIFICATION_BODY_MAX, pattern: '\\S' });
const LinkSchema = Type.Union([
  Type.String({ maxLength: NOTIFICATION_LINK_MAX, pattern: NOTIFICATION_LINK_PATTERN, description: 'A path of this app (e.g. /v/{articleId}) or an https:// address' }),
  Type.Null(),
]);
const RegionIdsSchema = Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { maxItems: NOTIFICATION_AUDIENCE_MAX, uniqueItems: true });
const IdListSchema = Type.Array(IdSchema, { maxItems: NOTIFICATION_AUDIENCE_MAX, uniqueItems: true });
const PersonSchema = Type.Union([Type.Object({ userId: Type.Union([IdSchema, Type.Null()]), email: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]);

export const AdminNotificationSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  audience: AudienceSchema,
  regionIds: Type.Array(Type.Integer()),
  categoryIds: Type.Array(IdSchema),
  userIds: Type.Array(IdSchema),
  /** The chosen users' addresses, in the order of userIds (for the console's picker). */
  userEmails: Type.Array(Type.String()),
  sendAt: DateTime,
  status: StatusSchema,
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why delivery failed (status 3), or why the last attempt failed while it is retried' }),
  attempts: Type.Integer({ minimum: 0, description: 'Failed delivery attempts so far' }),
  createdBy: PersonSchema,
  approvedBy: PersonSchema,
  deliveredAt: Type.Union([DateTime, Type.Null()]),
  recipientCount: Type.Integer({ minimum: 0, description: 'Inboxes it reached' }),
  readCount: Type.Integer({ minimum: 0, description: 'Recipients who opened it' }),
  mailedCount: Type.Integer({ minimum: 0, description: 'Recipients mailed (bulletin on)' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AdminNotification = Static<typeof AdminNotificationSchema>;

export const ADMIN_NOTIFICATION_SORTS = ['sendAt', 'createdAt', 'title', 'status', 'recipientCount'] as const;
export type AdminNotificationSort = (typeof ADMIN_NOTIFICATION_SORTS)[number];
export const AdminNotificationListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the title or the body (any case)' })),
  status: Type.Optional(StatusSchema),
  audience: Type.Optional(AudienceSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_NOTIFICATION_SORTS, { description: 'Default sendAt' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default desc' })),
});
export type AdminNotificationListQuery = Static<typeof AdminNotificationListQuerySchema>;
export const AdminNotificationListSchema = ListSchema(AdminNotificationSchema);
export type AdminNotificationList = Static<typeof AdminNotificationListSchema>;

export const AdminNotificationCreateBodySchema = Type.Object(
  {
    title: TitleSchema,
    body: BodySchema,
    link: Type.Optional(LinkSchema),
    audience: AudienceSchema,
    regionIds: Type.Optional(RegionIdsSchema),
    categoryIds: Type.Optional(IdListSchema),
    userIds: Type.Optional(IdListSchema),
    sendAt: Type.String({ format: 'date-time', description: 'When to deliver it; a time already past delivers it at once' }),
  },
  { additionalProperties: false },
);
export type AdminNotificationCreateBody = Static<typeof AdminNotificationCreateBodySchema>;

export const AdminNotificationUpdateBodySchema = Type.Object(
  {
    title: Type.Optional(TitleSchema),
    body: Type.Optional(BodySchema),
    link: Type.Optional(LinkSchema),
    audience: Type.Optional(AudienceSchema),
    regionIds: Type.Optional(RegionIdsSchema),
    categoryIds: Type.Optional(IdListSchema),
    userIds: Type.Optional(IdListSchema),
    sendAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminNotificationUpdateBody = Static<typeof AdminNotificationUpdateBodySchema>;

// ── The reader's inbox ──

export const InboxNotificationSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: DateTime,
  readAt: Type.Union([DateTime, Type.Null()]),
});
export type InboxNotification = Static<typeof InboxNotificationSchema>;

export const InboxQuerySchema = Type.Object({ ...PaginationQuerySchema.properties });
export type InboxQuery = Static<typeof InboxQuerySchema>;
export const InboxSchema = Type.Object({
  items: Type.Array(InboxNotificationSchema),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0, description: 'Notifications in the inbox not yet opened' }),
});
export type Inbox = Static<typeof InboxSchema>;
export const InboxUnreadSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type InboxUnread = Static<typeof InboxUnreadSchema>;
