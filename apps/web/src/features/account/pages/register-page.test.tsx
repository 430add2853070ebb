import { fireEvent, screen } from '@testing-library/react';
import { apiPaths } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { accountApi, apiError, bodyOf } from '../test/account-api';

async function fillIn({ name, email, password }: { name: string; email: string; password: string }) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('creates the account with this browser’s visitor, then asks the reader to check their email', async () => {
    const fetchMock = mockFetch(accountApi({ [`POST ${apiPaths.usersRegister}`]: () => ({ message: 'Check your email.' }) }));
    const { store } = renderApp({ path: '/account/register' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('autocomplete')).toBe('name');
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('new-password');

    await fillIn({ name: 'Rosa Reader', email: 'rosa@example.com', password: 'a-long-passphrase' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('We sent a link to rosa@example.com. Open it to confirm your address, then sign in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/account/signin');
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith(apiPaths.usersRegister));
    expect(bodyOf(post?.[1])).toEqual({
      name: 'Rosa Reader',
      email: 'rosa@example.com',
      password: 'a-long-passphrase',
      visitorId: store.getState().visitor?.id,
    });
  });

  it('asks for a password of the minimum length before sending', async () => {
    const fetchMock = mockFetch(accountApi());
    renderApp({ path: '/account/register' });
    expect(await screen.findByText('At least 10 characters. Avoid passwords that are easy to guess.')).toBeTruthy();
    await fillIn({ name: 'Rosa', email: 'rosa@example.com', password: 'short' });
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(apiPaths.usersRegister))).toBe(false);
  });

  it('shows the server’s message about a common password without the field name meant for programs', async () => {
    mockFetch(
      accountApi({
        [`POST ${apiPaths.usersRegister}`]: () =>
          apiError(400, 'body.password: That password is one of the most commonly used, so it is easy to guess. Choose another.'),
      }),
    );
    renderApp({ path: '/account/register' });
    await fillIn({ name: 'Rosa', email: 'rosa@example.com', password: 'password123' });
    expect((await screen.findByRole('alert')).textContent).toBe('That password is one of the most commonly used, so it is easy to guess. Choose another.');
  });

  it('shows the server’s message for an address that has an account already', async () => {
    mockFetch(accountApi({ [`POST ${apiPaths.usersRegister}`]: () => apiError(409, 'An account with this email exists. Sign in instead.') }));
    renderApp({ path: '/account/register' });
    await fillIn({ name: 'Rosa', email: 'reader@example.com', password: 'a-long-passphrase' });
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email exists. Sign in instead.');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });
});
