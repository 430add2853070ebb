import { AccountStatus, AdminRole } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, signedInAs } from '../test/admin-api';
import { peopleApi, READER_ID, refusal, requestsTo, roleHolderFixture, superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

const moderatorHolder = { userId: READER_ID, email: 'reader@example.com', name: 'Riley Reader', status: AccountStatus.ACTIVE, role: AdminRole.MODERATOR, createdAt: '2026-11-26T10:00:00.000Z' };

describe('the admin roles page', () => {
  it('grants a role by email, checking the address first, and lists the new holder', async () => {
    let holders = [roleHolderFixture];
    const fetchMock = mockFetch(
      peopleApi({
        'GET /v1/admin/admin-roles': () => ({ items: holders, page: 1, limit: 30, total: holders.length }),
        'POST /v1/admin/admin-roles': () => {
          holders = [...holders, moderatorHolder];
          return new Response(JSON.stringify(moderatorHolder), { status: 201, headers: { 'content-type': 'application/json' } });
        },
      }),
    );
    renderApp({ path: '/admin/admin-roles', state: signedInAs(superuserUser) });
    const form = await screen.findByRole('form', { name: 'Grant an admin role' });
    const email = within(form).getByRole('textbox', { name: /Email address/ });

    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText('Enter an email address such as name@example.com.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/v1/admin/admin-roles', 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' reader@example.com ' } });
    expect(within(form).getByRole('combobox', { name: 'Role' }).textContent).toBe('Moderator');
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/admin-roles', 'POST')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, '/v1/admin/admin-roles', 'POST')[0]?.init)).toEqual({ email: 'reader@example.com', role: AdminRole.MODERATOR });
    const table = screen.getByRole('table', { name: 'People with an admin role' });
    expect(await within(table).findByRole('link', { name: 'reader@example.com' })).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('');
  });

  it('says in words when no account has the address', async () => {
    expectConsoleErrors();
    mockFetch(peopleApi({ 'POST /v1/admin/admin-roles': refusal(404, 'There is no account with the email nobody@example.com: ask them to register first, then grant the role.') }));
    renderApp({ path: '/admin/admin-roles', state: signedInAs(superuserUser) });
    const form = await screen.findByRole('form', { name: 'Grant an admin role' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Email address/ }), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/No account has the email address .*nobody@example\.com.*Ask them to register first/);
  });

  it('changes a role in place, and shows the server’s refusal to demote the last superuser', async () => {
    expectConsoleErrors();
    const message = 'admin@example.com is the last active superuser, so they cannot be demoted to moderator: nobody could manage users, roles or keys after. Make another user a superuser first (POST /v1/admin/admin-roles), then try again.';
    const fetchMock = mockFetch(peopleApi({ [`PUT /v1/admin/admin-roles/${superuserUser.id}`]: refusal(409, message) }));
    renderApp({ path: '/admin/admin-roles', state: signedInAs(superuserUser) });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Admin role of admin@example.com' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Moderator' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/admin-roles/${superuserUser.id}`, 'PUT')[0]?.init)).toEqual({ role: AdminRole.MODERATOR });
  });

  it('takes a role away after a confirmation', async () => {
    const fetchMock = mockFetch(
      peopleApi({
        'GET /v1/admin/admin-roles': () => ({ items: [roleHolderFixture, moderatorHolder], page: 1, limit: 30, total: 2 }),
        [`DELETE /v1/admin/admin-roles/${READER_ID}`]: () => new Response(null, { status: 204 }),
      }),
    );
    renderApp({ path: '/admin/admin-roles', state: signedInAs(superuserUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the admin role of reader@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this admin role?' });
    expect(within(dialog).getByText(/will no longer be a Moderator/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/admin-roles/${READER_ID}`, 'DELETE')).toHaveLength(1));
  });
});
