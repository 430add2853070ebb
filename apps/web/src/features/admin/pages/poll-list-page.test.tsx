import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { ADMIN_TOKEN, adminApi, moderatorUser, signedInAs } from '../test/admin-api';

afterEach(() => setAccessToken(null));

/** The query strings of the list requests sent, in order. */
function listRequests(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/admin/polls')
    .map((url) => url.searchParams);
}

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the admin console’s poll list', () => {
  it('asks a signed-out reader to sign in, to come back here', async () => {
    mockFetch(adminApi());
    renderApp({ path: '/admin/polls' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the admin console' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?next=%2Fadmin%2Fpolls');
  });

  it('tells a signed-in reader without an admin role that they have no access, and asks the API nothing', async () => {
    const fetchMock = mockFetch(adminApi());
    renderApp({ path: '/admin/polls', state: signedInAs(readerUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access' })).toBeTruthy();
    expect(screen.getByText(/You are signed in as reader@example\.com/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/v1/admin') || String(input).includes('/v1/auth/admin'))).toBe(false);
  });

  it('shows no access when the API refuses the admin token (the role was taken away)', async () => {
    mockFetch(
      adminApi({
        'POST /v1/auth/admin': () => new Response(JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'No admin role' }), { status: 403, headers: { 'content-type': 'application/json' } }),
      }),
    );
    renderApp({ path: '/admin/polls', state: signedInAs(moderatorUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access' })).toBeTruthy();
  });

  it('lists the polls with the admin token', async () => {
    const fetchMock = mockFetch(adminApi());
    const { router } = renderApp({ path: '/admin/polls', state: signedInAs(moderatorUser) });
    const table = await screen.findByRole('table', { name: 'Polls' });
    const row = within(table).getByRole('link', { name: 'Budget week' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('Survey')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(router.location().pathname).toBe('/admin/polls');
    expect(screen.getByRole('link', { name: 'Polls' }).getAttribute('aria-current')).toBe('page');
    const listCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/v1/admin/polls'));
    expect(new Headers(listCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('sends the filters, the sort and the page to the API and keeps them in the URL', async () => {
    const fetchMock = mockFetch(adminApi());
    const { router } = renderApp({ path: '/admin/polls', state: signedInAs(moderatorUser) });
    await screen.findByRole('table', { name: 'Polls' });

    await choose('Status', 'Live');
    await choose('Type', 'Survey');
    await choose('Visibility', 'Private');
    await choose('Region', 'Australia');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'budget' } });
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('q')).toBe('budget'));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('sort')).toBe('name'));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));

    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('order')).toBe('desc'));
    const last = Object.fromEntries(listRequests(fetchMock).at(-1) ?? []);
    expect(last).toEqual({ page: '1', limit: '30', q: 'budget', status: '2', type: '1', visibility: '1', regionId: '1', sort: 'name', order: 'desc' });
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({
      q: 'budget',
      status: '2',
      type: '1',
      visibility: '1',
      region: '1',
      sort: 'name',
      order: 'desc',
    });
  });

  it('reads its filters from the URL, so a link shows the same list', async () => {
    const fetchMock = mockFetch(adminApi());
    renderApp({ path: '/admin/polls?status=3&page=2&limit=10&sort=startsAt', state: signedInAs(moderatorUser) });
    await screen.findByRole('table', { name: 'Polls' });
    expect(Object.fromEntries(listRequests(fetchMock)[0] ?? [])).toEqual({ page: '2', limit: '10', status: '3', sort: 'startsAt', order: 'asc' });
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Ended');
  });
});
