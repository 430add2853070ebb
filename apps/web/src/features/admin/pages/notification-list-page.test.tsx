import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminRole, NotificationDeliveryStatus, type AdminNotification, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function notification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    id: id(901),
    title: 'Storm warning for the coast',
    body: 'High winds expected tonight.',
    link: '/v/abc',
    audience: 'everyone',
    regionIds: [],
    categoryIds: [],
    userIds: [],
    userEmails: [],
    sendAt: '2026-11-27T09:00:00.000Z',
    status: NotificationDeliveryStatus.PENDING_REVIEW,
    error: null,
    attempts: 0,
    createdBy: { userId: moderatorUser.id, email: moderatorUser.email },
    approvedBy: null,
    deliveredAt: null,
    recipientCount: 0,
    readCount: 0,
    mailedCount: 0,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}
const pending = notification();
const delivered = notification({ id: id(902), title: 'Welcome to Newsreel', status: NotificationDeliveryStatus.DELIVERED, deliveredAt: '2026-11-26T08:00:00.000Z', recipientCount: 12, readCount: 5, mailedCount: 3 });
const failed = notification({ id: id(903), title: 'Mail outage test', status: NotificationDeliveryStatus.ERROR, error: 'Delivery failed 4 times; the last time: the mail could not be sent', attempts: 4 });
const list = <T,>(items: T[]) => ({ items, page: 1, limit: 30, total: items.length });

function renderNotifications(user = moderatorUser, overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(
    adminApi({
      'POST /v1/auth/admin': () => ({ accessToken: 'admin-token-1', expiresIn: 900, adminRole: user.adminRole }),
      [`GET ${adminApiPaths.notifications}`]: () => list([pending, delivered, failed]),
      ...overrides,
    }),
  );
  renderApp({ path: '/admin/notifications', state: signedInAs(user) });
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
      .map(({ url, init }) => ({ query: Object.fromEntries(url.searchParams), body: init?.body ? bodyOf(init) : undefined }));
  return { sent };
}

describe('the scheduled notifications in the console', () => {
  it('lists them with their status, reach and error, in the navigation, sorted and filtered on the server', async () => {
    const { sent } = renderNotifications();
    const table = await screen.findByRole('table', { name: 'Notifications' }, { timeout: 30_000 });
    const row = (title: string) => within(table).getByText(title).closest('tr') as HTMLElement;
    expect(within(row('Storm warning for the coast')).getByText('Pending review')).toBeTruthy();
    expect(within(row('Welcome to Newsreel')).getByText('Delivered')).toBeTruthy();
    expect(within(row('Welcome to Newsreel')).getByText('12 reached · 5 read · 3 mailed')).toBeTruthy();
    expect(within(row('Mail outage test')).getByText(/failed 4 times/)).toBeTruthy();
    // A delivered notification is not edited; a moderator approves nothing.
    expect(within(row('Welcome to Newsreel')).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Approve/ })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Notifications' }).getAttribute('aria-current')).toBe('page');
    expect(sent('GET', adminApiPaths.notifications)[0]?.query).toEqual({ page: '1', limit: '30', sort: 'sendAt', order: 'desc' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(sent('GET', adminApiPaths.notifications).at(-1)?.query).toEqual({ page: '1', limit: '30', status: '3', sort: 'title', order: 'asc' }));
  }, 90_000);

  it('checks the form as the server does, then schedules a notification for chosen regions', async () => {
    const { sent } = renderNotifications(moderatorUser, {
      [`POST ${adminApiPaths.notifications}`]: ({ init }) => notification({ id: id(904), ...(bodyOf(init) as object) }),
    });
    await screen.findByRole('table', { name: 'Notifications' }, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: 'New notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification' });
    expect(within(dialog).getByText('A superuser approves this notification before it is sent.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link' }), { target: { value: 'http://insecure.example' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Audience' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Regions' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Write a title.')).toBeTruthy();
    expect(within(dialog).getByText('Write the text.')).toBeTruthy();
    expect(within(dialog).getByText(/address starting with https:\/\//)).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one region.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.notifications)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: ' Tram strike tomorrow ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Plan another way to work.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link' }), { target: { value: '/v/tram' } });
    const regions = within(dialog).getByRole('combobox', { name: 'Regions' });
    fireEvent.mouseDown(regions);
    fireEvent.click(within(await screen.findByRole('listbox')).getAllByRole('option')[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sent('POST', adminApiPaths.notifications)).toHaveLength(1));
    expect(sent('POST', adminApiPaths.notifications)[0]?.body).toMatchObject({
      title: 'Tram strike tomorrow',
      body: 'Plan another way to work.',
      link: '/v/tram',
      audience: 'regions',
      regionIds: [expect.any(Number)],
      categoryIds: [],
      userIds: [],
      sendAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await screen.findByText(/Tram strike tomorrow.* is waiting for a superuser’s approval\./)).toBeTruthy();
  }, 90_000);

  it('lets a superuser approve one pending review and send one in error again, and asks before deleting', async () => {
    const { sent } = renderNotifications(superuserUser, {
      [`POST ${adminApiPaths.notificationApprove(pending.id)}`]: () => ({ ...pending, status: NotificationDeliveryStatus.QUEUED }),
      [`POST ${adminApiPaths.notificationApprove(failed.id)}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'This notification is being delivered right now; it can no longer be changed.' }, 409),
      [`DELETE ${adminApiPaths.notification(delivered.id)}`]: () => new Response(null, { status: 204 }),
    });
    await screen.findByRole('table', { name: 'Notifications' }, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Approve “Storm warning for the coast”' }));
    await waitFor(() => expect(sent('POST', adminApiPaths.notificationApprove(pending.id))).toHaveLength(1));
    expect(await screen.findByText(/Storm warning for the coast.* is queued for sending\./)).toBeTruthy();
    const errors = expectConsoleErrors();
    fireEvent.click(screen.getByRole('button', { name: 'Send “Mail outage test” again' }));
    expect(await screen.findByText('This notification is being delivered right now; it can no longer be changed.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Welcome to Newsreel”' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('It is removed from the 12 inboxes it reached. This cannot be undone.')).toBeTruthy();
    expect(sent('DELETE', adminApiPaths.notification(delivered.id))).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(sent('DELETE', adminApiPaths.notification(delivered.id))).toHaveLength(1));
    expect(AdminRole.SUPERUSER).toBe(superuserUser.adminRole);
    expect(errors).toHaveBeenCalled();
  }, 90_000);
});
