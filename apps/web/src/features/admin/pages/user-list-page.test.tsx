import { AccountStatus } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { ADMIN_TOKEN, bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { peopleApi, READER_ID, refusal, requestsTo, superuserUser, userDetailFixture } from '../test/people-api';

afterEach(() => setAccessToken(null));

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the superusers’ users', () => {
  it('are not in a moderator’s navigation, and their page tells a moderator it is for superusers without asking the API', async () => {
    const fetchMock = mockFetch(peopleApi({ 'POST /v1/auth/admin': () => ({ accessToken: ADMIN_TOKEN, expiresIn: 900, adminRole: moderatorUser.adminRole }) }));
    renderApp({ path: '/admin/users', state: signedInAs(moderatorUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Superusers only' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Polls' })).toBeTruthy();
    for (const name of ['Users', 'Admin roles', 'Vendors', 'API keys', 'Jobs', 'Audit log']) expect(within(nav).queryByRole('link', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to statistics' }).getAttribute('href')).toBe('/admin/statistics');
    expect(requestsTo(fetchMock, '/v1/admin/users')).toHaveLength(0);
  });

  it('follow the role the API gives with the admin token: a moderator made superuser since signing in sees them', async () => {
    mockFetch(peopleApi());
    renderApp({ path: '/admin/users', state: signedInAs(moderatorUser) });
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Users', 'Admin roles', 'Vendors', 'API keys', 'Jobs', 'Audit log']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('are listed with the admin token, and the search, filters, sort and page go to the API and stay in the URL', async () => {
    const fetchMock = mockFetch(peopleApi());
    const { router } = renderApp({ path: '/admin/users', state: signedInAs(superuserUser) });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByRole('link', { name: 'Riley Reader' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).queryByText('Exempt')).toBeNull();
    expect(new Headers(requestsTo(fetchMock, '/v1/admin/users')[0]?.init?.headers).get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);

    await choose('Status', 'Suspended');
    await choose('Admin role', 'Moderator');
    await choose('Subscription', 'Exempt');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email or name' }), { target: { value: 'riley' } });
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/users').at(-1)?.search.get('q')).toBe('riley'));
    fireEvent.click(within(table).getByRole('button', { name: 'Email address' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/users').at(-1)?.search.get('sort')).toBe('email'));

    expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/users').at(-1)?.search ?? [])).toEqual({
      page: '1',
      limit: '30',
      q: 'riley',
      status: '2',
      role: '1',
      subscriptionExempt: 'true',
      sort: 'email',
      order: 'asc',
    });
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({ q: 'riley', status: '2', role: '1', exempt: 'true', sort: 'email', order: 'asc' });
  });

  it('open a user’s page, which suspends them after a confirmation, exempts them from the subscription, and deletes them', async () => {
    const fetchMock = mockFetch(
      peopleApi({
        [`PUT /v1/admin/users/${READER_ID}`]: () => ({ ...userDetailFixture, status: AccountStatus.SUSPENDED }),
        [`PUT /v1/admin/users/${READER_ID}/config`]: () => ({ ...userDetailFixture.settings, subscriptionExempt: true }),
        [`DELETE /v1/admin/users/${READER_ID}`]: () => new Response(null, { status: 204 }),
      }),
    );
    const { router } = renderApp({ path: '/admin/users', state: signedInAs(superuserUser) });
    fireEvent.click(await screen.findByRole('link', { name: 'Riley Reader' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Riley Reader' })).toBeTruthy();
    expect(router.location().pathname).toBe(`/admin/users/${READER_ID}`);
    expect(screen.getByRole('link', { name: /Meridian Data Co\./ }).getAttribute('href')).toMatch(/^\/admin\/vendors\//);

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const suspend = await screen.findByRole('dialog', { name: /Suspend .*Riley Reader/ });
    fireEvent.click(within(suspend).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/users/${READER_ID}`, 'PUT')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/users/${READER_ID}`, 'PUT')[0]?.init)).toEqual({ status: AccountStatus.SUSPENDED });
    expect(await screen.findByText('The account is suspended.')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Reads without a subscription' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/users/${READER_ID}/config`, 'PUT')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/users/${READER_ID}/config`, 'PUT')[0]?.init)).toEqual({ key: 'subscriptionExempt', value: true });

    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete .*Riley Reader/ });
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.location().pathname).toBe('/admin/users'));
    expect(requestsTo(fetchMock, `/v1/admin/users/${READER_ID}`, 'DELETE')).toHaveLength(1);
  });

  it('shows the server’s refusal when the last superuser would be suspended', async () => {
    const message = 'admin@example.com is the last active superuser, so they cannot be suspended: nobody could manage users, roles or keys after.';
    const logged = expectConsoleErrors();
    mockFetch(peopleApi({ [`PUT /v1/admin/users/${READER_ID}`]: refusal(409, message) }));
    renderApp({ path: `/admin/users/${READER_ID}`, state: signedInAs(superuserUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('does not offer a superuser to suspend or delete their own account', async () => {
    mockFetch(peopleApi({ [`GET /v1/admin/users/${superuserUser.id}`]: () => ({ ...userDetailFixture, id: superuserUser.id, name: 'Ada Admin' }) }));
    renderApp({ path: `/admin/users/${superuserUser.id}`, state: signedInAs(superuserUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Admin' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Delete user' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the user does not exist', async () => {
    mockFetch(peopleApi({ [`GET /v1/admin/users/${READER_ID}`]: refusal(404, 'There is no user with that id.') }));
    renderApp({ path: `/admin/users/${READER_ID}`, state: signedInAs(superuserUser) });
    expect(await screen.findByText(/There is no user with this address/)).toBeTruthy();
  });
});
