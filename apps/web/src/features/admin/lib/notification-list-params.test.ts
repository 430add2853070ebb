import { NotificationDeliveryStatus } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { notificationListQuery, notificationListSearch, parseNotificationListParams } from './notification-list-params';

describe('the notifications list’s URL', () => {
  it('reads what it knows, leaves the rest at its defaults, and writes only what differs', () => {
    const params = parseNotificationListParams(new URLSearchParams('q=%20storm%20&status=1&audience=regions&sort=title&order=asc&page=2&limit=50&x=1'));
    expect(params).toEqual({ q: 'storm', status: NotificationDeliveryStatus.PENDING_REVIEW, audience: 'regions', sort: 'title', order: 'asc', page: 2, limit: 50 });
    expect(notificationListSearch(params).toString()).toBe('q=storm&status=1&audience=regions&sort=title&order=asc&page=2&limit=50');
    const fallback = parseNotificationListParams(new URLSearchParams('status=7&audience=planet&sort=size&page=-1'));
    expect(fallback).toMatchObject({ status: undefined, audience: undefined, sort: 'sendAt', order: 'desc', page: 1 });
    expect(notificationListSearch(fallback).toString()).toBe('');
    expect(notificationListQuery(fallback)).toEqual({ sort: 'sendAt', order: 'desc', page: 1, limit: fallback.limit });
  });
});
