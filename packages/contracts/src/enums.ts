/**
 * Every enumeration of SPEC §3 with its numeric values. Each enumeration is a read-only object of
 * NAME → value, a type of its values, and a label table for the values people see.
 */

type ValueOf<T> = T[keyof T];

export const Territory = { NONE: 0, LOCAL: 1, STATE: 2, NATIONAL: 3, GLOBAL: 4 } as const;
export type Territory = ValueOf<typeof Territory>;
/** SPEC names labels for the four real territories; NONE is shown as nothing. */
export const territoryLabels: Record<Territory, string> = {
  0: '',
  1: 'Local',
  2: 'State',
  3: 'National',
  4: 'Global',
};

export const MediaSource = { MEDIA_STORE: 1, DIRECT: 2, VIDEO_PLAYER_PROVIDER: 3 } as const;
export type MediaSource = ValueOf<typeof MediaSource>;
export const mediaSourceLabels: Record<MediaSource, string> = {
  1: 'Media store',
  2: 'Direct',
  3: 'Video-player provider',
};

export const MediaType = { VIDEO: 1, AUDIO: 2, IMAGE: 3, TRANSCRIPT: 4, DUBBED_VIDEO: 5 } as const;
export type MediaType = ValueOf<typeof MediaType>;
export const mediaTypeLabels: Record<MediaType, string> = {
  1: 'Video',
  2: 'Audio',
  3: 'Image',
  4: 'Transcript',
  5: 'Dubbed video',
};

export const AccountStatus = { INACTIVE: 0, ACTIVE: 1, SUSPENDED: 2 } as const;
export type AccountStatus = ValueOf<typeof AccountStatus>;
export const accountStatusLabels: Record<AccountStatus, string> = {
  0: 'Inactive',
  1: 'Active',
  2: 'Suspended',
};

export const AccountRole = { ADMIN: 0, MEMBER: 1 } as const;
export type AccountRole = ValueOf<typeof AccountRole>;
export const accountRoleLabels: Record<AccountRole, string> = { 0: 'Admin', 1: 'Member' };

export const AdminRole = { SUPERUSER: 0, MODERATOR: 1 } as const;
export type AdminRole = ValueOf<typeof AdminRole>;
export const adminRoleLabels: Record<AdminRole, string> = { 0: 'Superuser', 1: 'Moderator' };

export const ArticleStatus = {
  PENDING: 0,
  ACTIVE: 1,
  PREPARING: 2,
  SCHEDULED: 3,
  AI_POPULATE: 4,
  REVIEW: 5,
} as const;
export type ArticleStatus = ValueOf<typeof ArticleStatus>;
export const articleStatusLabels: Record<ArticleStatus, string> = {
  0: 'Pending',
  1: 'Active',
  2: 'Preparing',
  3: 'Scheduled',
  4: 'AI populate',
  5: 'Review',
};

export const ReviewStatus = { NONE: 0, AWAITING_REVIEW: 1, APPROVED: 2, NEEDS_WORK: 3 } as const;
export type ReviewStatus = ValueOf<typeof ReviewStatus>;
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  0: 'None',
  1: 'Awaiting review',
  2: 'Approved',
  3: 'Needs work',
};

export const NotificationDeliveryStatus = {
  QUEUED: 0,
  PENDING_REVIEW: 1,
  DELIVERED: 2,
  ERROR: 3,
} as const;
export type NotificationDeliveryStatus = ValueOf<typeof NotificationDeliveryStatus>;
export const notificationDeliveryStatusLabels: Record<NotificationDeliveryStatus, string> = {
  0: 'Queued',
  1: 'Pending review',
  2: 'Delivered',
  3: 'Error',
};

export const SubscriptionStatus = {
  ACTIVE: 0,
  EXPIRED: 1,
  DISABLED: 2,
  CANCELLED: 3,
  BILLING_ERROR: 4,
} as const;
export type SubscriptionStatus = ValueOf<typeof SubscriptionStatus>;
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  0: 'Active',
  1: 'Expired',
  2: 'Disabled',
  3: 'Cancelled',
  4: 'Billing error',
};

export const PollStatus = { PENDING: 0, READY: 1, LIVE: 2, ENDED: 3 } as const;
export type PollStatus = ValueOf<typeof PollStatus>;
export const pollStatusLabels: Record<PollStatus, string> = {
  0: 'Pending',
  1: 'Ready',
  2: 'Live',
  3: 'Ended',
};

export const PollType = { RAPID: 0, SURVEY: 1 } as const;
export type PollType = ValueOf<typeof PollType>;
export const pollTypeLabels: Record<PollType, string> = { 0: 'Rapid', 1: 'Survey' };

export const PollVisibility = { PUBLIC: 0, PRIVATE: 1 } as const;
export type PollVisibility = ValueOf<typeof PollVisibility>;
export const pollVisibilityLabels: Record<PollVisibility, string> = { 0: 'Public', 1: 'Private' };

export const QuestionType = { STANDARD: 0, SCALE: 1, VISITOR_META: 2 } as const;
export type QuestionType = ValueOf<typeof QuestionType>;
export const questionTypeLabels: Record<QuestionType, string> = {
  0: 'Standard',
  1: 'Scale',
  2: 'Visitor meta',
};

export const VISITOR_META_FIELDS = [
  'email',
  'yob',
  'sex',
  'postCode',
  'phone',
  'incomeBracket',
  'ageBracket',
] as const;
export type VisitorMetaField = (typeof VISITOR_META_FIELDS)[number];

/** The numeric values of an enumeration object, in declaration order. */
export function enumValues<T extends Record<string, number>>(enumeration: T): T[keyof T][] {
  return Object.values(enumeration) as T[keyof T][];
}
