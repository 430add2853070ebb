import { NotificationDeliveryStatus, notificationDeliveryStatusLabels } from '@newsreel/contracts';

/**
 * How a scheduled notification moves between SPEC §3's delivery statuses: the one place that
 * decides it, for the admin routes and the delivery job alike (docs/architecture.md, "Scheduled
 * notifications", says the same in prose). Nothing else writes `notifications.status`.
 *
 *   create ──(superuser)──► queued ──(its time; the delivery job)──► delivered
 *     └────(moderator)───► pending review ──(a superuser approves)──► queued
 *   queued ──(delivery failed MAX_DELIVERY_ATTEMPTS times)──► error ──(a superuser sends it again)──► queued
 *   edit: a moderator's puts it (back) in pending review; a superuser's keeps pending review or
 *   queued as it is and puts an error back in the queue. A delivered notification is not edited.
 *
 * Why review: a notification reaches every inbox of its audience and many mailboxes at once, so a
 * moderator (who manages content) writes and schedules them, and a superuser approves what goes
 * out; a superuser's own needs no second person.
 */

export type NotificationEvent = 'create' | 'edit' | 'approve' | 'deliver' | 'fail';
export type NotificationRole = 'superuser' | 'moderator' | 'system';

const { QUEUED, PENDING_REVIEW, DELIVERED, ERROR } = NotificationDeliveryStatus;

/** Delivery attempts (each retried by the queue with backoff) before a notification is in error. */
export const MAX_DELIVERY_ATTEMPTS = 4;

export interface NotificationTransitionRule {
  event: NotificationEvent;
  by: readonly NotificationRole[];
  /** null: a notification that does not exist yet (create). */
  from: readonly (NotificationDeliveryStatus | null)[];
  to: (from: NotificationDeliveryStatus | null, by: NotificationRole) => NotificationDeliveryStatus;
  /** For the 409: "Only {only} can be {done}". */
  only: string;
  done: string;
}

export const NOTIFICATION_TRANSITIONS: readonly NotificationTransitionRule[] = [
  {
    event: 'create',
    by: ['superuser', 'moderator'],
    from: [null],
    to: (_from, by) => (by === 'superuser' ? QUEUED : PENDING_REVIEW),
    only: 'a new notification',
    done: 'created',
  },
  {
    event: 'edit',
    by: ['superuser', 'moderator'],
    from: [QUEUED, PENDING_REVIEW, ERROR],
    to: (from, by) => (by === 'moderator' ? PENDING_REVIEW : from === ERROR ? QUEUED : (from ?? QUEUED)),
    only: 'a notification not yet delivered',
    done: 'changed',
  },
  {
    event: 'approve',
    by: ['superuser'],
    from: [PENDING_REVIEW, ERROR],
    to: () => QUEUED,
    only: 'a notification pending review, or one whose delivery failed,',
    done: 'approved for sending',
  },
  {
    event: 'deliver',
    by: ['system'],
    from: [QUEUED],
    to: () => DELIVERED,
    only: 'a queued notification',
    done: 'delivered',
  },
  {
    event: 'fail',
    by: ['system'],
    from: [QUEUED],
    to: () => ERROR,
    only: 'a queued notification',
    done: 'marked as failed',
  },
];

const RULES = new Map(NOTIFICATION_TRANSITIONS.map((rule) => [rule.event, rule]));

export function notificationRule(event: NotificationEvent): NotificationTransitionRule {
  return RULES.get(event)!;
}

export type NotificationTransition = { ok: true; status: NotificationDeliveryStatus } | { ok: false; reason: string };

/** Where `event` by `by` takes a notification in status `from` (null: not yet made), or why not (a sentence for the 409). */
export function nextNotificationStatus(from: NotificationDeliveryStatus | null, event: NotificationEvent, by: NotificationRole): NotificationTransition {
  const rule = notificationRule(event);
  if (!rule.by.includes(by)) return { ok: false, reason: `Only ${rule.by.join(' or ')}s can ${event} a notification.` };
  if (!rule.from.includes(from)) {
    const state = from === null ? 'new' : notificationDeliveryStatusLabels[from].toLowerCase();
    return { ok: false, reason: `Only ${rule.only} can be ${rule.done}; this one is ${state}.` };
  }
  return { ok: true, status: rule.to(from, by) };
}
