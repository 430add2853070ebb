import { apiPaths, NotificationDeliveryStatus, type AdminNotificationList, type Inbox, type Session, adminApiPaths } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DEMO_PASSWORD } from './demo-accounts';

describe('the demo’s notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_CONTENT: 'on', RATE_LIMITS: 'off' });
  });
  afterAll(() => t?.close());

  const auth = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${(res.json() as Session).accessToken}` };
  };

  it('has one delivered to the demo reader, one scheduled for later and one pending review', async () => {
    const inbox = (await t.app.inject({ url: apiPaths.notifications, headers: await auth('reader@example.com') })).json() as Inbox;
    expect(inbox).toMatchObject({ total: 1, unread: 1, items: [{ title: 'Welcome to Newsreel', readAt: null, link: expect.stringMatching(/^\/v\//) }] });
    const admin = await auth('admin@example.com');
    const token = (await t.app.inject({ method: 'POST', url: '/v1/auth/admin', headers: admin })).json() as { accessToken: string };
    const list = (await t.app.inject({ url: `${adminApiPaths.notifications}?sort=title&order=asc`, headers: { authorization: `Bearer ${token.accessToken}` } })).json() as AdminNotificationList;
    expect(list.items.map((item) => [item.title, item.status])).toEqual([
      ['New in your favourite category', NotificationDeliveryStatus.PENDING_REVIEW],
      ['Weekend briefing', NotificationDeliveryStatus.QUEUED],
      ['Welcome to Newsreel', NotificationDeliveryStatus.DELIVERED],
    ]);
    expect(new Date(list.items[1]!.sendAt).getTime()).toBeGreaterThan(Date.now());
    expect(list.items[2]).toMatchObject({ recipientCount: 1, readCount: 0 });
  });
});
