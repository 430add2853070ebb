import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { sessionMarker } from '../../../lib/storage';
import { readerUser, sessionOf } from '../../../test/account-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import arabic from '../../../locales/ar/accountPages.json';
import { accountApi, apiError, bodyOf, signedIn } from '../test/account-api';

afterEach(() => setAccessToken(null));

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/);

async function fillIn(email: string, password: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(passwordField(), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('signs in with this browser’s visitor, and goes back to the page named in ?next', async () => {
    const fetchMock = mockFetch(
      accountApi({
        [`POST ${apiPaths.usersLogin}`]: () => sessionOf(readerUser, 'access-7'),
        'GET /v1/articles/saved': () => ({ items: [], page: 1, limit: 30, total: 0 }),
      }),
    );
    const { router, store } = renderApp({ path: '/account/signin?next=%2Flibrary%2Fsaved' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(emailField().getAttribute('autocomplete')).toBe('email');
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password');
    expect((emailField() as HTMLInputElement).required && (passwordField() as HTMLInputElement).required).toBe(true);

    await fillIn(' reader@example.com ', 'newsreel-demo');
    await waitFor(() => expect(router.location().pathname).toBe('/library/saved'));
    const login = fetchMock.mock.calls.find(([url]) => String(url).endsWith(apiPaths.usersLogin));
    expect(bodyOf(login?.[1])).toEqual({ email: 'reader@example.com', password: 'newsreel-demo', visitorId: store.getState().visitor?.id });
    expect(login?.[1]).toMatchObject({ credentials: 'include' });
    expect(getAccessToken()).toBe('access-7');
    expect(sessionMarker.get()).toBe(true);
    expect(await screen.findByRole('button', { name: 'Account menu for Rosa Reader' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Welcome back, Rosa Reader.');
  });

  it('shows the server’s message beside the form, and lets the reader try again', async () => {
    mockFetch(accountApi({ [`POST ${apiPaths.usersLogin}`]: () => apiError(401, 'The email or password is not right.') }));
    renderApp({ path: '/account/signin' });
    await fillIn('reader@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The email or password is not right.');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('says a failure the server names by its code in the reader’s words, not the server’s English', async () => {
    const english = 'The email or password is not right.';
    mockFetch(accountApi({ [`POST ${apiPaths.usersLogin}`]: () => apiError(401, english, { code: 'WRONG_CREDENTIALS' }) }));
    renderApp({ path: '/account/signin' });
    await fillIn('reader@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That email and password do not match an account. Check them, or reset your password.');
    // A sentence of the page's own language, so no dir="auto" of its own.
    expect(alert.querySelector('[dir="auto"]')).toBeNull();
  });

  it('says it in Arabic on an Arabic page', async () => {
    await i18n.changeLanguage('ar');
    const english = 'That email and password do not match an account. Check them, or reset your password.';
    mockFetch(accountApi({ [`POST ${apiPaths.usersLogin}`]: () => apiError(401, english, { code: 'WRONG_CREDENTIALS' }) }));
    renderApp({ path: '/account/signin' });
    fireEvent.change(await screen.findByRole('textbox', { name: arabic.fields.email }), { target: { value: 'reader@example.com' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${arabic.fields.password}`)), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: arabic.signIn.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(arabic.errors.WRONG_CREDENTIALS);
    expect(alert.textContent).not.toContain(english);
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('says how long to wait after too many attempts, from the answer’s Retry-After', async () => {
    mockFetch(
      accountApi({
        [`POST ${apiPaths.usersLogin}`]: () =>
          apiError(429, 'Too many sign-in attempts. Try again in 37 seconds.', { code: 'TOO_MANY_ATTEMPTS', headers: { 'retry-after': '37' } }),
      }),
    );
    renderApp({ path: '/account/signin' });
    await fillIn('reader@example.com', 'newsreel-demo');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 37 seconds.');
  });

  it('shows the server’s own message for a code it does not know', async () => {
    const message = 'Sign-in is paused for maintenance. Try again later.';
    mockFetch(accountApi({ [`POST ${apiPaths.usersLogin}`]: () => apiError(403, message, { code: 'SIGN_IN_PAUSED' }) }));
    renderApp({ path: '/account/signin' });
    await fillIn('reader@example.com', 'newsreel-demo');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.querySelector('[dir="auto"]')?.textContent).toBe(message);
  });

  it('says what is missing before sending anything', async () => {
    const fetchMock = mockFetch(accountApi());
    renderApp({ path: '/account/signin' });
    await fillIn('not-an-address', '');
    expect(screen.getByText('Enter an email address like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Fill this in.')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(apiPaths.usersLogin))).toBe(false);
  });

  it('disables the button while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(accountApi({ [`POST ${apiPaths.usersLogin}`]: () => new Promise<Response>((resolve) => (answer = resolve)) }));
    renderApp({ path: '/account/signin' });
    await fillIn('reader@example.com', 'newsreel-demo');
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button.hasAttribute('disabled')).toBe(true);
    answer(apiError(429, 'Too many attempts. Try again in a minute.'));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in a minute.');
  });

  it('sends a reader whose session could not be renewed to sign in, and back to where they were', async () => {
    // This browser had a session: it is restored at start, and its token is refused a moment later.
    sessionMarker.set(true);
    let refreshes = 0;
    let sessionAlive = false;
    mockFetch(
      accountApi({
        'GET /v1/articles/saved': ({ init }) =>
          (init?.headers as Record<string, string>).Authorization === 'Bearer access-2'
            ? { items: [], page: 1, limit: 30, total: 0 }
            : apiError(401, 'Your session has expired. Sign in again.'),
        [`POST ${apiPaths.usersRefresh}`]: () =>
          ++refreshes === 1 ? sessionOf(readerUser, 'access-1') : apiError(401, 'Sign in again.'),
        [`POST ${apiPaths.usersLogin}`]: () => (sessionAlive ? sessionOf(readerUser, 'access-2') : apiError(401, 'No.')),
      }),
    );
    const { router, store } = renderApp({ path: '/library/saved', state: { authStatus: 'restoring' } });
    await waitFor(() => expect(router.location().pathname).toBe('/account/signin'));
    expect(router.location().search).toBe('?next=%2Flibrary%2Fsaved');
    expect(store.getState().user).toBeNull();
    expect(sessionMarker.get()).toBeUndefined();
    expect(await screen.findByText('Your session has ended. Sign in again to carry on.')).toBeTruthy();

    sessionAlive = true;
    await fillIn('reader@example.com', 'newsreel-demo');
    await waitFor(() => expect(router.location().pathname).toBe('/library/saved'));
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
  });

  it('sends a reader who is signed in already on to the page', async () => {
    mockFetch(accountApi({ 'GET /v1/articles/saved': () => ({ items: [], page: 1, limit: 30, total: 0 }) }));
    const { router } = renderApp({ path: '/account/signin?next=/library/saved', state: signedIn() });
    await waitFor(() => expect(router.location().pathname).toBe('/library/saved'));
  });
});
