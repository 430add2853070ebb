import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { accountApi, apiError, bodyOf, signedIn } from '../test/account-api';

afterEach(() => setAccessToken(null));

const KEY = 'k3y_from-the-mail-0123456789';

describe('verify page (the confirmation mail’s link)', () => {
  it('sends the key once and says the address is confirmed, with the way to sign in', async () => {
    const fetchMock = mockFetch(accountApi({ [`POST ${apiPaths.usersVerify}`]: () => ({ message: 'Confirmed.' }) }));
    renderApp({ path: `/account/verify?key=${KEY}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmed' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin');
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(apiPaths.usersVerify));
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]?.[1])).toEqual({ key: KEY });
  });

  it('shows the server’s message for a used or expired key', async () => {
    mockFetch(accountApi({ [`POST ${apiPaths.usersVerify}`]: () => apiError(400, 'This link has expired. Sign in to get a new one.') }));
    renderApp({ path: `/account/verify?key=${KEY}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link has expired. Sign in to get a new one.');
  });

  it('says a used or expired key in the reader’s words when the server names it LINK_INVALID', async () => {
    mockFetch(
      accountApi({ [`POST ${apiPaths.usersVerify}`]: () => apiError(400, 'This link is not valid any more. Register again.', { code: 'LINK_INVALID' }) }),
    );
    renderApp({ path: `/account/verify?key=${KEY}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('This link no longer works: it was used already, or it has expired.');
    expect(alert.hasAttribute('dir')).toBe(false);
  });

  it('says a link without its key is incomplete', async () => {
    renderApp({ path: '/account/verify' });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
  });
});

describe('forgot-password page', () => {
  it('asks for a link and says where it went, whether or not the address has an account', async () => {
    const fetchMock = mockFetch(accountApi({ [`POST ${apiPaths.usersResetPassword}`]: () => ({ message: 'If the address has an account…' }) }));
    renderApp({ path: '/account/forgot' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'rosa@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/If an account uses rosa@example.com/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith(apiPaths.usersResetPassword));
    expect(bodyOf(post?.[1])).toEqual({ email: 'rosa@example.com' });
  });
});

describe('reset-password page (the reset mail’s link)', () => {
  async function choose(password: string, confirmation: string) {
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  }

  it('checks the two passwords match, saves the new one with the key, and ends this browser’s session', async () => {
    const fetchMock = mockFetch(accountApi({ [`PUT ${apiPaths.usersResetPassword}`]: () => ({ message: 'Password changed.' }) }));
    const { store } = renderApp({ path: `/account/reset?key=${KEY}`, state: signedIn() });
    await choose('a-new-passphrase', 'a-new-passphrasE');
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    await choose('a-new-passphrase', 'a-new-passphrase');
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(apiPaths.usersResetPassword) && init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toEqual({ key: KEY, password: 'a-new-passphrase' });
    await waitFor(() => expect(store.getState().user).toBeNull());
    expect(getAccessToken()).toBeNull();
  });

  it('shows the server’s message for a used key', async () => {
    mockFetch(accountApi({ [`PUT ${apiPaths.usersResetPassword}`]: () => apiError(400, 'This link has been used. Ask for a new one.') }));
    renderApp({ path: `/account/reset?key=${KEY}` });
    await choose('a-new-passphrase', 'a-new-passphrase');
    expect((await screen.findByRole('alert')).textContent).toBe('This link has been used. Ask for a new one.');
  });
});
