import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken } from '../../lib/api-client';
import { readerUser } from '../../test/account-fixtures';
import { shellApi } from '../../test/api-fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { initialOf } from './account-entry';

afterEach(() => setAccessToken(null));

const emptyList = () => ({ items: [], page: 1, limit: 30, total: 0 });
const banner = () => screen.getByRole('banner');

describe('the app bar’s account entry', () => {
  it('offers "Sign in", coming back to the page the reader is on', async () => {
    mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList }));
    renderApp({ path: '/library/saved' });
    const link = await within(banner()).findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/account/signin?next=%2Flibrary%2Fsaved');
    expect(within(banner()).queryByRole('button', { name: /^Account menu/ })).toBeNull();
  });

  it('shows neither while the session this browser had is being restored', async () => {
    mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList, [`POST ${apiPaths.usersRefresh}`]: () => new Promise(() => undefined) }));
    renderApp({ path: '/library/saved', state: { authStatus: 'restoring' } });
    await screen.findByRole('heading', { level: 1, name: 'Your library' });
    expect(within(banner()).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(banner()).queryByRole('button', { name: /^Account menu/ })).toBeNull();
  });

  it('shows the signed-in user’s initial, opening a menu with Account and Sign out', async () => {
    const fetchMock = mockFetch(
      shellApi({ 'GET /v1/articles/saved': emptyList, [`POST ${apiPaths.usersLogout}`]: () => new Response(null, { status: 204 }) }),
    );
    setAccessToken('access-1');
    const { store } = renderApp({ path: '/library/saved', state: { user: readerUser, authStatus: 'signedIn' } });
    const button = await within(banner()).findByRole('button', { name: 'Account menu for Rosa Reader' });
    expect(button.textContent).toBe('R');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByText('reader@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Account' }).getAttribute('href')).toBe('/account');
    // A reader without an admin role is not offered the admin console.
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).toBeNull();

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await within(banner()).findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('You’re signed out.');
    expect(store.getState().user).toBeNull();
    expect(getAccessToken()).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(apiPaths.usersLogout))).toBe(true));
  });

  it('offers the admin console to a user with an admin role', async () => {
    mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList }));
    setAccessToken('access-1');
    renderApp({ path: '/library/saved', state: { user: { ...readerUser, adminRole: 1 }, authStatus: 'signedIn' } });
    fireEvent.click(await within(banner()).findByRole('button', { name: 'Account menu for Rosa Reader' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('offers the publisher studio to a user of a publisher', async () => {
    mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList }));
    setAccessToken('access-1');
    const editor = { ...readerUser, publishers: [{ id: '00000000-0000-4000-8000-000000000501', name: 'Harbour Daily', role: 1 as const }] };
    renderApp({ path: '/library/saved', state: { user: editor, authStatus: 'signedIn' } });
    fireEvent.click(await within(banner()).findByRole('button', { name: 'Account menu for Rosa Reader' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Publisher studio' }).getAttribute('href')).toBe('/manage');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it('is in the menu drawer too', async () => {
    mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList }));
    renderApp({ path: '/library/saved' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the menu' }));
    const account = await screen.findByRole('list', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin');
    expect(within(account).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/account/register');
  });
});

describe('initialOf', () => {
  it('is the first letter of the name, or of the email without one', () => {
    expect(initialOf({ name: ' émile', email: 'e@example.com' })).toBe('É');
    expect(initialOf({ name: '', email: 'zoe@example.com' })).toBe('Z');
    expect(initialOf({ name: '𝒜da', email: 'a@example.com' })).toBe('𝒜');
  });
});
