import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type Inbox } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

afterEach(() => setAccessToken(null));

const inbox: Inbox = {
  items: [
    { id: '00000000-0000-4000-8000-000000000911', title: 'Storm warning for the coast', body: 'High winds expected tonight.', link: '/v/storm', deliveredAt: '2026-11-26T10:00:00.000Z', readAt: null },
    { id: '00000000-0000-4000-8000-000000000912', title: 'Welcome to Newsreel', body: 'Your news, your regions.', link: null, deliveredAt: '2026-11-25T10:00:00.000Z', readAt: '2026-11-25T11:00:00.000Z' },
  ],
  page: 1,
  limit: 20,
  total: 2,
  unread: 1,
};

function renderSignedIn(overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(shellApi({ [`GET ${apiPaths.notifications}`]: () => inbox, ...overrides }));
  setAccessToken('user-token');
  const rendered = renderApp({ path: '/no-such-page', state: { user: readerUser, authStatus: 'signedIn' } });
  const sent = (method: string, pathname: string) => fetchMock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method);
  return { sent, ...rendered };
}

describe('the notifications button in the app bar', () => {
  it('shows the unread count, lists the notifications, and opening one marks it read and follows its link', async () => {
    const { sent, router } = renderSignedIn({
      [`POST ${apiPaths.notificationRead(inbox.items[0]!.id)}`]: () => ({ ...inbox.items[0], readAt: '2026-11-26T12:00:00.000Z' }),
    });
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 30_000 });
    expect(within(button).getByText('1')).toBeTruthy();
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Notifications' }, { timeout: 30_000 });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Unread: Storm warning for the coastHigh winds expected tonight\./), expect.stringMatching(/^Welcome to NewsreelYour news, your regions\./)]);
    fireEvent.click(items[0]!);
    await waitFor(() => expect(sent('POST', apiPaths.notificationRead(inbox.items[0]!.id))).toHaveLength(1));
    await waitFor(() => expect(router.location().pathname).toBe('/v/storm'));
  }, 90_000);

  it('marks them all read', async () => {
    let current = inbox;
    const { sent } = renderSignedIn({
      [`GET ${apiPaths.notifications}`]: () => current,
      [`POST ${apiPaths.notificationsReadAll}`]: () => {
        current = { ...inbox, unread: 0, items: inbox.items.map((item) => ({ ...item, readAt: item.readAt ?? '2026-11-26T12:00:00.000Z' })) };
        return { unread: 0 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 30_000 }));
    const menu = await screen.findByRole('menu', { name: 'Notifications' }, { timeout: 30_000 });
    fireEvent.click(within(menu).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(sent('POST', apiPaths.notificationsReadAll)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  }, 90_000);

  it('is not in the bar of someone signed out, who asks for no inbox', async () => {
    const fetchMock = mockFetch(shellApi());
    renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('link', { name: 'Sign in' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(apiPaths.notifications))).toBe(false);
  }, 90_000);
});
