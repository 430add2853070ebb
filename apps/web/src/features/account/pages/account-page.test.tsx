import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AccountRole, apiPaths, type AccountUser } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { accountApi, apiError, bodyOf, categoriesCatalogue, publishersCatalogue, signedIn } from '../test/account-api';

afterEach(() => setAccessToken(null));

function renderAccount(overrides: Record<string, FetchHandler> = {}, user: AccountUser = readerUser) {
  const fetchMock = mockFetch(accountApi(overrides, user.settings));
  const rendered = renderApp({ path: '/account', state: signedIn(user) });
  /** The bodies of the PUTs the page sent to `path`. */
  const puts = (path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'PUT').map(([, init]) => bodyOf(init));
  return { fetchMock, puts, ...rendered };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('account page', () => {
  it('sends a reader who is not signed in to sign in first, to come back here', async () => {
    mockFetch(accountApi());
    const { router } = renderApp({ path: '/account' });
    await waitFor(() => expect(router.location().pathname).toBe('/account/signin'));
    expect(router.location().search).toBe('?next=%2Faccount');
  });

  it('shows the signed-in user and their preferences', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('Signed in as reader@example.com')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Rosa Reader');
    const reading = section('Reading preferences');
    expect((within(reading).getByRole('switch', { name: 'Email me the news bulletin' }) as HTMLInputElement).checked).toBe(false);
    expect((within(reading).getByRole('switch', { name: 'Learn from what I watch' }) as HTMLInputElement).checked).toBe(true);
    expect(within(reading).getByRole('combobox', { name: 'Local news radius' }).textContent).toBe('50 km');
    // Plain readers have no publisher to choose.
    expect(screen.queryByRole('region', { name: 'Publisher' })).toBeNull();
  });

  it('saves each preference as {key, value} as it changes, and says so', async () => {
    const { puts } = renderAccount();
    const reading = await screen.findByRole('region', { name: 'Reading preferences' });

    fireEvent.click(within(reading).getByRole('switch', { name: 'Email me the news bulletin' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your preferences were saved.');
    fireEvent.click(within(reading).getByRole('switch', { name: 'Learn from what I watch' }));

    fireEvent.mouseDown(within(reading).getByRole('combobox', { name: 'Local news radius' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '200 km' }));

    fireEvent.mouseDown(within(reading).getByRole('combobox', { name: 'Hidden publishers' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Coast News' }));
    fireEvent.mouseDown(within(reading).getByRole('combobox', { name: 'Hidden categories' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Weather' }));

    await waitFor(() =>
      expect(puts(apiPaths.usersConfig)).toEqual([
        { key: 'bulletin', value: true },
        { key: 'autoScoreAdjust', value: false },
        { key: 'localRadius', value: 200_000 },
        { key: 'blockedPublishers', value: [publishersCatalogue[0]?.id] },
        { key: 'blockedCategories', value: [categoriesCatalogue[1]?.id] },
      ]),
    );
    expect(within(reading).getByRole('combobox', { name: 'Local news radius' }).textContent).toBe('200 km');
    expect(within(reading).getByRole('button', { name: 'Coast News' })).toBeTruthy();
  });

  it('takes a hidden publisher off with its chip', async () => {
    const user = { ...readerUser, settings: { ...readerUser.settings, blockedPublishers: publishersCatalogue.map((publisher) => publisher.id) } };
    const { puts } = renderAccount({}, user);
    const reading = await screen.findByRole('region', { name: 'Reading preferences' });
    const chip = await within(reading).findByRole('button', { name: 'Alpine Daily' });
    fireEvent.keyDown(chip, { key: 'Backspace' });
    await waitFor(() => expect(puts(apiPaths.usersConfig)).toEqual([{ key: 'blockedPublishers', value: [publishersCatalogue[0]?.id] }]));
  });

  it('puts a preference back, with the API’s message, when saving it fails', async () => {
    const consoleError = expectConsoleErrors();
    renderAccount({ [`PUT ${apiPaths.usersConfig}`]: () => apiError(500, 'The settings could not be saved.') });
    const bulletin = await screen.findByRole('switch', { name: 'Email me the news bulletin' });
    fireEvent.click(bulletin);
    expect((await screen.findByRole('alert')).textContent).toContain('The settings could not be saved.');
    await waitFor(() => expect((bulletin as HTMLInputElement).checked).toBe(false));
    expect(consoleError).toHaveBeenCalled();
  });

  it('says why a preference was not saved in the reader’s words when the API names the reason', async () => {
    const consoleError = expectConsoleErrors();
    renderAccount({
      [`PUT ${apiPaths.usersConfig}`]: () =>
        apiError(429, 'Too many requests. Try again in 2 minutes.', { code: 'TOO_MANY_ATTEMPTS', headers: { 'retry-after': '100' } }),
    });
    const bulletin = await screen.findByRole('switch', { name: 'Email me the news bulletin' });
    fireEvent.click(bulletin);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts. Try again in 2 minutes.');
    await waitFor(() => expect((bulletin as HTMLInputElement).checked).toBe(false));
    expect(consoleError).toHaveBeenCalled();
  });

  it('saves the name', async () => {
    const { puts } = renderAccount({ [`PUT ${apiPaths.usersUpdate}`]: ({ init }) => ({ ...readerUser, ...(bodyOf(init) as object) }) });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    fireEvent.change(within(profile).getByRole('textbox', { name: 'Name' }), { target: { value: 'Rosa R.' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save name' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your name was saved.');
    expect(puts(apiPaths.usersUpdate)).toEqual([{ name: 'Rosa R.' }]);
    expect(await screen.findByRole('button', { name: 'Account menu for Rosa R.' })).toBeTruthy();
  });

  it('changes the email with the current password, and shows the address waiting for confirmation', async () => {
    const { puts } = renderAccount({ [`PUT ${apiPaths.usersUpdate}`]: () => ({ ...readerUser, pendingEmail: 'rosa@example.org' }) });
    const email = await screen.findByRole('region', { name: 'Email address' });
    fireEvent.change(within(email).getByRole('textbox', { name: 'New email address' }), { target: { value: 'rosa@example.org' } });
    fireEvent.change(within(email).getByLabelText(/^Current password/), { target: { value: 'newsreel-demo' } });
    fireEvent.click(within(email).getByRole('button', { name: 'Change email' }));
    expect(await within(email).findByText(/Waiting for confirmation: rosa@example.org/)).toBeTruthy();
    expect(puts(apiPaths.usersUpdate)).toEqual([{ email: 'rosa@example.org', currentPassword: 'newsreel-demo' }]);
  });

  it('changes the password, showing the server’s message when the current one is wrong', async () => {
    let wrong = true;
    const { puts } = renderAccount({
      [`PUT ${apiPaths.usersUpdate}`]: () => (wrong ? apiError(403, 'The current password is not right.') : readerUser),
    });
    const password = await screen.findByRole('region', { name: 'Password' });
    const fill = (current: string, next: string, repeat: string) => {
      fireEvent.change(within(password).getByLabelText(/^Current password/), { target: { value: current } });
      fireEvent.change(within(password).getByLabelText(/^New password/), { target: { value: next } });
      fireEvent.change(within(password).getByLabelText(/^Repeat the new password/), { target: { value: repeat } });
      fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    };
    fill('old', 'short', 'short');
    expect(within(password).getByText('Use at least 10 characters.')).toBeTruthy();
    fill('guess', 'a-new-passphrase', 'a-new-passphrase');
    expect((await within(password).findByRole('alert')).textContent).toBe('The current password is not right.');
    wrong = false;
    fill('newsreel-demo', 'a-new-passphrase', 'a-new-passphrase');
    expect(await screen.findByText('Your password was changed.')).toBeTruthy();
    expect(puts(apiPaths.usersUpdate).at(-1)).toEqual({ password: 'a-new-passphrase', currentPassword: 'newsreel-demo' });
  });

  it('lets a publisher user choose the publisher they work for', async () => {
    const memberships = [
      { id: publishersCatalogue[0]!.id, name: 'Coast News', role: AccountRole.ADMIN },
      { id: publishersCatalogue[1]!.id, name: 'Alpine Daily', role: AccountRole.MEMBER },
    ];
    const editor: AccountUser = { ...readerUser, publishers: memberships, activePublisherId: memberships[0]!.id };
    const { puts } = renderAccount(
      {
        [`GET ${apiPaths.usersPublishers}`]: () => ({ items: memberships, page: 1, limit: 2, total: 2 }),
        [`PUT ${apiPaths.usersPublisher}`]: ({ init }) => ({ ...editor, activePublisherId: (bodyOf(init) as { publisherId: string }).publisherId }),
      },
      editor,
    );
    const publisher = await screen.findByRole('region', { name: 'Publisher' });
    const select = within(publisher).getByRole('combobox', { name: 'Working for' });
    expect(select.textContent).toBe('Coast News · Admin');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Alpine Daily · Member' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You now work for Alpine Daily.');
    expect(puts(apiPaths.usersPublisher)).toEqual([{ publisherId: memberships[1]!.id }]);
    expect(select.textContent).toBe('Alpine Daily · Member');
  });

  it('signs out and goes home', async () => {
    const { router, store, fetchMock } = renderAccount({ [`POST ${apiPaths.usersLogout}`]: () => new Response(null, { status: 204 }) });
    fireEvent.click(within(await screen.findByRole('region', { name: 'Sign out' })).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(store.getState().user).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(apiPaths.usersLogout))).toBe(true);
  });

  it('deletes the account once the password confirms it', async () => {
    let wrong = true;
    const { router, store, fetchMock } = renderAccount({
      [`DELETE ${apiPaths.usersDestroy}`]: () => (wrong ? apiError(403, 'The password is not right.') : new Response(null, { status: 204 })),
    });
    fireEvent.click(within(await screen.findByRole('region', { name: 'Delete account' })).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(within(dialog).getByText('Fill this in.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'guess' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The password is not right.');
    wrong = false;
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'newsreel-demo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(store.getState().user).toBeNull();
    expect(getAccessToken()).toBeNull();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith(apiPaths.usersDestroy));
    expect(bodyOf(calls.at(-1)?.[1])).toEqual({ password: 'newsreel-demo' });
    expect(calls.at(-1)?.[1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
  });
});
